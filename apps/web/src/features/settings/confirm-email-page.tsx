import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useConfirmEmailMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useSession } from '../../session/session-context';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import styles from './confirm-email-page.module.css';
import { SettingsCard } from './settings-card';

/**
 * /confirm-email/:token, the link mailed to a new address: sends the token once, signed in or
 * not (the link is the proof), and shows the server's sentence, then the way on: Settings for a
 * member, the login for a visitor (who logs in with the new address from now on).
 */
export function ConfirmEmailPage() {
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
    <SettingsCard title="Your new e-mail address">
      {!settled && (
        <div className={styles.pending}>
          <Spinner label="Confirming your new e-mail address" />
        </div>
      )}
      {confirm.isSuccess && (
        <>
          <FormMessage tone="success">{confirm.data.message}</FormMessage>
          <p className={styles.text}>
            From now on you log in with <strong>{confirm.data.email}</strong>.
          </p>
        </>
      )}
      {confirm.isError && <FormMessage tone="error">{errorMessage(confirm.error)}</FormMessage>}
      {settled &&
        (user ? (
          <Link to="/settings" className={styles.next}>
            Go to Settings
          </Link>
        ) : (
          <Link to="/login" className={styles.next}>
            Log in
          </Link>
        ))}
    </SettingsCard>
  );
}
