import { useId } from 'react';
import { useParams } from 'react-router';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import styles from './profile-page.module.css';

/** Placeholder until the profile issue: says whose profile this route is for. */
export function ProfilePage() {
  const user = useSessionUser();
  const { username = user.username } = useParams();
  const own = username === user.username;
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      {own && <Avatar src={user.picture} size={96} />}
      <h1 id={titleId} className={styles.title}>
        {own ? `${user.first_name} ${user.last_name}` : username}
      </h1>
      <p className={styles.text}>The profile page is on its way.</p>
    </section>
  );
}
