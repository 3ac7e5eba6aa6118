import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { type MutedMember, useMutedQuery, useUnmuteMutation } from '../../api/muting';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import styles from './settings-page.module.css';

/** Settings & privacy → Muted (/settings/muted): the members muted, each with Unmute. */
export function MutedPage() {
  const muted = useMutedQuery();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={titleId}>
        <h1 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
          Muted
        </h1>
        <p className={styles.intro}>
          The posts of the people you mute stay out of your Feed, and what they do doesn't notify
          you. They aren't told, and you can still visit their profile and see their posts there.
        </p>
        {muted.isPending ? (
          <div className={styles.loading}>
            <Spinner label="Loading muted members" />
          </div>
        ) : muted.isError ? (
          <ErrorBox message={errorMessage(muted.error)} onRetry={() => void muted.refetch()} />
        ) : (
          <MutedList members={muted.data} onEmptied={() => headingRef.current?.focus()} />
        )}
      </section>
    </div>
  );
}

function MutedList({
  members,
  onEmptied,
}: {
  members: readonly MutedMember[];
  onEmptied: () => void;
}) {
  const unmute = useUnmuteMutation();
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A row leaves with its button: focus goes to the next row's Unmute (or the one above),
  // else, the list gone, to the page's heading.
  const focusAfterRemoval = useFocusAfterRemoval(
    members.map((member) => member._id),
    () => [...(listRef.current?.querySelectorAll('button') ?? [])],
    onEmptied,
  );
  const busyId = unmute.isPending ? unmute.variables?._id : undefined;

  function onUnmute(member: MutedMember, index: number) {
    setError(null);
    focusAfterRemoval(member._id, index);
    unmute.mutate(member, { onError: (failure) => setError(errorMessage(failure)) });
  }

  return (
    <>
      {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
      {members.length === 0 ? (
        <p className={styles.empty}>You haven't muted anyone.</p>
      ) : (
        <ul ref={listRef} className={styles.list} aria-label="Muted members">
          {members.map((member, index) => {
            const name = fullName(member);
            return (
              <li key={member._id} className={styles.row}>
                <Avatar src={member.picture} size={48} />
                <div className={styles.who}>
                  <Link to={`/profile/${member.username}`} className={styles.nameLink}>
                    {name}
                  </Link>
                  <span className={styles.when}>
                    Muted <RelativeTime iso={member.mutedAt} />
                  </span>
                </div>
                <button
                  type="button"
                  className={`${buttons.secondary} ${styles.rowButton}`}
                  aria-label={`Unmute ${name}`}
                  disabled={busyId === member._id}
                  onClick={() => onUnmute(member, index)}
                >
                  Unmute
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
