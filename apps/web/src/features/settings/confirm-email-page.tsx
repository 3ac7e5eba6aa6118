import { useEffect, useRef } from 'react';
import { useConfirmEmailMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { T, useT } from '../../i18n';
import { Link, useParams } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { confirmEmailMessages as m } from './confirm-email-page.messages';
import styles from './confirm-email-page.module.css';
import { SettingsCard } from './settings-card';

/**
 * /confirm-email/:token, the link mailed to a new address: sends the token once, signed in or
 * not (the link is the proof), and shows the server's sentence, then the way on: Settings for a
 * member, the login for a visitor (who logs in with the new address from now on).
 */
export function ConfirmEmailPage() {
  const t = useT();
  const { token = '' } = useParams();
  const { user } = useSession();
  const confirm = useConfirmEmailMutation();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice; the link is spent once.
    if (sentFor.current === token) return;
    sentFor.current = token;
    confirm.mutate(token);
  }, [token, confirm.mutate]);

  const settled = confirm.isSuccess || confirm.isError;
  return (
    <SettingsCard title={t(m.title)}>
      {!settled && (
        <div className={styles.pending}>
          <Spinner label={t(m.confirming)} />
        </div>
      )}
      {confirm.isSuccess && (
        <>
          <FormMessage tone="success">{confirm.data.message}</FormMessage>
          <p className={styles.text}>
            <T
              message={m.fromNow}
              values={{ email: confirm.data.email }}
              components={{ 0: <strong dir="auto" /> }}
            />
          </p>
        </>
      )}
      {confirm.isError && <FormMessage tone="error">{errorMessage(confirm.error)}</FormMessage>}
      {settled &&
        (user ? (
          <Link to="/settings" className={styles.next}>
            {t(m.goToSettings)}
          </Link>
        ) : (
          <Link to="/login" className={styles.next}>
            {t(m.logIn)}
          </Link>
        ))}
    </SettingsCard>
  );
}
