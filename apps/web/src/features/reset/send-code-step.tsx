import type { ResetUserInfo } from '@hearth/contract';
import { useSendResetCodeMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useT } from '../../i18n';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { resetMessages as m } from './reset.messages';
import { ResetCard } from './reset-card';
import styles from './reset-page.module.css';

interface SendCodeStepProps {
  account: ResetUserInfo;
  onNotYou: () => void;
  onSent: (message: string) => void;
}

/**
 * An e-mail address that may only wrap right after its '@' (never mid-word), with the whole
 * address as its title should a narrow column still cut it.
 */
function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span
      className={className ? `${styles.email} ${className}` : styles.email}
      title={email}
      dir="auto"
    >
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </span>
  );
}

/** Step 1: the found account, and the code sent to its e-mail. */
export function SendCodeStep({ account, onNotYou, onSent }: SendCodeStepProps) {
  const t = useT();
  const sendCode = useSendResetCodeMutation();
  return (
    <ResetCard title={t(m.sendTitle)}>
      <div className={styles.accountGrid}>
        <div>
          <p className={styles.text}>{t(m.sendText)}</p>
          <p className={styles.via}>
            <strong>{t(m.codeViaEmail)}</strong>
            <EmailAddress email={account.email} />
          </p>
        </div>
        <div className={styles.found}>
          <Avatar src={account.picture} alt={t(m.pictureOf, { email: account.email })} size={72} />
          <strong className={styles.foundName} dir="auto">
            {account.first_name} {account.last_name}
          </strong>
          <EmailAddress email={account.email} className={styles.muted} />
        </div>
      </div>
      {sendCode.isError && <FormMessage tone="error">{errorMessage(sendCode.error)}</FormMessage>}
      <div className={styles.actions}>
        {sendCode.isPending && <Spinner label={t(m.sendingCode)} />}
        <button type="button" className={buttons.secondary} onClick={onNotYou}>
          {t(m.notYou)}
        </button>
        <button
          type="button"
          className={buttons.primary}
          disabled={sendCode.isPending}
          onClick={() =>
            sendCode.mutate(
              { email: account.email },
              { onSuccess: (answer) => onSent(answer.message) },
            )
          }
        >
          {t(m.sendCode)}
        </button>
      </div>
    </ResetCard>
  );
}
