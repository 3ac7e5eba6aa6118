import { useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { type Folder, useCreateConversationMutation } from '../../api/messenger';
import { useMessagesUnreadQuery } from '../../api/messenger-unread';
import { useT } from '../../i18n';
import { useNavigate, useParams, useSearchParams } from '../../routing/routing';
import { EditIcon } from '../../ui/feed-icons';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { MemberPickerDialog } from './member-picker-dialog';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';

/**
 * /messages and /messages/{id}: the conversations beside the open one on a wide screen, one or
 * the other on a phone; the chats and the message requests; 'New message'.
 */
export function MessagesPage() {
  const t = useT();
  const { conversationId } = useParams<'conversationId'>();
  const [params, setParams] = useSearchParams();
  const folder: Folder = params.get('folder') === 'requests' ? 'requests' : 'inbox';
  const unread = useMessagesUnreadQuery();
  const [composing, setComposing] = useState(false);
  const tabsId = useId();
  const requests = unread.data?.requests ?? 0;
  const tabs: { folder: Folder; label: string }[] = [
    { folder: 'inbox', label: t(m.chats) },
    {
      folder: 'requests',
      label: requests > 0 ? t(m.requestsCount, { count: requests }) : t(m.requests),
    },
  ];

  return (
    <div className={`${styles.page} ${conversationId ? styles.open : styles.closed}`}>
      <section className={styles.side} aria-labelledby={`${tabsId}-title`}>
        <div className={styles.head}>
          <h1 id={`${tabsId}-title`} className={styles.title}>
            {t(m.chats)}
          </h1>
          <button
            type="button"
            className={styles.headAction}
            aria-label={t(m.newMessage)}
            onClick={() => setComposing(true)}
          >
            <EditIcon />
          </button>
        </div>
        <div className={styles.folders} role="tablist" aria-label={t(m.folders)}>
          {tabs.map((tab) => (
            <button
              key={tab.folder}
              id={`${tabsId}-${tab.folder}`}
              type="button"
              role="tab"
              className={styles.folder}
              aria-selected={tab.folder === folder}
              aria-controls={`${tabsId}-panel`}
              onClick={() =>
                setParams(tab.folder === 'inbox' ? {} : { folder: tab.folder }, { replace: true })
              }
            >
              {tab.label}
            </button>
          ))}
        </div>
        <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${folder}`}>
          <ConversationList
            key={folder}
            folder={folder}
            activeId={conversationId}
            label={folder === 'inbox' ? t(m.chats) : t(m.requests)}
          />
        </div>
      </section>
      <section className={styles.chat} aria-label={t(m.messages)}>
        {conversationId ? (
          <ConversationView key={conversationId} conversationId={conversationId} />
        ) : (
          <p className={styles.choose}>{t(m.chooseChat)}</p>
        )}
      </section>
      {composing && <NewMessageDialog onClose={() => setComposing(false)} />}
    </div>
  );
}

/** 'New message': one member or several (then a group, with a name if given). */
function NewMessageDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateConversationMutation();
  return (
    <MemberPickerDialog
      title={t(m.newMessage)}
      submitLabel={t(m.startChat)}
      askName
      pending={create.isPending}
      error={create.error ? errorMessage(create.error) : null}
      onSubmit={(chosen, name) =>
        create.mutate(
          {
            memberIds: chosen.map((member) => member._id),
            ...(chosen.length > 1 && name ? { name } : {}),
          },
          {
            onSuccess: (conversation) => {
              onClose();
              navigate(`/messages/${conversation._id}`);
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
