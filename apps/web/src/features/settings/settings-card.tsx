import { type ReactNode, type RefObject, useId } from 'react';
import page from './settings-page.module.css';

/**
 * A Settings & privacy page: one card under its title and intro. With `headingRef`, the title
 * can take focus (a page sends it there when its list empties).
 */
export function SettingsCard({
  title,
  intro,
  headingRef,
  children,
}: {
  title: string;
  intro: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className={page.page}>
      <section className={page.card} aria-labelledby={titleId}>
        <h1
          id={titleId}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className={page.title}
        >
          {title}
        </h1>
        <p className={page.intro}>{intro}</p>
        {children}
      </section>
    </div>
  );
}
