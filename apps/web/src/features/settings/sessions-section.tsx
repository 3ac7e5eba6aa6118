import type { AccountSession } from '@hearth/contract';
import { useRef, useState } from 'react';
import { useEndSessionMutation, useSessionsQuery } from '../../api/account';
import { errorMessage } from '../../api/client';
import { T, translate, useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { fullDate, RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import styles from './account-settings.module.css';
import { sessionsMessages as m } from './sessions-section.messages';
import { Section } from './settings-form-parts';

/**
 * Settings → Where you're logged in: every session of the member's, the most recently active
 * first, each with its device, the address it last came from, when it signed in and when it was
 * last active. Any other session can be logged out here; this one is logged out from the
 * account menu, like anywhere else.
 */
export function SessionsSection() {
  const t = useT();
  const query = useSessionsQuery();
  return (
    <Section title={t(m.title)} intro={t(m.intro)}>
      {query.isPending ? (
        <div className={styles.sessionsLoading}>
          <Spinner label={t(m.loading)} />
        </div>
      ) : query.isError ? (
        <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <SessionList sessions={query.data.sessions} />
      )}
    </Section>
  );
}

/**
 * The device as the server names it, in English ('Chrome on Android', 'Unknown device'), in the
 * member's language; the browser's and the system's own names stay as they are.
 */
function deviceName(device: string): string {
  if (device === 'Unknown device') return translate(m.unknownDevice);
  const on = /^(.+) on (.+)$/.exec(device);
  return on ? translate(m.deviceOn, { browser: on[1], system: on[2] }) : device;
}

/** The device's name as the buttons say it: with its address, as two phones may share a name. */
function deviceLabel(session: AccountSession): string {
  const name = deviceName(session.device);
  return session.ip ? `${name} (${session.ip})` : name;
}

function SessionList({ sessions }: { sessions: readonly AccountSession[] }) {
  const t = useT();
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
      <ul ref={listRef} className={styles.sessions} aria-label={t(m.listLabel)} tabIndex={-1}>
        {sessions.map((session) => (
          <li key={session.id} className={styles.session}>
            <div className={styles.sessionAbout}>
              <p className={styles.sessionDevice}>
                <span className={styles.deviceName}>{deviceName(session.device)}</span>
                {session.current && <span className={styles.thisDevice}>{t(m.thisDevice)}</span>}
              </p>
              <p className={styles.sessionDetail}>
                {session.ip ? t(m.ip, { ip: session.ip }) : t(m.ipUnknown)}
              </p>
              <p className={styles.sessionDetail}>
                <T
                  message={m.signedIn}
                  values={{ date: fullDate(new Date(session.createdAt)) }}
                  components={{ 0: <time dateTime={session.createdAt} /> }}
                />
              </p>
              <p className={styles.sessionDetail}>
                {session.current ? (
                  t(m.activeNow)
                ) : (
                  <T
                    message={m.active}
                    values={{ time: <RelativeTime iso={session.lastActiveAt} /> }}
                  />
                )}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className={`${buttons.secondary} ${styles.sessionButton}`}
                aria-label={t(m.logOutLabel, { device: deviceLabel(session) })}
                disabled={busyId === session.id}
                onClick={() => onLogOut(session)}
              >
                {t(m.logOut)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 && <p className={styles.sessionDetail}>{t(m.nowhereElse)}</p>}
      <p role="status" className={styles.status}>
        {endSession.isSuccess ? serverText(endSession.data.message) : undefined}
      </p>
    </>
  );
}
