import { useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { homeMessages as m } from './home.messages';
import styles from './home-columns.module.css';

/** Spec 'Home right column': 'Sponsored', and Contacts listing only the member. */
export function HomeRight() {
  const t = useT();
  const user = useSessionUser();
  return (
    <aside className={styles.right} aria-label={t(m.sponsoredAndContacts)}>
      <h2 className={styles.heading}>{t(m.sponsored)}</h2>
      <div className={styles.sponsored}>
        <img src="/images/logo.svg" alt="" width={56} height={56} />
        <p>
          <strong translate="no">Hearth</strong>
          <span>{t(m.tagline)}</span>
        </p>
      </div>
      <hr className={styles.separator} />
      <h2 className={styles.heading}>{t(m.contacts)}</h2>
      <ul className={styles.links} aria-label={t(m.contacts)}>
        <li>
          <Link to="/profile" className={styles.link}>
            <span className={styles.online}>
              <Avatar src={user.picture} size={36} />
            </span>
            <span dir="auto">
              {user.first_name} {user.last_name}
            </span>
          </Link>
        </li>
      </ul>
    </aside>
  );
}
