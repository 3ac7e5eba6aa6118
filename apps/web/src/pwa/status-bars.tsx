import { useT } from '../i18n';
import { useOnline, useUpdateReady } from './app-status';
import { pwaMessages as m } from './pwa.messages';
import styles from './status-bars.module.css';

/**
 * The bars over every screen (the phone issue): 'You're offline' while the browser has no
 * network (what shows is what was last loaded), and 'A new version of Hearth is available ·
 * Reload' once the service worker holds a newer build.
 */
export function StatusBars() {
  const t = useT();
  const online = useOnline();
  const update = useUpdateReady();
  if (online && !update) return null;
  return (
    <div className={styles.bars}>
      {!online && (
        <p role="status" className={styles.bar}>
          <strong>{t(m.offline)}</strong>{' '}
          <span className={styles.detail}>{t(m.offlineDetail)}</span>
        </p>
      )}
      {update && (
        <p role="status" className={styles.bar}>
          <span>{t(m.newVersion)}</span>
          <span aria-hidden="true"> · </span>
          <button type="button" className={styles.action} onClick={update}>
            {t(m.reload)}
          </button>
        </p>
      )}
    </div>
  );
}
