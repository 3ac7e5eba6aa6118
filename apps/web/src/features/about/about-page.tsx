import type { About } from '@hearth/contract';
import { useId } from 'react';
import { useAboutQuery } from '../../api/about';
import { errorMessage } from '../../api/client';
import { translate, useT } from '../../i18n';
import { ErrorBox } from '../../ui/error-box';
import { Spinner } from '../../ui/spinner';
import { aboutMessages as m, signupModeMessages } from './about.messages';
import styles from './about-page.module.css';

/** Who may join, in words (in the app's language): the sign-up mode, and whether members may invite. */
export function whoMayJoin(about: Pick<About, 'signupMode' | 'membersMayInvite'>): string {
  const sentence = translate(signupModeMessages[about.signupMode]);
  return about.signupMode === 'invite' && about.membersMayInvite
    ? translate(m.membersMayInvite, { sentence })
    : sentence;
}

/**
 * The public page about this server (/about), signed in or not: its name and description, who
 * may join, the rules and the privacy policy, as the admin wrote them.
 */
export function AboutPage() {
  const t = useT();
  const about = useAboutQuery();
  return (
    <div className={styles.page}>
      {about.data ? (
        <AboutCard about={about.data} />
      ) : about.isError ? (
        <ErrorBox message={errorMessage(about.error)} onRetry={() => void about.refetch()} />
      ) : (
        <div className={styles.loading}>
          <Spinner label={t(m.loading)} />
        </div>
      )}
    </div>
  );
}

function AboutCard({ about }: { about: About }) {
  const t = useT();
  const id = useId();
  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        {t(m.title, { name: about.name })}
      </h1>
      {about.description && (
        <p className={styles.description} dir="auto">
          {about.description}
        </p>
      )}
      <section aria-labelledby={`${id}-join`} className={styles.section}>
        <h2 id={`${id}-join`} className={styles.heading}>
          {t(m.whoMayJoin)}
        </h2>
        <p className={styles.text}>{whoMayJoin(about)}</p>
      </section>
      {about.rules.length > 0 && (
        <section aria-labelledby={`${id}-rules`} className={styles.section}>
          <h2 id={`${id}-rules`} className={styles.heading}>
            {t(m.rules)}
          </h2>
          <ol className={styles.rules}>
            {about.rules.map((rule, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rules are plain lines in their order; two may read alike.
              <li key={index} dir="auto">
                {rule}
              </li>
            ))}
          </ol>
        </section>
      )}
      {about.privacyPolicy && (
        <section aria-labelledby={`${id}-privacy`} className={styles.section}>
          <h2 id={`${id}-privacy`} className={styles.heading}>
            {t(m.privacyPolicy)}
          </h2>
          <p className={`${styles.text} ${styles.policy}`} dir="auto">
            {about.privacyPolicy}
          </p>
        </section>
      )}
    </article>
  );
}
