import { NOTIFICATION_BADGE_MAX } from '@hearth/contract';
import { Suspense } from 'react';
import { useMarkNotificationsReadMutation, useUnreadCountQuery } from '../../api/notifications';
import { lazyTranslated, useT } from '../../i18n';
import { BellIcon } from '../../ui/feed-icons';
import { Spinner } from '../../ui/spinner';
import { headerMessages as m } from './header.messages';
import styles from './header.module.css';
import { HeaderMenu } from './header-menu';

const loadPanel = () => import('./notifications-panel');
// The panel's code and texts (with every server sentence a notification may quote) load when a
// member reaches for the bell, not with the first screen.
const NotificationsPanel = lazyTranslated(() =>
  loadPanel().then((module) => ({ default: module.NotificationsPanel })),
);

/** '3', or '9+' above the badge's maximum; nothing at 0. */
export function badgeText(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);
}

/**
 * The bell: its badge is the member's unread count (a deliberate change from the spec's static
 * '5', API.md 'Notifications'), and it opens the notifications panel.
 */
export function NotificationsMenu() {
  const t = useT();
  const unread = useUnreadCountQuery();
  // Here, not in the panel: a click closes the panel, and the marking must outlive it.
  const markRead = useMarkNotificationsReadMutation();
  const badge = badgeText(unread.data?.count);
  return (
    <HeaderMenu
      label={badge ? t(m.notificationsNew, { badge }) : t(m.notifications)}
      panelLabel={t(m.notifications)}
      icon={<BellIcon />}
      onIntent={() => void loadPanel()}
      badge={
        badge && (
          <span className={styles.badge} aria-hidden="true">
            {badge}
          </span>
        )
      }
    >
      {(close) => (
        <Suspense fallback={<Spinner label={t(m.notifications)} />}>
          <NotificationsPanel
            unreadCount={unread.data?.count ?? 0}
            onMarkRead={(ids) => markRead.mutate(ids)}
            close={close}
          />
        </Suspense>
      )}
    </HeaderMenu>
  );
}
