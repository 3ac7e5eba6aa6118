import {
  type ModerationReport,
  REPORT_REASON_LABELS,
  type ReportTarget,
  type ResolveAction,
} from '@hearth/contract';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import {
  type ReportStatus,
  useDeleteMemberMutation,
  useReportsQuery,
  useResolveReportMutation,
} from '../../api/moderation';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { fullName } from '../../ui/full-name';
import { PageCard } from '../../ui/page-card';
import { cappedPictureAttributes, pictureBackground } from '../../ui/picture';
import { RelativeTime } from '../../ui/relative-time';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { ActionReasonDialog } from './action-reason-dialog';
import styles from './admin.module.css';
import { historyLabel, RESOLVED_AS } from './audit-sentences';
import { PagedList } from './paged-list';
import queue from './reports.module.css';

const TABS: readonly { status: ReportStatus; name: string }[] = [
  { status: 'open', name: 'Open' },
  { status: 'resolved', name: 'Resolved' },
];

/** What a moderator does from the queue: resolve the report, or (admins) delete the account. */
type QueueAction = ResolveAction | 'delete';

interface Acting {
  report: ModerationReport;
  action: QueueAction;
  index: number;
}

/** Before the reported member's name: 'Post by Grace Hopper', 'Member Grace Hopper'. */
const TARGET_PREFIX: Record<ReportTarget, string> = {
  post: 'Post by ',
  comment: 'Comment by ',
  member: 'Member ',
};

/**
 * Reports (/admin/reports, moderators and admins): the Open tab lists what members reported,
 * oldest first, with the content as it was reported and the member's record; Dismiss, Remove
 * (a post or a comment), Warn and Suspend each ask for a reason, then the report leaves the tab;
 * admins may also delete the member's account (every open report naming them leaves with it).
 * The Resolved tab shows what was done, newest first.
 */
export function ReportsPage() {
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
    <PageCard
      title="Reports"
      intro="What members reported. Dismiss a report that breaks no rule; remove a post or comment that does, warn its author, or suspend them. The member is told your reason; the reporter sees the outcome in their Support Inbox."
      headingRef={headingRef}
    >
      <div role="tablist" aria-label="Reports" className={queue.tabs} onKeyDown={onTabKeyDown}>
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
            {tab.name}
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
          label={status === 'open' ? 'Open reports' : 'Resolved reports'}
          empty={
            status === 'open'
              ? 'No open reports: nothing waits for you.'
              : 'No resolved reports yet.'
          }
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
  const headingId = useId();
  const { member, reporter, content, history, resolution } = report;
  const name = member ? fullName(member) : 'a deleted account';
  const removable = report.target.type !== 'member';
  return (
    <li className={queue.item}>
      <article aria-labelledby={headingId} className={queue.report}>
        <header className={queue.head}>
          <Avatar src={member?.picture ?? ''} size={40} />
          <div className={styles.who}>
            <h2 id={headingId} className={queue.title}>
              {TARGET_PREFIX[report.target.type]}
              {member ? (
                <Link to={`/profile/${member.username}`} className={styles.name}>
                  {name}
                </Link>
              ) : (
                name
              )}
            </h2>
            <span className={styles.detail}>
              Reported by{' '}
              {reporter ? (
                <Link to={`/profile/${reporter.username}`} className={queue.reporter}>
                  {fullName(reporter)}
                </Link>
              ) : (
                'a deleted account'
              )}{' '}
              · <RelativeTime iso={report.createdAt} />
            </span>
          </div>
        </header>

        <p className={queue.reasonLine}>
          <span className="visually-hidden">Reason: </span>
          {REPORT_REASON_LABELS[report.reason]}
        </p>
        {report.details && <p className={styles.reason}>{report.details}</p>}

        {content && <ReportedContent content={content} type={report.target.type} />}

        <div className={queue.history}>
          <h3 className={queue.subtitle}>{member ? `${member.first_name}'s record` : 'Record'}</h3>
          <p className={styles.detail}>
            {history.earlierReports === 0
              ? 'No earlier reports.'
              : `${history.earlierReports} earlier ${history.earlierReports === 1 ? 'report' : 'reports'}.`}
            {history.actions.length === 0 && ' No action taken before.'}
          </p>
          {history.actions.length > 0 && (
            <ul className={queue.actionsList} aria-label="Actions taken before">
              {history.actions.map((entry) => (
                <li key={`${entry.action}-${entry.at}`} className={styles.detail}>
                  <strong className={queue.strong}>{historyLabel(entry.action)}</strong>{' '}
                  <RelativeTime iso={entry.at} />
                  {entry.reason && `: ${entry.reason}`}
                </li>
              ))}
            </ul>
          )}
        </div>

        {resolution ? (
          <p className={queue.resolution}>
            <strong>
              {RESOLVED_AS[resolution.action]} by {resolution.by}
            </strong>{' '}
            <RelativeTime iso={resolution.at} />
            {resolution.reason && `: ${resolution.reason}`}
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
              Dismiss
            </button>
            {removable && (
              <button
                type="button"
                className={queue.danger}
                aria-describedby={headingId}
                onClick={() => onAct('remove')}
              >
                Remove
              </button>
            )}
            {member && (
              <button
                type="button"
                className={styles.primary}
                aria-describedby={headingId}
                onClick={() => onAct('warn')}
              >
                Warn
              </button>
            )}
            {member && (
              <button
                type="button"
                className={queue.danger}
                aria-describedby={headingId}
                onClick={() => onAct('suspend')}
              >
                Suspend
              </button>
            )}
            {member && mayDelete && (
              <button
                type="button"
                className={queue.danger}
                aria-describedby={headingId}
                onClick={() => onAct('delete')}
              >
                Delete account
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
  const what = type === 'comment' ? 'comment' : 'post';
  const badges = [
    content.edited && 'Edited since',
    content.trashed && 'Trashed by the author',
    content.removed && 'Removed',
  ].filter((badge): badge is string => Boolean(badge));
  return (
    <figure className={queue.content} aria-label={`The ${what} as reported`}>
      {badges.length > 0 && (
        <ul className={queue.badges} aria-label="Since the report">
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
          <p className={queue.backgroundText}>{content.text}</p>
        </div>
      ) : (
        content.text && <p className={queue.text}>{content.text}</p>
      )}
      {content.images.length > 0 && (
        <ul className={queue.images} aria-label="Photos">
          {content.images.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img
                  className={queue.image}
                  {...cappedPictureAttributes(url, 160)}
                  alt={`${index + 1} of ${content.images.length} in the reported ${what}`}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <figcaption className={styles.detail}>
        {what === 'post' ? 'Posted' : 'Written'} <RelativeTime iso={content.createdAt} />
      </figcaption>
    </figure>
  );
}

/** The words of each action's dialog. */
function dialogWords(report: ModerationReport, action: QueueAction) {
  const name = report.member ? fullName(report.member) : 'the member';
  const what = report.target.type === 'comment' ? 'comment' : 'post';
  switch (action) {
    case 'dismiss':
      return {
        title: 'Dismiss this report?',
        description: `No rule was broken: the report is closed and ${name} is not told. The reporter sees the outcome.`,
        hint: 'Kept in the audit log.',
        verb: 'Dismiss',
        pendingVerb: 'Dismissing…',
      };
    case 'remove':
      return {
        title: `Remove this ${what}?`,
        description: `The ${what} is gone for everyone at once. ${name} is told why by notification and e-mail.`,
        hint: `Sent to ${name}.`,
        verb: 'Remove',
        pendingVerb: 'Removing…',
      };
    case 'warn':
      return {
        title: `Warn ${name}?`,
        description: `${name} is told why by notification and e-mail.`,
        hint: `Sent to ${name}.`,
        verb: 'Warn',
        pendingVerb: 'Warning…',
      };
    case 'suspend':
      return {
        title: `Suspend ${name}?`,
        description: `${name} cannot log in, and everything they made is hidden from everyone until the suspension is lifted. They are told why by e-mail.`,
        hint: `Sent to ${name}.`,
        verb: 'Suspend',
        pendingVerb: 'Suspending…',
      };
    case 'delete':
      return {
        title: `Delete the account of ${name}?`,
        description: `Everything ${name} made is removed with the account: posts, comments, reactions, photos and friendships. This cannot be undone. They are told why by e-mail, and their address cannot sign up again until an admin allows it, under Settings, Refused addresses.`,
        hint: `Sent to ${name}, and kept in the audit log.`,
        verb: 'Delete account',
        pendingVerb: 'Deleting…',
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
