import { type ModerationMember, ROLE_LABELS, ROLES, type Role } from '@hearth/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import {
  useModerationMembersQuery,
  useSetRoleMutation,
  useWarnMemberMutation,
} from '../../api/moderation';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { fullName } from '../../ui/full-name';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import { ActionReasonDialog } from './action-reason-dialog';
import styles from './admin.module.css';
import { PagedList } from './paged-list';

/** How long the search waits after the last key before asking the server. */
export const MEMBER_SEARCH_DELAY_MS = 300;

/**
 * Members (/admin/members, moderators and admins): every member, newest first, searched by
 * name, username or e-mail, each with their role; an admin changes a role here.
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

  return (
    <PageCard
      title="Members"
      intro={
        isAdmin
          ? 'Everyone with an account here, newest first. Moderators and admins see this area; admins also change the settings and the roles.'
          : 'Everyone with an account here, newest first, with their role.'
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
      <PagedList
        query={query}
        label="Members"
        empty={q ? `No member matches “${q}”.` : 'No members yet.'}
        renderItem={(member) => (
          <MemberRow
            key={member._id}
            member={member}
            mayChangeRole={isAdmin}
            mayWarn={member._id !== user.id}
          />
        )}
      />
    </PageCard>
  );
}

function MemberRow({
  member,
  mayChangeRole,
  mayWarn,
}: {
  member: ModerationMember;
  mayChangeRole: boolean;
  /** Anyone but oneself. */
  mayWarn: boolean;
}) {
  const setRole = useSetRoleMutation();
  const warn = useWarnMemberMutation();
  const [warning, setWarning] = useState(false);
  const [warned, setWarned] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const name = fullName(member);
  // The choice shows while it is on its way; a refusal puts back the role the member has.
  const shownRole = setRole.isPending ? setRole.variables.role : member.role;

  function onChange(role: Role) {
    setError(null);
    setRole.mutate(
      { userId: member._id, role },
      { onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  return (
    <li className={`${styles.row} ${styles.avatarRow}`}>
      <Avatar src={member.picture} size={48} />
      <div className={styles.who}>
        <Link to={`/profile/${member.username}`} className={styles.name}>
          {name}
        </Link>
        <span className={styles.detail}>{member.email}</span>
        <span className={styles.detail}>
          Joined <RelativeTime iso={member.createdAt} />
          {member.lastActiveAt && (
            <>
              {' · '}Last active <RelativeTime iso={member.lastActiveAt} />
            </>
          )}
        </span>
        {error && (
          <p id={errorId} role="alert" className={styles.rowError}>
            {error}
          </p>
        )}
        <p role="status" className={styles.rowDone}>
          {warned ? `${member.first_name} was warned.` : ''}
        </p>
      </div>
      <div className={styles.actions}>
        {mayChangeRole ? (
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
        {mayWarn && (
          <button
            type="button"
            className={styles.secondary}
            aria-label={`Warn ${name}`}
            onClick={() => {
              setWarned(false);
              setWarning(true);
            }}
          >
            Warn
          </button>
        )}
      </div>
      {warning && (
        <ActionReasonDialog
          title={`Warn ${name}?`}
          description={
            <p className={styles.dialogText}>
              {name} is told why by notification and e-mail. The warning goes into the audit log.
            </p>
          }
          hint={`Sent to ${name}.`}
          verb="Warn"
          pendingVerb="Warning…"
          pending={warn.isPending}
          onConfirm={(reason, onError) =>
            warn.mutate(
              { userId: member._id, reason },
              {
                onSuccess: () => {
                  setWarning(false);
                  setWarned(true);
                },
                onError: (failure) => onError(errorMessage(failure)),
              },
            )
          }
          onClose={() => setWarning(false)}
        />
      )}
    </li>
  );
}
