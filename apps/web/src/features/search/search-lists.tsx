import type { PublicUser, SearchHistoryEntry } from '@hearth/contract';
import type { MouseEvent } from 'react';
import { useT } from '../../i18n';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { fullName } from '../../ui/full-name';
import { CloseIcon } from '../../ui/icons';
import { searchMessages as m } from './search.messages';
import styles from './search-box.module.css';

/** Keeps focus in the search input, so its arrow keys and Escape keep working after a click. */
const keepInputFocus = (event: MouseEvent) => event.preventDefault();

interface MemberListboxProps {
  id: string;
  members: PublicUser[];
  /** Index of the option the arrow keys reached, or -1. */
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (member: PublicUser) => void;
  label?: string;
  labelledBy?: string;
  className?: string;
}

/**
 * The combobox's popup (WAI-ARIA combobox pattern): focus stays in the input, which points at
 * the active option with aria-activedescendant; a click chooses an option.
 */
export function MemberListbox({
  id,
  members,
  activeIndex,
  optionId,
  onChoose,
  label,
  labelledBy,
  className,
}: MemberListboxProps) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={className ? `${styles.listbox} ${className}` : styles.listbox}
    >
      {members.map((member, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter choose options.
        // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant).
        <div
          key={member._id}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          className={styles.option}
          onMouseDown={keepInputFocus}
          onClick={() => onChoose(member)}
        >
          <Avatar src={member.picture} size={36} />
          <span className={styles.name} dir="auto">
            {fullName(member)}
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * One remove button per history entry, laid beside its option. They sit outside the listbox,
 * since an option may not hold a control of its own.
 */
export function RemoveButtons({
  entries,
  onRemove,
}: {
  entries: SearchHistoryEntry[];
  onRemove: (entry: SearchHistoryEntry, index: number) => void;
}) {
  const t = useT();
  return (
    <ul className={styles.removeList}>
      {entries.map((entry, index) => (
        <li key={entry.user._id}>
          <button
            type="button"
            className={`${buttons.roundIcon} ${styles.remove}`}
            data-remove-index={index}
            aria-label={t(m.remove, { name: fullName(entry.user) })}
            onClick={() => onRemove(entry, index)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
