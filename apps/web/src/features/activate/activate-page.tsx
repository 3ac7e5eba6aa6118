import { REDIRECT_DELAY_MS, UI_MESSAGES } from '@hearth/contract';
import { useEffect, useId, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useActivateAccountMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useSession } from '../../session/session-context';
import { CheckCircleIcon, ErrorIcon } from '../../ui/icons';
import { Popup } from '../../ui/popup';
import { Spinner } from '../../ui/spinner';
import { useAfterDelay } from '../../ui/use-after-delay';
import { HomePage } from '../home/home-page';
import styles from './activate-page.module.css';

/** /activate/:token: sends the token once, shows the outcome, then goes to / (spec section 2). */
export function ActivatePage() {
  const { token = '' } = useParams();
  const { dispatch } = useSession();
  const navigate = useNavigate();
  const activate = useActivateAccountMutation();
  const sentFor = useRef<string | null>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    // StrictMode runs effects twice; the token is sent once.
    if (sentFor.current === token) return;
    sentFor.current = token;
    activate.mutate(token, { onSuccess: () => dispatch({ type: 'VERIFY', payload: true }) });
  }, [token, activate.mutate, dispatch]);

  const settled = activate.isSuccess || activate.isError;
  useAfterDelay(settled, REDIRECT_DELAY_MS.activation, () => navigate('/', { replace: true }));

  return (
    <>
      <HomePage />
      {activate.isPending && (
        <div className={styles.pending}>
          <Spinner label="Verifying your account" />
        </div>
      )}
      {activate.isSuccess && (
        <Popup labelledBy={titleId} describedBy={textId} className={styles.popup}>
          <CheckCircleIcon className={styles.success} width={48} height={48} />
          <h2 id={titleId} className={`${styles.title} ${styles.success}`}>
            {UI_MESSAGES.activationSuccess}
          </h2>
          <p id={textId} className={styles.text}>
            {activate.data.message}
          </p>
        </Popup>
      )}
      {activate.isError && (
        <Popup labelledBy={titleId} describedBy={textId} className={styles.popup}>
          <ErrorIcon className={styles.error} width={48} height={48} />
          <h2 id={titleId} className={`${styles.title} ${styles.error}`}>
            {UI_MESSAGES.activationFailure}
          </h2>
          <p id={textId} className={styles.text}>
            {errorMessage(activate.error)}
          </p>
        </Popup>
      )}
    </>
  );
}
