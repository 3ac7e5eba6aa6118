import {
  type MemberRecord,
  type ModerationMember,
  REPORT_REASON_LABELS,
  type ReportTarget,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '@hearth/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
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
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { ActionReasonDialog } from './action-reason-dialog';
import styles from './admin.module.css';
import { historyLabel, RESOLVED_AS } from './audit-sentences';
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
      title="Members"
      headingRef={headingRef}
      intro={
        isAdmin
          ? "Everyone with an account here, newest first. Open a member's record to see the reports naming them and what was done. Warn, suspend or delete an account with a reason the member is told; admins also change the roles."
          : "Everyone with an account here, newest first, with their role. Open a member's record to see the reports naming them and what was done; warn or suspend with a reason the member is told."
      }
    >
      <div className={styles.field}>
        <label htmlFor={searchId} className={styles.label}>
          Search members
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.input}
          placeholder="Name, username or e-mail"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <p role="status" className={styles.rowDone}>
        {deletedNote}
      </p>
      <PagedList
        query={query}
        label="Members"
        empty={q ? `No member matches “${q}”.` : 'No members yet.'}
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
            setDeletedNote(`The account of ${fullName(deleting.member)} was deleted.`);
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
          <Link to={`/profile/${member.username}`} className={styles.name}>
            {name}
          </Link>
          {suspendedNow && (
            <span className={styles.statusBadge} data-testid="member-status">
              <span className="visually-hidden">Status: </span>Suspended
            </span>
          )}
        </div>
        <span className={styles.detail}>{member.email}</span>
        <span className={styles.detail}>
          Joined <RelativeTime iso={member.createdAt} />
          {member.lastActiveAt && (
            <>
              {' · '}Last active <RelativeTime iso={member.lastActiveAt} />
            </>
          )}
        </span>
        {member.suspension && (
          <span className={styles.detail} data-testid="member-suspension">
            Suspended <RelativeTime iso={member.suspension.at} />. Reason:{' '}
            {member.suspension.reason}
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
            aria-label={`Role of ${name}`}
            aria-describedby={error ? errorId : undefined}
            value={shownRole}
            disabled={setRole.isPending}
            onChange={(event) => onChange(event.target.value as Role)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        ) : (
          <span className={styles.roleBadge}>{ROLE_LABELS[member.role]}</span>
        )}
        <button
          type="button"
          className={styles.secondary}
          aria-label={`Record of ${name}`}
          aria-expanded={recordOpen}
          aria-controls={recordOpen ? recordId : undefined}
          data-first-action=""
          onClick={() => setRecordOpen((shown) => !shown)}
        >
          Record
        </button>
        {!isSelf && (
          <button
            type="button"
            className={styles.secondary}
            aria-label={`Warn ${name}`}
            onClick={() => open('warn')}
          >
            Warn
          </button>
        )}
        {mayChangeStanding && (
          // One button either way: after a suspension the focus, back from the dialog, stays
          // on it as it turns into Unsuspend.
          <button
            type="button"
            className={styles.secondary}
            aria-label={`${suspendedNow ? 'Unsuspend' : 'Suspend'} ${name}`}
            onClick={() => open(suspendedNow ? 'unsuspend' : 'suspend')}
          >
            {suspendedNow ? 'Unsuspend' : 'Suspend'}
          </button>
        )}
        {viewerIsAdmin && !protectedRow && (
          <button
            type="button"
            className={styles.danger}
            aria-label={`Delete account of ${name}`}
            onClick={onDelete}
          >
            Delete account
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
  const words = {
    warn: {
      title: `Warn ${name}?`,
      description: `${name} is told why by notification and e-mail. The warning goes into the audit log.`,
      verb: 'Warn',
      pendingVerb: 'Warning…',
      note: `${first} was warned.`,
    },
    suspend: {
      title: `Suspend ${name}?`,
      description: `${name} cannot log in, and everything they made is hidden from everyone until the suspension is lifted. They are logged out at once and told why by e-mail.`,
      verb: 'Suspend',
      pendingVerb: 'Suspending…',
      note: `${first} was suspended.`,
    },
    unsuspend: {
      title: `Unsuspend ${name}?`,
      description: `${name} can log in again, and everything they made shows again as it was. They are told by e-mail.`,
      verb: 'Unsuspend',
      pendingVerb: 'Unsuspending…',
      note: `${first} can log in again.`,
    },
  }[action];
  return (
    <ActionReasonDialog
      title={words.title}
      description={<p className={styles.dialogText}>{words.description}</p>}
      hint={`Sent to ${name}.`}
      verb={words.verb}
      pendingVerb={words.pendingVerb}
      pending={mutation.isPending}
      onConfirm={(reason, onError) =>
        mutation.mutate(
          { userId: member._id, reason },
          {
            onSuccess: () => onDone(words.note),
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
  const remove = useDeleteMemberMutation();
  const name = fullName(member);
  return (
    <ActionReasonDialog
      title={`Delete the account of ${name}?`}
      description={
        <>
          <p className={styles.dialogText}>
            Everything {name} made is removed with the account: posts, comments, reactions, photos
            and friendships. This cannot be undone.
          </p>
          <p className={styles.dialogText}>
            {member.first_name} is told why by e-mail. Their address cannot be used to sign up again
            until an admin allows it, under Settings, Refused addresses.
          </p>
        </>
      }
      hint={`Sent to ${name}, and kept in the audit log.`}
      verb="Delete account"
      pendingVerb="Deleting…"
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

/** What each kind of report names in a record. */
const REPORTED_WHAT: Record<ReportTarget, string> = {
  post: 'a post',
  comment: 'a comment',
  member: 'the profile',
};

/** A member's record, under their row: the reports naming them and the actions about them. */
function MemberRecordPanel({ id, member }: { id: string; member: ModerationMember }) {
  const record = useMemberRecordQuery(member._id);
  const name = fullName(member);
  return (
    <section
      id={id}
      className={styles.record}
      aria-label={`Record of ${name}`}
      data-testid="member-record"
    >
      {record.isPending ? (
        <Spinner label={`Loading the record of ${name}`} />
      ) : record.isError ? (
        <ErrorBox message={errorMessage(record.error)} onRetry={() => void record.refetch()} />
      ) : (
        <RecordLists record={record.data} name={name} />
      )}
    </section>
  );
}

function RecordLists({ record, name }: { record: MemberRecord; name: string }) {
  const first = record.member.first_name;
  return (
    <>
      <h2 className={styles.recordTitle}>Reports</h2>
      {record.reports.length === 0 ? (
        <p className={styles.recordEmpty}>No reports name {first}.</p>
      ) : (
        <ul className={styles.recordList} aria-label={`Reports naming ${name}`}>
          {record.reports.map((report) => (
            <li key={report._id}>
              <span>
                <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
                {` · ${REPORTED_WHAT[report.target.type]} · reported `}
                <RelativeTime iso={report.createdAt} />
              </span>
              <span className={styles.detail}>
                {report.status === 'open'
                  ? 'Open'
                  : `Resolved: ${report.outcome ? RESOLVED_AS[report.outcome] : 'closed'}`}
              </span>
              {report.details && <span className={styles.detail}>“{report.details}”</span>}
            </li>
          ))}
        </ul>
      )}
      <h2 className={styles.recordTitle}>Actions taken</h2>
      {record.actions.length === 0 ? (
        <p className={styles.recordEmpty}>No action taken about {first}.</p>
      ) : (
        <ul className={styles.recordList} aria-label={`Actions taken about ${name}`}>
          {record.actions.map((entry, index) => (
            // Two actions may share a name and a moment; their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is read whole, never reordered.
            <li key={`${entry.action}-${entry.at}-${index}`}>
              <span>
                <strong>{historyLabel(entry.action)}</strong> by {entry.by}{' '}
                <RelativeTime iso={entry.at} />
              </span>
              {entry.reason && <span className={styles.detail}>Reason: {entry.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
