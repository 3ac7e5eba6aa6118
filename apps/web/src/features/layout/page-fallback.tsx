import styles from './page-fallback.module.css';

/** Shown while a screen's code loads: a quiet page, busy for assistive technology. */
export function PageFallback() {
  return <div className={styles.fallback} aria-busy="true" />;
}
