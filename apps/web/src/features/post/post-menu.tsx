import { type ReactNode, useId } from 'react';
import buttons from '../../ui/button.module.css';
import {
  ArchiveIcon,
  BellIcon,
  BellOffIcon,
  BookmarkIcon,
  CalendarIcon,
  DownloadIcon,
  EditIcon,
  FullscreenIcon,
  LockIcon,
  MoreIcon,
  PinIcon,
  RefreshIcon,
  ReportIcon,
  TranslateIcon,
  TrashIcon,
} from '../../ui/feed-icons';
import { MenuPanel } from '../../ui/menu-panel';
import { useMenu } from '../../ui/use-menu';
import styles from './post-menu.module.css';

interface PostMenuProps {
  owner: boolean;
  saved: boolean;
  hasImages: boolean;
  onSave: () => void;
  onDownload: () => void;
  onFullscreen: () => void;
  /** Edit audience (the author's): opens the audience choice once the menu has closed. */
  onEditAudience: () => void;
  /** Move to trash; the menu closes once the deletion succeeded. */
  onDelete: (close: () => void) => void;
}

/** The '…' menu of a post (spec section 6): items for its author, for others, and for all. */
export function PostMenu({
  owner,
  saved,
  hasImages,
  onSave,
  onDownload,
  onFullscreen,
  onEditAudience,
  onDelete,
}: PostMenuProps) {
  const menu = useMenu();
  const { open, toggle, close, closeAndReturn, onKeyDown, wrapperRef, buttonRef, menuId } = menu;

  /** An item that does what it says, then closes the menu. */
  function act(action?: () => void) {
    return () => {
      action?.();
      closeAndReturn();
    };
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling for the whole menu.
    <div ref={wrapperRef} className={styles.wrapper} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={`${buttons.roundIcon} ${styles.trigger}`}
        aria-label="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
      >
        <MoreIcon />
      </button>
      <MenuPanel menu={menu} label="Post options" className={styles.menu}>
        {owner && <Item icon={<PinIcon />} title="Pin Post" onClick={act()} />}
        <Item
          icon={<BookmarkIcon />}
          title={saved ? 'Unsave Post' : 'Save Post'}
          subtitle={saved ? 'Remove this from your saved items' : 'Add this to your saved items'}
          onClick={act(onSave)}
        />
        <hr className={styles.separator} />
        {owner && <Item icon={<EditIcon />} title="Edit Post" onClick={act()} />}
        {!owner && (
          <Item icon={<BellIcon />} title="Turn on notifications for this post" onClick={act()} />
        )}
        {hasImages && <Item icon={<DownloadIcon />} title="Download" onClick={act(onDownload)} />}
        {hasImages && (
          <Item icon={<FullscreenIcon />} title="Enter Fullscreen" onClick={act(onFullscreen)} />
        )}
        {owner && (
          <>
            <Item icon={<LockIcon />} title="Edit audience" onClick={act(onEditAudience)} />
            <Item
              icon={<BellOffIcon />}
              title="Turn off notifications for this post"
              onClick={act()}
            />
            <Item icon={<TranslateIcon />} title="Turn off translation" onClick={act()} />
            <Item icon={<CalendarIcon />} title="Edit Date" onClick={act()} />
            <Item icon={<RefreshIcon />} title="Refresh share attachment" onClick={act()} />
            <Item icon={<ArchiveIcon />} title="Move to archive" onClick={act()} />
            <Item
              icon={<TrashIcon />}
              title="Move to trash"
              subtitle="Items in your trash are deleted after 30days"
              onClick={() => onDelete(close)}
            />
          </>
        )}
        {!owner && (
          <>
            <hr className={styles.separator} />
            <Item
              icon={<ReportIcon />}
              title="Report post"
              subtitle="i'm concerned about this post"
              onClick={act()}
            />
          </>
        )}
      </MenuPanel>
    </div>
  );
}

function Item({
  icon,
  title,
  subtitle,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: string;
  onClick: () => void;
}) {
  const titleId = useId();
  const subtitleId = useId();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={styles.item}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
      onClick={onClick}
    >
      <span className={styles.icon}>{icon}</span>
      <span className={styles.text}>
        <span id={titleId} className={styles.title}>
          {title}
        </span>
        {subtitle && (
          <span id={subtitleId} className={styles.subtitle}>
            {subtitle}
          </span>
        )}
      </span>
    </button>
  );
}
