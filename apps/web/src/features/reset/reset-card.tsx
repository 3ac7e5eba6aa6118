import { type ReactNode, useId } from 'react';
import styles from './reset-page.module.css';

export function ResetCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {title}
      </h2>
      <div className={styles.cardBody}>{children}</div>
    </section>
  );
}
