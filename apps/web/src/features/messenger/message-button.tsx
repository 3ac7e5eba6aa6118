import { errorMessage } from '../../api/client';
import { useCreateConversationMutation } from '../../api/messenger';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { useNavigate } from '../../routing/routing';
import { MessengerIcon } from '../../ui/feed-icons';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';

/** A profile's 'Message': the pair's conversation (made if new), opened at /messages/{id}. */
export function MessageButton({ memberId }: { memberId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateConversationMutation();
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        disabled={create.isPending}
        onClick={() =>
          create.mutate(
            { memberIds: [memberId] },
            { onSuccess: (conversation) => navigate(`/messages/${conversation._id}`) },
          )
        }
      >
        <MessengerIcon />
        {t(m.message)}
      </button>
      {create.error && (
        <p role="alert" className={styles.note}>
          {serverText(errorMessage(create.error))}
        </p>
      )}
    </>
  );
}
