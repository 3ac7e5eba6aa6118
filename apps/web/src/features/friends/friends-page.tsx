import { FRIENDS_PAGE_TYPES, type FriendsPageType } from '@hearth/contract';
import { Navigate, NavLink, useParams } from 'react-router';
import styles from './friends-page.module.css';

const TITLES: Record<FriendsPageType, string> = {
  requests: 'Friend Requests',
  sent: 'Sent Requests',
  all: 'All Friends',
};

function isFriendsPageType(value: string): value is FriendsPageType {
  return (FRIENDS_PAGE_TYPES as readonly string[]).includes(value);
}

/** Placeholder until the friends issue: the menu of spec 'Friends page' and the chosen list. */
export function FriendsPage() {
  const { type } = useParams();
  if (type !== undefined && !isFriendsPageType(type)) return <Navigate to="/friends" replace />;
  return (
    <div className={styles.page}>
      <nav className={styles.menu} aria-label="Friends">
        <NavLink to="/" end>
          Home
        </NavLink>
        {FRIENDS_PAGE_TYPES.map((t) => (
          <NavLink key={t} to={`/friends/${t}`}>
            {TITLES[t]}
          </NavLink>
        ))}
      </nav>
      <section className={styles.content}>
        <h1 className={styles.title}>{type ? TITLES[type] : 'Friends'}</h1>
        <p className={styles.text}>Your friends lists are on their way.</p>
      </section>
    </div>
  );
}
