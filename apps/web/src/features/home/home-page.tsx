import { useId } from 'react';
import { useSessionUser } from '../../session/session-context';
import styles from './home-page.module.css';
import { VerifyBanner } from './verify-banner';

/** The home screen; the feed, stories and side columns arrive with their own issues. */
export function HomePage() {
  const user = useSessionUser();
  const titleId = useId();
  return (
    <div className={styles.home}>
      <div className={styles.middle}>
        {!user.verified && <VerifyBanner />}
        <section className={styles.card} aria-labelledby={titleId}>
          <h1 id={titleId} className={styles.title}>
            Welcome, {user.first_name}
          </h1>
          <p className={styles.text}>Posts from you and the people you follow will appear here.</p>
        </section>
      </div>
    </div>
  );
}
