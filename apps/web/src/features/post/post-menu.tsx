import { type ReactNode, useId } from 'react';
import { useT } from '../../i18n';
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
import { MuteIcon } from '../../ui/profile-icons';
import { useMenu } from '../../ui/use-menu';
import { postMessages as m } from './post.messages';
import styles from './post-menu.module.css';

interface PostMenuProps {
  owner: boolean;
  saved: boolean;
  hasImages: boolean;
  /** Edit Post (the author's, not on a profile-picture or cover post): opens the edit dialog. */
  onEdit?: () => void;
  /** Whether the member gets this post's notifications (the item offers the other way). */
  notificationsOn: boolean;
  onNotifications: (on: boolean) => void;
  /** The author's first name, for 'Mute {first name}' on others' posts. */
  authorFirstName: string;
  onMute: () => void;
  /** Report post (others' posts): opens the Report dialog once the menu has closed. */
  onReport: () => void;
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
  onEdit,
  notificationsOn,
  onNotifications,
  authorFirstName,
  onMute,
  onReport,
  onSave,
  onDownload,
  onFullscreen,
  onEditAudience,
  onDelete,
}: PostMenuProps) {
  const t = useT();
  const menu = useMenu();
  const { open, toggle, close, closeAndReturn, onKeyDown, wrapperRef, buttonRef, menuId } = menu;

  /** An item that does what it says, then closes the menu. */
  function act(action?: () => void) {
    return () => {
      action?.();
      closeAndReturn();
    };
  }

  // An author gets their post's notifications until they turn them off; another member once
  // they turn them on. The item offers the other way from where the member stands.
  const notificationsItem = notificationsOn ? (
    <Item
      icon={<BellOffIcon />}
      title={t(m.notificationsOff)}
      onClick={act(() => onNotifications(false))}
    />
  ) : (
    <Item
      icon={<BellIcon />}
      title={t(m.notificationsOn)}
      onClick={act(() => onNotifications(true))}
    />
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling for the whole menu.
    <div ref={wrapperRef} className={styles.wrapper} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={`${buttons.roundIcon} ${styles.trigger}`}
        aria-label={t(m.options)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
      >
        <MoreIcon />
      </button>
      <MenuPanel menu={menu} label={t(m.options)} className={styles.menu}>
        {owner && <Item icon={<PinIcon />} title={t(m.pin)} onClick={act()} />}
        <Item
          icon={<BookmarkIcon />}
          title={t(saved ? m.unsave : m.save)}
          subtitle={t(saved ? m.unsaveDetail : m.saveDetail)}
          onClick={act(onSave)}
        />
        <hr className={styles.separator} />
        {owner && onEdit && <Item icon={<EditIcon />} title={t(m.edit)} onClick={act(onEdit)} />}
        {!owner && notificationsItem}
        {hasImages && (
          <Item icon={<DownloadIcon />} title={t(m.download)} onClick={act(onDownload)} />
        )}
        {hasImages && (
          <Item icon={<FullscreenIcon />} title={t(m.fullscreen)} onClick={act(onFullscreen)} />
        )}
        {owner && (
          <>
            <Item icon={<LockIcon />} title={t(m.editAudience)} onClick={act(onEditAudience)} />
            {notificationsItem}
            <Item icon={<TranslateIcon />} title={t(m.translationOff)} onClick={act()} />
            <Item icon={<CalendarIcon />} title={t(m.editDate)} onClick={act()} />
            <Item icon={<RefreshIcon />} title={t(m.refreshShare)} onClick={act()} />
            <Item icon={<ArchiveIcon />} title={t(m.archive)} onClick={act()} />
            <Item
              icon={<TrashIcon />}
              title={t(m.trash)}
              subtitle={t(m.trashDetail)}
              onClick={() => onDelete(close)}
            />
          </>
        )}
        {!owner && (
          <>
            <hr className={styles.separator} />
            <Item
              icon={<MuteIcon />}
              title={t(m.mute, { name: authorFirstName })}
              subtitle={t(m.muteDetail)}
              onClick={act(onMute)}
            />
            <Item
              icon={<ReportIcon />}
              title={t(m.reportPost)}
              subtitle={t(m.reportDetail)}
              onClick={act(onReport)}
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
