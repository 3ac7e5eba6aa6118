import styles from './error-box.module.css';
import { ErrorIcon } from './icons';

/** A failure a member can dismiss: the message and a 'Try again' button that clears it. */
export function ErrorBox({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.box}>
      <ErrorIcon className={styles.icon} width={28} height={28} />
      <p className={styles.message}>{message}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
