import { useT } from '../i18n';
import { emojiMessages as m } from './emoji.messages';
import { EmojiPicker } from './emoji-picker';
import { SmileIcon } from './feed-icons';
import type { usePopover } from './use-popover';

/** The popover (usePopover, not a dialog) that an emoji button opens. */
type EmojiPopover = ReturnType<typeof usePopover>;

/**
 * The button that opens an emoji picker: 'Insert an emoji', saying whether its picker is open and
 * which panel it controls. The picker itself is an EmojiPanel, placed where the box wants it.
 */
export function EmojiButton({
  picker,
  className,
  iconSize,
}: {
  picker: EmojiPopover;
  className: string | undefined;
  iconSize: number;
}) {
  const t = useT();
  return (
    <button
      ref={picker.buttonRef}
      type="button"
      className={className}
      aria-label={t(m.insert)}
      aria-expanded={picker.open}
      aria-controls={picker.open ? picker.panelId : undefined}
      onClick={picker.toggle}
    >
      <SmileIcon width={iconSize} height={iconSize} />
    </button>
  );
}

/** The emoji picker an EmojiButton opened, while it is open. */
export function EmojiPanel({
  picker,
  className,
  onPick,
}: {
  picker: EmojiPopover;
  className: string | undefined;
  onPick: (emoji: string) => void;
}) {
  if (!picker.open) return null;
  return (
    <div ref={picker.panelRef} id={picker.panelId} className={className}>
      <EmojiPicker onPick={onPick} />
    </div>
  );
}
