import type { ChatMessage, Conversation } from '@hearth/contract';
import { Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import { useMessagesQuery, useUnsendMessageMutation } from '../../api/messenger';
import { lazyTranslated, useT } from '../../i18n';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { fullDate, RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { chronological, groupMessages, seenByUnderLastOwn } from './message-groups';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';
import { TypingLine } from './typing-line';

// Loaded once a member reports a message, not with the Messenger.
const ReportDialog = lazyTranslated(() =>
  import('../moderation/report-dialog').then((d) => ({ default: d.ReportDialog })),
);

/** Within this distance of the bottom, a new message keeps the view at the bottom. */
const NEAR_BOTTOM_PX = 120;

/** The image's variant for a bubble at most 260 px wide (sharp at 2x), else the original. */
function bubbleImage(image: NonNullable<ChatMessage['image']>): string {
  const fitting = [...image.variants].sort((a, b) => a.width - b.width).find((v) => v.width >= 520);
  return fitting?.url ?? image.url;
}

/**
 * The conversation's messages, newest at the bottom: bubbles grouped by sender and time, the
 * viewer's on the right; scrolling up loads older pages, keeping what is on screen in place.
 */
export function MessageList({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const user = useSessionUser();
  const query = useMessagesQuery(conversation._id);
  const unsend = useUnsendMessageMutation(conversation._id);
  // The message whose Report dialog is open (another member's).
  const [reporting, setReporting] = useState<string | null>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // Where the view was, from the bottom, when older messages were asked for.
  const fromBottomBeforeOlder = useRef<number | null>(null);
  const shown = useRef<{ oldest?: string; newest?: string }>({});
  // Whether the member reads the newest messages: what comes in (a message, a photo's height)
  // keeps them in view; someone reading older ones stays where they are.
  const atBottom = useRef(true);

  const messages = useMemo(() => chronological(itemsOf(query.data)), [query.data]);
  const groups = useMemo(() => groupMessages(messages), [messages]);
  const seen = seenByUnderLastOwn(messages, conversation, user.id);
  const members = new Map(conversation.members.map((member) => [member._id, member]));

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const pending = query.isPending;
  useLayoutEffect(() => {
    const sentinel = sentinelRef.current;
    const scroller = scrollerRef.current;
    if (pending || !sentinel || !scroller || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (!hasNextPage || isFetchingNextPage) return;
        fromBottomBeforeOlder.current = scroller.scrollHeight - scroller.scrollTop;
        void fetchNextPage();
      },
      { root: scroller, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [pending, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const oldest = messages[0]?._id;
  const newest = messages[messages.length - 1];
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const before = shown.current;
    shown.current = { oldest, newest: newest?._id };
    if (
      before.oldest !== undefined &&
      oldest !== before.oldest &&
      fromBottomBeforeOlder.current !== null
    ) {
      // Older messages came in above: what the member was reading stays where it was.
      scroller.scrollTop = scroller.scrollHeight - fromBottomBeforeOlder.current;
      fromBottomBeforeOlder.current = null;
      return;
    }
    if (newest?._id === before.newest) return;
    if (before.newest === undefined || atBottom.current || newest?.sender?._id === user.id) {
      scroller.scrollTop = scroller.scrollHeight;
      atBottom.current = true;
    }
  }, [oldest, newest, user.id]);

  function keepAtBottom() {
    const scroller = scrollerRef.current;
    if (scroller && atBottom.current) scroller.scrollTop = scroller.scrollHeight;
  }

  if (query.isError && !query.data) {
    return (
      <div className={styles.scroller}>
        <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  return (
    <>
      <div
        ref={scrollerRef}
        className={styles.scroller}
        onScroll={(event) => {
          const { scrollHeight, scrollTop, clientHeight } = event.currentTarget;
          atBottom.current = scrollHeight - scrollTop - clientHeight < NEAR_BOTTOM_PX;
        }}
      >
        <div ref={sentinelRef} className={styles.sentinel} data-testid="older-messages" />
        {(pending || isFetchingNextPage) && (
          <div className={styles.status}>
            <Spinner label={t(pending ? m.loadingMessages : m.loadingOlder)} size={20} />
          </div>
        )}
        {!pending && messages.length === 0 && <p className={styles.empty}>{t(m.noMessagesYet)}</p>}
        <ol className={styles.messages} aria-label={t(m.messages)}>
          {groups.map((group) => {
            const own = group.senderId === user.id;
            const sender = group.messages[0]?.sender ?? null;
            return (
              <li key={group.key}>
                {group.showTime && group.messages[0] && (
                  <p className={styles.groupTime}>
                    <RelativeTime iso={group.messages[0].createdAt} />
                  </p>
                )}
                <div className={own ? `${styles.group} ${styles.own}` : styles.group}>
                  {!own && (
                    <Avatar src={sender?.picture ?? ''} size={28} className={styles.groupAvatar} />
                  )}
                  <div className={styles.groupBody}>
                    {!own && conversation.isGroup && sender && (
                      <span className={styles.sender} dir="auto">
                        {sender.first_name}
                      </span>
                    )}
                    {group.messages.map((message) => (
                      <MessageBubble
                        key={message._id}
                        message={message}
                        own={own}
                        onUnsend={() => unsend.mutate(message._id)}
                        onReport={() => setReporting(message._id)}
                        onImageLoad={keepAtBottom}
                      />
                    ))}
                    {seen && own && group.messages.some((x) => x._id === seen.messageId) && (
                      <p className={styles.seen} data-testid="seen">
                        {conversation.isGroup
                          ? t(m.seenBy, {
                              names: seen.readerIds
                                .map((id) => members.get(id)?.first_name ?? '')
                                .filter(Boolean)
                                .join(', '),
                            })
                          : t(m.seen)}
                      </p>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      <TypingLine conversation={conversation} />
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            title={t(m.reportMessage)}
            target={{ messageId: reporting }}
            onClose={() => setReporting(null)}
          />
        </Suspense>
      )}
    </>
  );
}

function MessageBubble({
  message,
  own,
  onUnsend,
  onReport,
  onImageLoad,
}: {
  message: ChatMessage;
  own: boolean;
  onUnsend: () => void;
  /** Another member's message: 'Report' opens the report dialog. */
  onReport: () => void;
  onImageLoad: () => void;
}) {
  const t = useT();
  const name = message.sender ? fullName(message.sender) : '';
  if (message.removed) {
    return (
      <div className={styles.message}>
        <span className={`${styles.bubble} ${styles.removed}`}>{t(m.messageRemoved)}</span>
      </div>
    );
  }
  return (
    <div className={styles.message} title={fullDate(new Date(message.createdAt))}>
      <div className={styles.content}>
        {message.image && (
          <img
            className={styles.image}
            src={bubbleImage(message.image)}
            alt={t(m.photoFrom, { name })}
            decoding="async"
            loading="lazy"
            onLoad={onImageLoad}
          />
        )}
        {message.text && (
          <span className={styles.bubble} dir="auto">
            {message.text}
          </span>
        )}
      </div>
      {own ? (
        <button type="button" className={styles.unsend} onClick={onUnsend}>
          {t(m.unsend)}
        </button>
      ) : (
        <button
          type="button"
          className={styles.unsend}
          aria-label={t(m.reportMessageFrom, { name })}
          aria-haspopup="dialog"
          onClick={onReport}
        >
          {t(m.report)}
        </button>
      )}
    </div>
  );
}
