import { Suspense } from 'react';
import { useMessagesUnreadQuery } from '../../api/messenger-unread';
import { lazyTranslated, useT } from '../../i18n';
import { MessengerIcon } from '../../ui/feed-icons';
import { Spinner } from '../../ui/spinner';
import { headerMessages as m } from './header.messages';
import styles from './header.module.css';
import { HeaderMenu } from './header-menu';
import { badgeText } from './notifications-menu';

const loadPanel = () => import('../messenger/messenger-panel');
// The panel's code and texts load when a member reaches for the button, as the bell's do.
const MessengerPanel = lazyTranslated(() =>
  loadPanel().then((module) => ({ default: module.MessengerPanel })),
);

/**
 * The Messenger button: its badge counts the conversations holding unread messages (live), and
 * it opens the recent conversations with 'See all in Messenger'.
 */
export function MessengerMenu() {
  const t = useT();
  const unread = useMessagesUnreadQuery();
  const badge = badgeText(unread.data?.count);
  return (
    <HeaderMenu
      label={badge ? t(m.messengerNew, { badge }) : t(m.messenger)}
      panelLabel={t(m.messenger)}
      icon={<MessengerIcon />}
      onIntent={() => void loadPanel()}
      badge={
        badge && (
          <span className={styles.badge} aria-hidden="true" data-testid="messenger-badge">
            {badge}
          </span>
        )
      }
    >
      {(close) => (
        <Suspense fallback={<Spinner label={t(m.messenger)} />}>
          <MessengerPanel close={close} />
        </Suspense>
      )}
    </HeaderMenu>
  );
}
