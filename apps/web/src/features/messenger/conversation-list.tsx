import type { Conversation } from '@hearth/contract';
import { useMemo } from 'react';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import { type Folder, useConversationsQuery } from '../../api/messenger';
import { useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { ErrorBox } from '../../ui/error-box';
import { BellOffIcon } from '../../ui/feed-icons';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { SeeMoreRow } from '../header/see-more-row';
import { conversationPicture, conversationTitle, previewText } from './conversation-text';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';

/**
 * A folder's conversations, latest activity first: picture, name, last message, time, and the
 * unread mark; page by page. The header's panel and /messages both show it.
 */
export function ConversationList({
  folder,
  activeId,
  onOpen,
  label,
}: {
  folder: Folder;
  /** The conversation open beside the list. */
  activeId?: string | undefined;
  onOpen?: () => void;
  label: string;
}) {
  const t = useT();
  const list = useConversationsQuery(folder);
  const conversations = useMemo(() => {
    // A conversation may move to another page while pages load; show it once.
    const seen = new Set<string>();
    return itemsOf(list.data).filter((c) => !seen.has(c._id) && Boolean(seen.add(c._id)));
  }, [list.data]);

  if (list.isPending) {
    return (
      <div className={styles.status}>
        <Spinner label={t(m.loading)} />
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <ErrorBox compact message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
    );
  }
  if (conversations.length === 0) {
    return <p className={styles.empty}>{t(folder === 'inbox' ? m.noChats : m.noRequests)}</p>;
  }
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {conversations.map((conversation) => (
          <li key={conversation._id}>
            <ConversationItem
              conversation={conversation}
              active={conversation._id === activeId}
              onOpen={onOpen}
            />
          </li>
        ))}
      </ul>
      <SeeMoreRow list={list} label={t(m.seeMore)} loadingLabel={t(m.loading)} />
    </>
  );
}

function ConversationItem({
  conversation,
  active,
  onOpen,
}: {
  conversation: Conversation;
  active: boolean;
  onOpen?: (() => void) | undefined;
}) {
  const t = useT();
  const user = useSessionUser();
  const unread = conversation.unreadCount > 0;
  return (
    <Link
      to={`/messages/${conversation._id}`}
      className={unread ? `${styles.item} ${styles.unreadItem}` : styles.item}
      aria-current={active ? 'page' : undefined}
      onClick={onOpen}
    >
      <Avatar src={conversationPicture(conversation, user.id)} size={56} />
      <span className={styles.itemBody}>
        <span className={styles.itemName} dir="auto">
          {conversationTitle(conversation, user.id, t)}
        </span>
        <span className={styles.itemLine}>
          <span className={styles.itemPreview} dir="auto">
            {previewText(conversation, user.id, t)}
          </span>
          <RelativeTime iso={conversation.lastActivityAt} className={styles.itemTime} />
        </span>
      </span>
      {conversation.muted && (
        <span className={styles.mutedMark}>
          <BellOffIcon width={16} height={16} />
          <span className="visually-hidden">{t(m.muted)}</span>
        </span>
      )}
      {unread && (
        <span className={styles.dot}>
          <span className="visually-hidden">{t(m.unread)}</span>
        </span>
      )}
    </Link>
  );
}
