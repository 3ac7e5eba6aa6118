import { useId, useRef, useState } from 'react';
import { type BlockedMember, useBlockedQuery, useUnblockMutation } from '../../api/blocking';
import { errorMessage } from '../../api/client';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import styles from './settings-page.module.css';

/** Settings & privacy → Blocking (/settings/blocking): the members blocked, each with Unblock. */
export function BlockingPage() {
  const blocked = useBlockedQuery();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={titleId}>
        <h1 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
          Blocking
        </h1>
        <p className={styles.intro}>
          Once you block someone, they can no longer see your posts, find your profile, comment on
          or react to your posts, or add you as a friend, and you won't see them either. Unblocking
          someone doesn't bring back a friendship or a follow.
        </p>
        {blocked.isPending ? (
          <div className={styles.loading}>
            <Spinner label="Loading blocked members" />
          </div>
        ) : blocked.isError ? (
          <ErrorBox message={errorMessage(blocked.error)} onRetry={() => void blocked.refetch()} />
        ) : (
          <BlockedList members={blocked.data} onEmptied={() => headingRef.current?.focus()} />
        )}
      </section>
    </div>
  );
}

function BlockedList({
  members,
  onEmptied,
}: {
  members: readonly BlockedMember[];
  onEmptied: () => void;
}) {
  const unblock = useUnblockMutation();
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A row leaves with its button: focus goes to the next row's Unblock (or the one above),
  // else, the list gone, to the page's heading.
  const focusAfterRemoval = useFocusAfterRemoval(
    members.map((member) => member._id),
    () => [...(listRef.current?.querySelectorAll('button') ?? [])],
    onEmptied,
  );
  const busyId = unblock.isPending ? unblock.variables?._id : undefined;

  function onUnblock(member: BlockedMember, index: number) {
    setError(null);
    focusAfterRemoval(member._id, index);
    unblock.mutate(member, { onError: (failure) => setError(errorMessage(failure)) });
  }

  return (
    <>
      {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
      {members.length === 0 ? (
        <p className={styles.empty}>You haven't blocked anyone.</p>
      ) : (
        <ul ref={listRef} className={styles.list} aria-label="Blocked members">
          {members.map((member, index) => {
            const name = fullName(member);
            return (
              <li key={member._id} className={styles.row}>
                <Avatar src={member.picture} size={48} />
                <div className={styles.who}>
                  <span className={styles.name}>{name}</span>
                  <span className={styles.when}>
                    Blocked <RelativeTime iso={member.blockedAt} />
                  </span>
                </div>
                <button
                  type="button"
                  className={`${buttons.secondary} ${styles.rowButton}`}
                  aria-label={`Unblock ${name}`}
                  disabled={busyId === member._id}
                  onClick={() => onUnblock(member, index)}
                >
                  Unblock
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
