import { type ReactNode, type RefObject, useId } from 'react';
import styles from './page-card.module.css';

/**
 * A page's one card under its title and intro. With `headingRef`, the title can take focus (a
 * page sends it there when its list empties).
 */
export function PageCard({
  title,
  intro,
  headingRef,
  children,
}: {
  title: string;
  intro?: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h1
        id={titleId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={styles.title}
      >
        {title}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
