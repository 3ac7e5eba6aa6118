import { MESSAGE_DISPLAY_MS } from '@hearth/contract';
import { useEffect, useState } from 'react';
import { useResendVerificationMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { serverUiMessages } from '../../i18n/server-ui.messages';
import { homeMessages as m } from './home.messages';
import styles from './verify-banner.module.css';

type Notice = { tone: 'success' | 'error'; text: string; id: number };

/** Shown while the member's account is not verified (spec 'Verification banner'). */
export function VerifyBanner() {
  const t = useT();
  const resend = useResendVerificationMutation();
  const [notice, setNotice] = useState<Notice | null>(null);

  // Each answer stays for MESSAGE_DISPLAY_MS; a newer one restarts the clock.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), MESSAGE_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function onResend() {
    resend.mutate(undefined, {
      onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message, id: Date.now() }),
      onError: (error) => setNotice({ tone: 'error', text: errorMessage(error), id: Date.now() }),
    });
  }

  return (
    <section className={styles.banner} aria-label={t(m.accountVerification)}>
      <p className={styles.text}>
        {t(serverUiMessages.verifyBanner)}{' '}
        <button
          type="button"
          className={styles.link}
          onClick={onResend}
          disabled={resend.isPending}
        >
          {t(serverUiMessages.verifyBannerLink)}
        </button>
      </p>
      {notice && (
        <p
          key={notice.id}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={notice.tone === 'error' ? styles.error : styles.success}
        >
          {serverText(notice.text)}
        </p>
      )}
    </section>
  );
}
