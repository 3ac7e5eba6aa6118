import type { Conversation } from '@hearth/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  useAcceptConversationMutation,
  useAddMembersMutation,
  useConversationQuery,
  useLeaveConversationMutation,
  useMarkConversationReadMutation,
  useMuteConversationMutation,
} from '../../api/messenger';
import { useT } from '../../i18n';
import { Link, useNavigate } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { BellIcon, BellOffIcon, MoreIcon } from '../../ui/feed-icons';
import { ArrowLeftIcon, LogoutIcon } from '../../ui/icons';
import { PersonAddIcon } from '../../ui/profile-icons';
import { Spinner } from '../../ui/spinner';
import { MenuButton } from '../profile/menu-button';
import { conversationPicture, conversationTitle, otherMembers } from './conversation-text';
import { MemberPickerDialog } from './member-picker-dialog';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';

/** The open conversation: its head with the options, a request's Accept, messages, the box. */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const t = useT();
  const query = useConversationQuery(conversationId);
  const conversation = query.data;
  if (!conversation) {
    return query.isError ? (
      <div className={styles.scroller}>
        <BackLink />
        <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </div>
    ) : (
      <div className={styles.status}>
        <Spinner label={t(m.loadingMessages)} />
      </div>
    );
  }
  return <OpenConversation conversation={conversation} />;
}

function BackLink() {
  const t = useT();
  return (
    <Link to="/messages" className={styles.back} aria-label={t(m.backToChats)}>
      <ArrowLeftIcon width={22} height={22} />
    </Link>
  );
}

function OpenConversation({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const user = useSessionUser();
  const navigate = useNavigate();
  const markRead = useMarkConversationReadMutation();
  const accept = useAcceptConversationMutation();
  const mute = useMuteConversationMutation(conversation._id);
  const leave = useLeaveConversationMutation();
  const addMembers = useAddMembersMutation(conversation._id);
  const [dialog, setDialog] = useState<'leave' | 'add' | null>(null);
  const title = conversationTitle(conversation, user.id, t);

  // Open means read: on opening, and whenever a message of another member makes it unread.
  const { mutate: markReadNow } = markRead;
  // A message request stays unread (no 'Seen' for its sender) until the member accepts it.
  const unreadUpTo =
    conversation.unreadCount > 0 && !conversation.request
      ? (conversation.lastMessage?._id ?? '')
      : null;
  // Once per newest message (React's development remount runs the effect twice).
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (unreadUpTo === null || markedUpTo.current === unreadUpTo) return;
    markedUpTo.current = unreadUpTo;
    markReadNow(conversation._id);
  }, [unreadUpTo, conversation._id, markReadNow]);

  // Opened from the list: on a phone the link pressed is gone with the list, so focus comes
  // to the conversation's name rather than to nothing.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body || !active.offsetParent) {
      headingRef.current?.focus({ preventScroll: true });
    }
  }, []);

  const requester = otherMembers(conversation, user.id)[0];
  return (
    <>
      <div className={styles.chatHead}>
        <BackLink />
        <Avatar src={conversationPicture(conversation, user.id)} size={40} />
        <h2 ref={headingRef} className={styles.chatTitle} dir="auto" tabIndex={-1}>
          {title}
        </h2>
        <MenuButton
          label={t(m.options)}
          icon={<MoreIcon />}
          iconOnly
          className={styles.optionsButton}
          align="right"
          items={[
            conversation.muted
              ? { label: t(m.unmute), icon: <BellIcon />, onSelect: () => mute.mutate(false) }
              : { label: t(m.mute), icon: <BellOffIcon />, onSelect: () => mute.mutate(true) },
            ...(conversation.isGroup
              ? [
                  {
                    label: t(m.addPeople),
                    icon: <PersonAddIcon />,
                    onSelect: () => setDialog('add'),
                    opensDialog: true,
                  },
                ]
              : []),
            {
              label: t(m.leave),
              icon: <LogoutIcon />,
              onSelect: () => setDialog('leave'),
              opensDialog: true,
            },
          ]}
        />
      </div>
      {conversation.request && (
        <div className={styles.request}>
          <p>{t(m.requestNote, { name: requester ? requester.first_name : '' })}</p>
          <button
            type="button"
            className={styles.primary}
            disabled={accept.isPending}
            onClick={() => accept.mutate(conversation._id)}
          >
            {t(m.accept)}
          </button>
        </div>
      )}
      <MessageList conversation={conversation} />
      <MessageComposer conversationId={conversation._id} />
      {dialog === 'leave' && (
        <Dialog title={t(m.leaveTitle)} onClose={() => setDialog(null)}>
          <DialogBody>
            <p>{t(m.leaveText)}</p>
          </DialogBody>
          <DialogFooter>
            <button type="button" className={styles.secondary} onClick={() => setDialog(null)}>
              {t(m.cancel)}
            </button>
            <button
              type="button"
              className={styles.primary}
              disabled={leave.isPending}
              onClick={() =>
                leave.mutate(conversation._id, {
                  onSuccess: () => navigate('/messages', { replace: true }),
                })
              }
            >
              {t(m.leaveConfirm)}
            </button>
          </DialogFooter>
        </Dialog>
      )}
      {dialog === 'add' && (
        <MemberPickerDialog
          title={t(m.addPeople)}
          submitLabel={t(m.add)}
          already={conversation.members.map((member) => member._id)}
          pending={addMembers.isPending}
          error={addMembers.error ? errorMessage(addMembers.error) : null}
          onSubmit={(chosen) =>
            addMembers.mutate(
              chosen.map((member) => member._id),
              { onSuccess: () => setDialog(null) },
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
