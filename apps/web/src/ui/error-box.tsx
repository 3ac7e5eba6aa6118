import { useT } from '../i18n';
import { serverText } from '../i18n/server-text';
import styles from './error-box.module.css';
import { ErrorIcon } from './icons';
import { uiMessages as m } from './ui.messages';

/** A failure a member can dismiss: the message and a 'Try again' button that clears it. */
export function ErrorBox({
  message,
  onRetry,
  compact = false,
}: {
  message: string;
  onRetry: () => void;
  /** A smaller box, for tight places such as a comment box. */
  compact?: boolean;
}) {
  const t = useT();
  return (
    <div role="alert" className={compact ? `${styles.box} ${styles.compact}` : styles.box}>
      <ErrorIcon className={styles.icon} width={compact ? 22 : 28} height={compact ? 22 : 28} />
      <p className={styles.message}>{serverText(message)}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t(m.tryAgain)}
      </button>
    </div>
  );
}
