import { type About, SIGNUP_MODE_LABELS } from '@hearth/contract';
import { useId } from 'react';
import { errorMessage } from '../../api/client';
import { useAboutQuery } from '../../api/moderation';
import { ErrorBox } from '../../ui/error-box';
import { Spinner } from '../../ui/spinner';
import styles from './about-page.module.css';

/** Who may join, in words: the sign-up mode, and whether members may invite. */
export function whoMayJoin(about: Pick<About, 'signupMode' | 'membersMayInvite'>): string {
  const sentence = SIGNUP_MODE_LABELS[about.signupMode].description;
  return about.signupMode === 'invite' && about.membersMayInvite
    ? `${sentence} Members can invite their friends.`
    : sentence;
}

/**
 * The public page about this server (/about), signed in or not: its name and description, who
 * may join, the rules and the privacy policy, as the admin wrote them.
 */
export function AboutPage() {
  const about = useAboutQuery();
  return (
    <div className={styles.page}>
      {about.data ? (
        <AboutCard about={about.data} />
      ) : about.isError ? (
        <ErrorBox message={errorMessage(about.error)} onRetry={() => void about.refetch()} />
      ) : (
        <div className={styles.loading}>
          <Spinner label="Loading" />
        </div>
      )}
    </div>
  );
}

function AboutCard({ about }: { about: About }) {
  const id = useId();
  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        About {about.name}
      </h1>
      {about.description && <p className={styles.description}>{about.description}</p>}
      <section aria-labelledby={`${id}-join`} className={styles.section}>
        <h2 id={`${id}-join`} className={styles.heading}>
          Who may join
        </h2>
        <p className={styles.text}>{whoMayJoin(about)}</p>
      </section>
      {about.rules.length > 0 && (
        <section aria-labelledby={`${id}-rules`} className={styles.section}>
          <h2 id={`${id}-rules`} className={styles.heading}>
            Rules
          </h2>
          <ol className={styles.rules}>
            {about.rules.map((rule, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rules are plain lines in their order; two may read alike.
              <li key={index}>{rule}</li>
            ))}
          </ol>
        </section>
      )}
      {about.privacyPolicy && (
        <section aria-labelledby={`${id}-privacy`} className={styles.section}>
          <h2 id={`${id}-privacy`} className={styles.heading}>
            Privacy policy
          </h2>
          <p className={`${styles.text} ${styles.policy}`}>{about.privacyPolicy}</p>
        </section>
      )}
    </article>
  );
}
