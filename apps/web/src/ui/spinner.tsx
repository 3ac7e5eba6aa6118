import styles from './spinner.module.css';

export function Spinner({ label, size = 24 }: { label: string; size?: number }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={styles.spinner}
      style={{ width: size, height: size }}
    />
  );
}
