import styles from './message.module.css';

/** A server's answer under a form: green for success, red for failure. */
export function FormMessage({ tone, children }: { tone: 'success' | 'error'; children: string }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={styles[tone]}>
      {children}
    </p>
  );
}
