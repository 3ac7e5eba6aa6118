import type {
  MessageDescriptor,
  ModerationReport,
  ReportTarget,
  ResolveAction,
} from '@hearth/contract';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import {
  type ReportStatus,
  useDeleteMemberMutation,
  useReportsQuery,
  useResolveReportMutation,
} from '../../api/moderation';
import { T, translate, useT } from '../../i18n';
import { Link, useSearchParams } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { fullName } from '../../ui/full-name';
import { PageCard } from '../../ui/page-card';
import { cappedPictureAttributes, pictureBackground } from '../../ui/picture';
import { RelativeTime } from '../../ui/relative-time';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { ActionReasonDialog } from './action-reason-dialog';
import { adminMessages as a } from './admin.messages';
import styles from './admin.module.css';
import { historyLabel, reasonName, resolvedAs } from './audit-sentences';
import { PagedList } from './paged-list';
import queue from './reports.module.css';
import { reportsMessages as m } from './reports-page.messages';

const TABS: readonly { status: ReportStatus; name: MessageDescriptor }[] = [
  { status: 'open', name: m.tabOpen },
  { status: 'resolved', name: m.tabResolved },
];

/** What a moderator does from the queue: resolve the report, or (admins) delete the account. */
type QueueAction = ResolveAction | 'delete';

interface Acting {
  report: ModerationReport;
  action: QueueAction;
  index: number;
}

/** The report's heading, the reported member's name in its `<0>`: 'Post by Grace Hopper'. */
const TARGET_HEADING: Record<ReportTarget, MessageDescriptor> = {
  post: m.postBy,
  comment: m.commentBy,
  member: m.memberNamed,
  message: m.messageBy,
};

/**
 * Reports (/admin/reports, moderators and admins): the Open tab lists what members reported,
 * oldest first, with the content as it was reported and the member's record; Dismiss, Remove
 * (a post or a comment), Warn and Suspend each ask for a reason, then the report leaves the tab;
 * admins may also delete the member's account (every open report naming them leaves with it).
 * The Resolved tab shows what was done, newest first.
 */
export function ReportsPage() {
  const t = useT();
  const isAdmin = useSessionUser().role === 'admin';
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const query = useReportsQuery(status);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const tabRefs = useRef<Record<ReportStatus, HTMLButtonElement | null>>({
    open: null,
    resolved: null,
  });
  const [acting, setActing] = useState<Acting | null>(null);
  const id = useId();
  const reports = itemsOf(query.data);
  // A resolved report leaves: focus goes to the first action of the report that took its place.
  const focusAfterRemoval = useFocusAfterRemoval(
    reports.map((report) => report._id),
    () => [...(listRef.current?.querySelectorAll<HTMLElement>('[data-first-action]') ?? [])],
    () => headingRef.current?.focus(),
  );

  function choose(next: ReportStatus, focus = false) {
    setParams(next === 'open' ? {} : { status: next }, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, ReportStatus | undefined> = {
      ArrowLeft: status === 'open' ? 'resolved' : 'open',
      ArrowRight: status === 'open' ? 'resolved' : 'open',
      Home: 'open',
      End: 'resolved',
    };
    const next = keys[event.key];
    if (!next) return;
    event.preventDefault();
    choose(next, true);
  }

  return (
    <PageCard title={t(m.title)} intro={t(m.intro)} headingRef={headingRef}>
      <div role="tablist" aria-label={t(m.title)} className={queue.tabs} onKeyDown={onTabKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.status}
            ref={(element) => {
              tabRefs.current[tab.status] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.status}`}
            aria-selected={status === tab.status}
            aria-controls={`${id}-panel`}
            tabIndex={status === tab.status ? 0 : -1}
            className={queue.tab}
            onClick={() => choose(tab.status)}
          >
            {t(tab.name)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${status}`}
        className={queue.panel}
      >
        <PagedList
          query={query}
          label={status === 'open' ? t(m.openList) : t(m.resolvedList)}
          loading={status === 'open' ? t(m.loadingOpen) : t(m.loadingResolved)}
          empty={status === 'open' ? t(m.emptyOpen) : t(m.emptyResolved)}
          listRef={listRef}
          renderItem={(report, index) => (
            <ReportItem
              key={report._id}
              report={report}
              mayDelete={isAdmin}
              onAct={(action) => setActing({ report, action, index })}
            />
          )}
        />
      </div>
      {acting && (
        <ResolveDialog
          acting={acting}
          onResolved={() => {
            focusAfterRemoval(acting.report._id, acting.index);
            setActing(null);
          }}
          onClose={() => setActing(null)}
        />
      )}
    </PageCard>
  );
}

function ReportItem({
  report,
  mayDelete,
  onAct,
}: {
  report: ModerationReport;
  /** An admin's queue: 'Delete account' too. */
  mayDelete: boolean;
  onAct: (action: QueueAction) => void;
}) {
  const t = useT();
  const headingId = useId();
  const { member, reporter, content, history, resolution } = report;
  const name = member ? fullName(member) : t(a.deletedAccount);
  // A message is unsent by its sender only: warn or suspend them instead.
  const removable = report.target.type === 'post' || report.target.type === 'comment';
  return (
    <li className={queue.item}>
      <article aria-labelledby={headingId} className={queue.report}>
        <header className={queue.head}>
          <Avatar src={member?.picture ?? ''} size={40} />
          <div className={styles.who}>
            <h2 id={headingId} className={queue.title}>
              <T
                message={TARGET_HEADING[report.target.type]}
                values={{ name }}
                components={{
                  0: member ? (
                    <Link to={`/profile/${member.username}`} className={styles.name} dir="auto" />
                  ) : (
                    <span />
                  ),
                }}
              />
            </h2>
            <span className={styles.detail}>
              <T
                message={m.reportedBy}
                values={{ name: reporter ? fullName(reporter) : t(a.deletedAccount) }}
                components={{
                  0: reporter ? (
                    <Link
                      to={`/profile/${reporter.username}`}
                      className={queue.reporter}
                      dir="auto"
                    />
                  ) : (
                    <span />
                  ),
                  1: <RelativeTime iso={report.createdAt} />,
                }}
              />
            </span>
          </div>
        </header>

        <p className={queue.reasonLine}>
          <span className="visually-hidden">{t(m.reasonPrefix)} </span>
          {reasonName(report.reason)}
        </p>
        {report.details && (
          <p className={styles.reason} dir="auto">
            {report.details}
          </p>
        )}

        {report.messages ? (
          <ReportedMessages messages={report.messages} unsent={content?.trashed ?? false} />
        ) : (
          content && <ReportedContent content={content} type={report.target.type} />
        )}

        <div className={queue.history}>
          <h3 className={queue.subtitle}>
            {member ? t(m.recordOf, { name: member.first_name }) : t(m.record)}
          </h3>
          <p className={styles.detail}>
            {history.earlierReports === 0
              ? t(m.noEarlierReports)
              : t(m.earlierReports, { count: history.earlierReports })}
            {history.actions.length === 0 && ` ${t(m.noActionBefore)}`}
          </p>
          {history.actions.length > 0 && (
            <ul className={queue.actionsList} aria-label={t(m.actionsBefore)}>
              {history.actions.map((entry) => (
                <li key={`${entry.action}-${entry.at}`} className={styles.detail}>
                  <strong className={queue.strong}>{historyLabel(entry.action)}</strong>{' '}
                  <RelativeTime iso={entry.at} />
                  {entry.reason && t(m.reasonSuffix, { reason: entry.reason })}
                </li>
              ))}
            </ul>
          )}
        </div>

        {resolution ? (
          <p className={queue.resolution}>
            <strong>
              {t(m.resolvedBy, { outcome: resolvedAs(resolution.action), by: resolution.by })}
            </strong>{' '}
            <RelativeTime iso={resolution.at} />
            {resolution.reason && t(m.reasonSuffix, { reason: resolution.reason })}
          </p>
        ) : (
          <div className={queue.buttons}>
            <button
              type="button"
              className={styles.secondary}
              aria-describedby={headingId}
              data-first-action=""
              onClick={() => onAct('dismiss')}
            >
              {t(a.dismiss)}
            </button>
            {removable && (
              <button
                type="button"
                className={queue.danger}
                aria-describedby={headingId}
                onClick={() => onAct('remove')}
              >
                {t(a.remove)}
              </button>
            )}
            {member && (
              <button
                type="button"
                className={styles.primary}
                aria-describedby={headingId}
                onClick={() => onAct('warn')}
              >
                {t(a.warn)}
              </button>
            )}
            {member && (
              <button
                type="button"
                className={queue.danger}
                aria-describedby={headingId}
                onClick={() => onAct('suspend')}
              >
                {t(a.suspend)}
              </button>
            )}
            {member && mayDelete && (
              <button
                type="button"
                className={queue.danger}
                aria-describedby={headingId}
                onClick={() => onAct('delete')}
              >
                {t(a.deleteAccount)}
              </button>
            )}
          </div>
        )}
      </article>
    </li>
  );
}

/** The post or comment as members saw it when it was reported, with what happened since. */
function ReportedContent({
  content,
  type,
}: {
  content: NonNullable<ModerationReport['content']>;
  type: ModerationReport['target']['type'];
}) {
  const t = useT();
  const comment = type === 'comment';
  const badges = [
    content.edited && t(m.editedSince),
    content.trashed && t(m.trashed),
    content.removed && t(m.removed),
  ].filter((badge): badge is string => Boolean(badge));
  return (
    <figure
      className={queue.content}
      aria-label={comment ? t(m.commentAsReported) : t(m.postAsReported)}
    >
      {badges.length > 0 && (
        <ul className={queue.badges} aria-label={t(m.sinceReport)}>
          {badges.map((badge) => (
            <li key={badge} className={queue.badge}>
              {badge}
            </li>
          ))}
        </ul>
      )}
      {content.background ? (
        <div
          className={queue.background}
          style={{ backgroundImage: pictureBackground(content.background) }}
        >
          <p className={queue.backgroundText} dir="auto">
            {content.text}
          </p>
        </div>
      ) : (
        content.text && (
          <p className={queue.text} dir="auto">
            {content.text}
          </p>
        )
      )}
      {content.images.length > 0 && (
        <ul className={queue.images} aria-label={t(m.photos)}>
          {content.images.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img
                  className={queue.image}
                  {...cappedPictureAttributes(url, 160)}
                  alt={t(comment ? m.photoInComment : m.photoInPost, {
                    index: index + 1,
                    count: content.images.length,
                  })}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <figcaption className={styles.detail}>
        <T
          message={comment ? m.written : m.posted}
          components={{ 0: <RelativeTime iso={content.createdAt} /> }}
        />
      </figcaption>
    </figure>
  );
}

/**
 * A message report: the message and the few around it as the reporter could read them when
 * reporting (nothing else of the conversation), oldest first, the reported one marked.
 */
function ReportedMessages({
  messages,
  unsent,
}: {
  messages: NonNullable<ModerationReport['messages']>;
  /** The sender unsent the reported message since. */
  unsent: boolean;
}) {
  const t = useT();
  return (
    <figure className={queue.content} aria-label={t(m.messagesAsReported)}>
      {unsent && (
        <ul className={queue.badges} aria-label={t(m.sinceReport)}>
          <li className={queue.badge}>{t(m.unsentSince)}</li>
        </ul>
      )}
      <ol className={queue.messages}>
        {messages.map((message) => {
          const name = message.sender.name || t(a.deletedAccount);
          return (
            <li
              key={message._id}
              className={
                message.reported ? `${queue.message} ${queue.reportedMessage}` : queue.message
              }
              aria-current={message.reported ? 'true' : undefined}
              data-testid={message.reported ? 'reported-message' : undefined}
            >
              <p className={styles.detail}>
                <strong dir="auto">{name}</strong> · <RelativeTime iso={message.createdAt} />
                {message.reported && (
                  <>
                    {' '}
                    <span className={queue.badge}>{t(m.reportedMessage)}</span>
                  </>
                )}
              </p>
              {message.removed ? (
                <p className={queue.text}>
                  <em>{t(m.messageRemoved)}</em>
                </p>
              ) : (
                message.text && (
                  <p className={queue.text} dir="auto">
                    {message.text}
                  </p>
                )
              )}
              {message.image && (
                <a href={message.image} target="_blank" rel="noreferrer">
                  <img
                    className={queue.image}
                    {...cappedPictureAttributes(message.image, 160)}
                    alt={t(m.photoInMessage, { name })}
                    loading="lazy"
                  />
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

/** The words of each action's dialog (called at render). */
function dialogWords(report: ModerationReport, action: QueueAction) {
  const name = report.member ? fullName(report.member) : translate(m.theMember);
  const comment = report.target.type === 'comment';
  switch (action) {
    case 'dismiss':
      return {
        title: translate(m.dismissTitle),
        description: translate(m.dismissDescription, { name }),
        hint: translate(m.keptInLog),
        verb: translate(a.dismiss),
        pendingVerb: translate(a.dismissing),
      };
    case 'remove':
      return {
        title: translate(comment ? m.removeCommentTitle : m.removePostTitle),
        description: translate(comment ? m.removeCommentDescription : m.removePostDescription, {
          name,
        }),
        hint: translate(a.sentTo, { name }),
        verb: translate(a.remove),
        pendingVerb: translate(a.removing),
      };
    case 'warn':
      return {
        title: translate(a.warnTitle, { name }),
        description: translate(m.warnDescription, { name }),
        hint: translate(a.sentTo, { name }),
        verb: translate(a.warn),
        pendingVerb: translate(a.warning),
      };
    case 'suspend':
      return {
        title: translate(a.suspendTitle, { name }),
        description: translate(m.suspendDescription, { name }),
        hint: translate(a.sentTo, { name }),
        verb: translate(a.suspend),
        pendingVerb: translate(a.suspending),
      };
    case 'delete':
      return {
        title: translate(a.deleteTitle, { name }),
        description: translate(m.deleteDescription, { name }),
        hint: translate(a.sentToAndKept, { name }),
        verb: translate(a.deleteAccount),
        pendingVerb: translate(a.deleting),
      };
  }
}

function ResolveDialog({
  acting: { report, action },
  onResolved,
  onClose,
}: {
  acting: Acting;
  onResolved: () => void;
  onClose: () => void;
}) {
  // Its words follow the language: a new one renders them again.
  useT();
  const resolve = useResolveReportMutation();
  const deletion = useDeleteMemberMutation();
  const words = dialogWords(report, action);
  return (
    <ActionReasonDialog
      title={words.title}
      description={<p className={styles.dialogText}>{words.description}</p>}
      hint={words.hint}
      verb={words.verb}
      pendingVerb={words.pendingVerb}
      optional={action === 'dismiss'}
      pending={resolve.isPending || deletion.isPending}
      onConfirm={(reason, onError) => {
        const done = {
          onSuccess: onResolved,
          onError: (failure: unknown) => onError(errorMessage(failure)),
        };
        // Deleting the account resolves every open report naming them (the queue reads again).
        if (action === 'delete') {
          if (report.member) deletion.mutate({ userId: report.member._id, reason }, done);
        } else {
          resolve.mutate({ report, action, reason }, done);
        }
      }}
      onClose={onClose}
    />
  );
}
