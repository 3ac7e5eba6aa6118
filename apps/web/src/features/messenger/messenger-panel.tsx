import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messengerKeys } from '../../api/messenger-keys';
import { useMessagesUnreadQuery } from '../../api/messenger-unread';
import { useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { ConversationList } from './conversation-list';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';

/** The Messenger button's panel: the recent conversations, the requests, 'See all in Messenger'. */
export function MessengerPanel({ close }: { close: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const unread = useMessagesUnreadQuery();
  // Read afresh on each opening, as the bell's panel is.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: messengerKeys.list('inbox') });
    void queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
  }, [queryClient]);
  const requests = unread.data?.requests ?? 0;
  return (
    <div className={styles.panel}>
      <div className={styles.head}>
        <h2 className={styles.title}>{t(m.chats)}</h2>
      </div>
      {requests > 0 && (
        <Link to="/messages?folder=requests" className={styles.requestsLink} onClick={close}>
          {t(m.requestsCount, { count: requests })}
        </Link>
      )}
      <ConversationList folder="inbox" label={t(m.chats)} onOpen={close} />
      <Link to="/messages" className={styles.seeAll} onClick={close}>
        {t(m.seeAll)}
      </Link>
    </div>
  );
}
