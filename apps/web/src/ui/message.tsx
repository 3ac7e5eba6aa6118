import { useLanguage } from '../i18n';
import { serverText } from '../i18n/server-text';
import styles from './message.module.css';

/**
 * A server's answer under a form: green for success, red for failure. A sentence of the server
 * or of the contract shows in the app's language.
 */
export function FormMessage({ tone, children }: { tone: 'success' | 'error'; children: string }) {
  useLanguage();
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={styles[tone]}>
      {serverText(children)}
    </p>
  );
}
