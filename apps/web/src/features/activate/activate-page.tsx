import { REDIRECT_DELAY_MS } from '@hearth/contract';
import { useEffect, useId, useRef } from 'react';
import { useActivateAccountMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { serverUiMessages } from '../../i18n/server-ui.messages';
import { useNavigate, useParams } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import { CheckCircleIcon, ErrorIcon } from '../../ui/icons';
import { Popup } from '../../ui/popup';
import { Spinner } from '../../ui/spinner';
import { useAfterDelay } from '../../ui/use-after-delay';
import { HomePage } from '../home/home-page';
import { activateMessages as m } from './activate.messages';
import styles from './activate-page.module.css';

/** /activate/:token: sends the token once, shows the outcome, then goes to / (spec section 2). */
export function ActivatePage() {
  const t = useT();
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
          <Spinner label={t(m.verifying)} />
        </div>
      )}
      {activate.isSuccess && (
        <Popup labelledBy={titleId} describedBy={textId} className={styles.popup}>
          <CheckCircleIcon className={styles.success} width={48} height={48} />
          <h2 id={titleId} className={`${styles.title} ${styles.success}`}>
            {t(serverUiMessages.activationSuccess)}
          </h2>
          <p id={textId} className={styles.text}>
            {serverText(activate.data.message)}
          </p>
        </Popup>
      )}
      {activate.isError && (
        <Popup labelledBy={titleId} describedBy={textId} className={styles.popup}>
          <ErrorIcon className={styles.error} width={48} height={48} />
          <h2 id={titleId} className={`${styles.title} ${styles.error}`}>
            {t(serverUiMessages.activationFailure)}
          </h2>
          <p id={textId} className={styles.text}>
            {errorMessage(activate.error)}
          </p>
        </Popup>
      )}
    </>
  );
}
