import {
  type MemberRecord,
  type MessageDescriptor,
  type ModerationMember,
  type ReportTarget,
  ROLES,
  type Role,
} from '@hearth/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import {
  useDeleteMemberMutation,
  useMemberRecordQuery,
  useModerationMembersQuery,
  useSetRoleMutation,
  useSuspendMemberMutation,
  useUnsuspendMemberMutation,
  useWarnMemberMutation,
} from '../../api/moderation';
import { T, translate, useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { ActionReasonDialog } from './action-reason-dialog';
import { adminMessages as a } from './admin.messages';
import styles from './admin.module.css';
import { historyLabel, reasonName, resolvedAs, roleName } from './audit-sentences';
import { membersMessages as m } from './members-page.messages';
import { PagedList } from './paged-list';

/** How long the search waits after the last key before asking the server. */
export const MEMBER_SEARCH_DELAY_MS = 300;

interface Deleting {
  member: ModerationMember;
  index: number;
}

/**
 * Members (/admin/members, moderators and admins): every member, newest first, searched by
 * name, username or e-mail, each with their sign-up date, role and standing. Each member's record
 * opens under their row; moderators warn, suspend and lift a suspension, admins also change
 * roles and delete accounts. Moderators and admins (and oneself) cannot be suspended or
 * deleted: those rows offer neither.
 */
export function MembersPage() {
  const t = useT();
  const user = useSessionUser();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), MEMBER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useModerationMembersQuery(q);
  const isAdmin = user.role === 'admin';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deletedNote, setDeletedNote] = useState('');
  // A deleted member's row leaves: focus goes to the first control of the row that took its place.
  const focusAfterRemoval = useFocusAfterRemoval(
    itemsOf(query.data).map((member) => member._id),
    () => [...(listRef.current?.querySelectorAll<HTMLElement>('[data-first-action]') ?? [])],
    () => headingRef.current?.focus(),
  );

  return (
    <PageCard
      title={t(m.title)}
      headingRef={headingRef}
      intro={isAdmin ? t(m.introAdmin) : t(m.introModerator)}
    >
      <div className={styles.field}>
        <label htmlFor={searchId} className={styles.label}>
          {t(m.search)}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.input}
          dir="auto"
          placeholder={t(m.searchPlaceholder)}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <p role="status" className={styles.rowDone}>
        {deletedNote}
      </p>
      <PagedList
        query={query}
        label={t(m.list)}
        loading={t(m.loading)}
        empty={q ? t(m.noMatch, { query: q }) : t(m.noMembers)}
        listRef={listRef}
        renderItem={(member, index) => (
          <MemberRow
            key={member._id}
            member={member}
            viewerIsAdmin={isAdmin}
            isSelf={member._id === user.id}
            onDelete={() => {
              setDeletedNote('');
              setDeleting({ member, index });
            }}
          />
        )}
      />
      {deleting && (
        <DeleteMemberDialog
          member={deleting.member}
          onDeleted={() => {
            focusAfterRemoval(deleting.member._id, deleting.index);
            setDeletedNote(t(m.accountDeleted, { name: fullName(deleting.member) }));
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </PageCard>
  );
}

type RowDialog = 'warn' | 'suspend' | 'unsuspend';

function MemberRow({
  member,
  viewerIsAdmin,
  isSelf,
  onDelete,
}: {
  member: ModerationMember;
  viewerIsAdmin: boolean;
  /** The viewer's own row: no action on oneself. */
  isSelf: boolean;
  onDelete: () => void;
}) {
  const t = useT();
  const setRole = useSetRoleMutation();
  const [dialog, setDialog] = useState<RowDialog | null>(null);
  const [done, setDone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const recordId = `${id}-record`;
  const name = fullName(member);
  const suspendedNow = member.status === 'suspended';
  // The server refuses to suspend or delete moderators, admins and oneself (staffProtected,
  // notYourself); a suspension already there can always be lifted.
  const protectedRow = isSelf || member.role !== 'member';
  const mayChangeStanding = !isSelf && (suspendedNow || !protectedRow);
  // The choice shows while it is on its way; a refusal puts back the role the member has.
  const shownRole = setRole.isPending ? setRole.variables.role : member.role;

  function onChange(role: Role) {
    setError(null);
    setRole.mutate(
      { userId: member._id, role },
      { onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  function open(next: RowDialog) {
    setDone('');
    setDialog(next);
  }

  return (
    <li
      className={`${styles.row} ${styles.avatarRow} ${styles.memberRow}`}
      data-testid="member-row"
      data-username={member.username}
    >
      <Avatar src={member.picture} size={48} />
      <div className={styles.who}>
        <div className={styles.nameLine}>
          <Link to={`/profile/${member.username}`} className={styles.name} dir="auto">
            {name}
          </Link>
          {suspendedNow && (
            <span className={styles.statusBadge} data-testid="member-status">
              <span className="visually-hidden">{t(m.statusPrefix)} </span>
              {t(m.suspended)}
            </span>
          )}
        </div>
        <span className={styles.detail} dir="auto">
          {member.email}
        </span>
        <span className={styles.detail}>
          <T message={m.joined} components={{ 0: <RelativeTime iso={member.createdAt} /> }} />
          {member.lastActiveAt && (
            <>
              {' · '}
              <T
                message={m.lastActive}
                components={{ 0: <RelativeTime iso={member.lastActiveAt} /> }}
              />
            </>
          )}
        </span>
        {member.suspension && (
          <span className={styles.detail} data-testid="member-suspension">
            <T
              message={m.suspendedReason}
              values={{ reason: member.suspension.reason }}
              components={{ 0: <RelativeTime iso={member.suspension.at} /> }}
            />
          </span>
        )}
        {error && (
          <p id={errorId} role="alert" className={styles.rowError}>
            {error}
          </p>
        )}
        <p role="status" className={styles.rowDone}>
          {done}
        </p>
      </div>
      <div className={styles.actions}>
        {viewerIsAdmin ? (
          <select
            className={styles.select}
            aria-label={t(m.roleOf, { name })}
            aria-describedby={error ? errorId : undefined}
            value={shownRole}
            disabled={setRole.isPending}
            onChange={(event) => onChange(event.target.value as Role)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </select>
        ) : (
          <span className={styles.roleBadge}>{roleName(member.role)}</span>
        )}
        <button
          type="button"
          className={styles.secondary}
          aria-label={t(m.recordOf, { name })}
          aria-expanded={recordOpen}
          aria-controls={recordOpen ? recordId : undefined}
          data-first-action=""
          onClick={() => setRecordOpen((shown) => !shown)}
        >
          {t(m.record)}
        </button>
        {!isSelf && (
          <button
            type="button"
            className={styles.secondary}
            aria-label={t(m.warnName, { name })}
            onClick={() => open('warn')}
          >
            {t(a.warn)}
          </button>
        )}
        {mayChangeStanding && (
          // One button either way: after a suspension the focus, back from the dialog, stays
          // on it as it turns into Unsuspend.
          <button
            type="button"
            className={styles.secondary}
            aria-label={t(suspendedNow ? m.unsuspendName : m.suspendName, { name })}
            onClick={() => open(suspendedNow ? 'unsuspend' : 'suspend')}
          >
            {suspendedNow ? t(a.unsuspend) : t(a.suspend)}
          </button>
        )}
        {viewerIsAdmin && !protectedRow && (
          <button
            type="button"
            className={styles.danger}
            aria-label={t(m.deleteAccountOf, { name })}
            onClick={onDelete}
          >
            {t(a.deleteAccount)}
          </button>
        )}
      </div>
      {recordOpen && <MemberRecordPanel id={recordId} member={member} />}
      {dialog && (
        <StandingDialog
          action={dialog}
          member={member}
          onDone={(note) => {
            setDialog(null);
            setDone(note);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </li>
  );
}

/** Warn, Suspend or Unsuspend, each with its reason. */
function StandingDialog({
  action,
  member,
  onDone,
  onClose,
}: {
  action: RowDialog;
  member: ModerationMember;
  /** After the call: the row's note of what was done. */
  onDone: (note: string) => void;
  onClose: () => void;
}) {
  const warn = useWarnMemberMutation();
  const suspend = useSuspendMemberMutation();
  const unsuspend = useUnsuspendMemberMutation();
  const mutation = { warn, suspend, unsuspend }[action];
  const name = fullName(member);
  const first = member.first_name;
  const t = useT();
  const words = {
    warn: {
      title: t(a.warnTitle, { name }),
      description: t(m.warnDescription, { name }),
      verb: t(a.warn),
      pendingVerb: t(a.warning),
      note: m.warned,
    },
    suspend: {
      title: t(a.suspendTitle, { name }),
      description: t(m.suspendDescription, { name }),
      verb: t(a.suspend),
      pendingVerb: t(a.suspending),
      note: m.suspendedNote,
    },
    unsuspend: {
      title: t(m.unsuspendTitle, { name }),
      description: t(m.unsuspendDescription, { name }),
      verb: t(a.unsuspend),
      pendingVerb: t(a.unsuspending),
      note: m.unsuspended,
    },
  }[action];
  return (
    <ActionReasonDialog
      title={words.title}
      description={<p className={styles.dialogText}>{words.description}</p>}
      hint={t(a.sentTo, { name })}
      verb={words.verb}
      pendingVerb={words.pendingVerb}
      pending={mutation.isPending}
      onConfirm={(reason, onError) =>
        mutation.mutate(
          { userId: member._id, reason },
          {
            // In the language of the moment it is done.
            onSuccess: () => onDone(translate(words.note, { name: first })),
            onError: (failure) => onError(errorMessage(failure)),
          },
        )
      }
      onClose={onClose}
    />
  );
}

/** Delete account (admins): what goes, that it is for good, and the address refused from then on. */
function DeleteMemberDialog({
  member,
  onDeleted,
  onClose,
}: {
  member: ModerationMember;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const remove = useDeleteMemberMutation();
  const name = fullName(member);
  return (
    <ActionReasonDialog
      title={t(a.deleteTitle, { name })}
      description={
        <>
          <p className={styles.dialogText}>{t(m.deleteWhat, { name })}</p>
          <p className={styles.dialogText}>{t(m.deleteAddress, { name: member.first_name })}</p>
        </>
      }
      hint={t(a.sentToAndKept, { name })}
      verb={t(a.deleteAccount)}
      pendingVerb={t(a.deleting)}
      danger
      pending={remove.isPending}
      onConfirm={(reason, onError) =>
        remove.mutate(
          { userId: member._id, reason },
          { onSuccess: onDeleted, onError: (failure) => onError(errorMessage(failure)) },
        )
      }
      onClose={onClose}
    />
  );
}

/** A report's line in a record, by what it names: its reason in `<0>`, its time in `<1/>`. */
const REPORTED_WHAT: Record<ReportTarget, MessageDescriptor> = {
  post: m.reportedPost,
  comment: m.reportedComment,
  member: m.reportedProfile,
  message: m.reportedMessage,
};

/** A member's record, under their row: the reports naming them and the actions about them. */
function MemberRecordPanel({ id, member }: { id: string; member: ModerationMember }) {
  const t = useT();
  const record = useMemberRecordQuery(member._id);
  const name = fullName(member);
  return (
    <section
      id={id}
      className={styles.record}
      aria-label={t(m.recordOf, { name })}
      data-testid="member-record"
    >
      {record.isPending ? (
        <Spinner label={t(m.loadingRecord, { name })} />
      ) : record.isError ? (
        <ErrorBox message={errorMessage(record.error)} onRetry={() => void record.refetch()} />
      ) : (
        <RecordLists record={record.data} name={name} />
      )}
    </section>
  );
}

function RecordLists({ record, name }: { record: MemberRecord; name: string }) {
  const t = useT();
  const first = record.member.first_name;
  return (
    <>
      <h2 className={styles.recordTitle}>{t(m.reports)}</h2>
      {record.reports.length === 0 ? (
        <p className={styles.recordEmpty}>{t(m.noReports, { name: first })}</p>
      ) : (
        <ul className={styles.recordList} aria-label={t(m.reportsNaming, { name })}>
          {record.reports.map((report) => (
            <li key={report._id}>
              <span>
                <T
                  message={REPORTED_WHAT[report.target.type]}
                  values={{ reason: reasonName(report.reason) }}
                  components={{ 0: <strong />, 1: <RelativeTime iso={report.createdAt} /> }}
                />
              </span>
              <span className={styles.detail}>
                {report.status === 'open'
                  ? t(m.open)
                  : report.outcome
                    ? t(m.resolvedAs, { outcome: resolvedAs(report.outcome) })
                    : t(m.resolvedClosed)}
              </span>
              {report.details && (
                <span className={styles.detail} dir="auto">
                  {t(m.quoted, { text: report.details })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2 className={styles.recordTitle}>{t(m.actionsTaken)}</h2>
      {record.actions.length === 0 ? (
        <p className={styles.recordEmpty}>{t(m.noActions, { name: first })}</p>
      ) : (
        <ul className={styles.recordList} aria-label={t(m.actionsAbout, { name })}>
          {record.actions.map((entry, index) => (
            // Two actions may share a name and a moment; their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is read whole, never reordered.
            <li key={`${entry.action}-${entry.at}-${index}`}>
              <span>
                <T
                  message={m.actionBy}
                  values={{ action: historyLabel(entry.action), by: entry.by }}
                  components={{ 0: <strong />, 1: <RelativeTime iso={entry.at} /> }}
                />
              </span>
              {entry.reason && (
                <span className={styles.detail}>{t(a.reasonLine, { reason: entry.reason })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
