import type { AccountSession } from '@hearth/contract';
import { useRef, useState } from 'react';
import { useEndSessionMutation, useSessionsQuery } from '../../api/account';
import { errorMessage } from '../../api/client';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { fullDate, RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import styles from './account-settings.module.css';
import { Section } from './settings-form-parts';

/**
 * Settings → Where you're logged in: every session of the member's, the most recently active
 * first, each with its device, the address it last came from, when it signed in and when it was
 * last active. Any other session can be logged out here; this one is logged out from the
 * account menu, like anywhere else.
 */
export function SessionsSection() {
  const query = useSessionsQuery();
  return (
    <Section
      title="Where you're logged in"
      intro="The devices logged in to your account. If you don't recognise one, log it out and change your password."
    >
      {query.isPending ? (
        <div className={styles.sessionsLoading}>
          <Spinner label="Loading where you're logged in" />
        </div>
      ) : query.isError ? (
        <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <SessionList sessions={query.data.sessions} />
      )}
    </Section>
  );
}

/** The device's name as the buttons say it: with its address, as two phones may share a name. */
function deviceLabel(session: AccountSession): string {
  return session.ip ? `${session.device} (${session.ip})` : session.device;
}

function SessionList({ sessions }: { sessions: readonly AccountSession[] }) {
  const endSession = useEndSessionMutation();
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A row leaves with its button: focus goes to the next row's button (or the one above), else
  // to the list, where this device is left.
  const focusAfterRemoval = useFocusAfterRemoval(
    sessions.map((session) => session.id),
    () => [...(listRef.current?.querySelectorAll('button') ?? [])],
    () => listRef.current?.focus(),
  );
  const busyId = endSession.isPending ? endSession.variables?.id : undefined;
  const others = sessions.filter((session) => !session.current);

  function onLogOut(session: AccountSession) {
    setError(null);
    focusAfterRemoval(session.id, others.indexOf(session));
    endSession.mutate(session, { onError: (failure) => setError(errorMessage(failure)) });
  }

  return (
    <>
      {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
      <ul ref={listRef} className={styles.sessions} aria-label="Your sessions" tabIndex={-1}>
        {sessions.map((session) => (
          <li key={session.id} className={styles.session}>
            <div className={styles.sessionAbout}>
              <p className={styles.sessionDevice}>
                <span className={styles.deviceName}>{session.device}</span>
                {session.current && <span className={styles.thisDevice}>This device</span>}
              </p>
              <p className={styles.sessionDetail}>
                {session.ip ? `IP address ${session.ip}` : 'IP address not known'}
              </p>
              <p className={styles.sessionDetail}>
                Signed in on{' '}
                <time dateTime={session.createdAt}>{fullDate(new Date(session.createdAt))}</time>
              </p>
              <p className={styles.sessionDetail}>
                {session.current ? (
                  'Active now'
                ) : (
                  <>
                    Active <RelativeTime iso={session.lastActiveAt} />
                  </>
                )}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className={`${buttons.secondary} ${styles.sessionButton}`}
                aria-label={`Log out ${deviceLabel(session)}`}
                disabled={busyId === session.id}
                onClick={() => onLogOut(session)}
              >
                Log out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 && (
        <p className={styles.sessionDetail}>You're not logged in anywhere else.</p>
      )}
      <p role="status" className={styles.status}>
        {endSession.isSuccess ? endSession.data.message : undefined}
      </p>
    </>
  );
}
