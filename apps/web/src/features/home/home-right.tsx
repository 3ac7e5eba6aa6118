import { Link } from 'react-router';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import styles from './home-columns.module.css';

/** Spec 'Home right column': 'Sponsored', and Contacts listing only the member. */
export function HomeRight() {
  const user = useSessionUser();
  return (
    <aside className={styles.right} aria-label="Sponsored and contacts">
      <h2 className={styles.heading}>Sponsored</h2>
      <div className={styles.sponsored}>
        <img src="/images/logo.svg" alt="" width={56} height={56} />
        <p>
          <strong>Hearth</strong>
          <span>Your community, on your own server.</span>
        </p>
      </div>
      <hr className={styles.separator} />
      <h2 className={styles.heading}>Contacts</h2>
      <ul className={styles.links} aria-label="Contacts">
        <li>
          <Link to="/profile" className={styles.link}>
            <span className={styles.online}>
              <Avatar src={user.picture} size={36} />
            </span>
            <span>
              {user.first_name} {user.last_name}
            </span>
          </Link>
        </li>
      </ul>
    </aside>
  );
}
