import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { reloadFeed } from '../../api/post-cache';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { FriendsIcon, HomeIcon } from '../../ui/icons';
import { SearchBox } from '../search/search-box';
import { AccountMenu } from './account-menu';
import styles from './header.module.css';

/**
 * The logged-in header; search, the all-menu and badges arrive with their own issues.
 * The home icon also reloads the posts (spec 'Header').
 */
export function Header() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return (
    <header className={styles.header}>
      <div className={styles.left}>
        <Link to="/" className={styles.logo} aria-label="Hearth home">
          <img src="/images/logo.svg" alt="" width={40} height={40} />
        </Link>
        <SearchBox />
      </div>
      <nav className={styles.middle} aria-label="Main">
        <NavLink
          to="/"
          end
          className={styles.navLink}
          aria-label="Home"
          onClick={() => void reloadFeed(queryClient)}
        >
          <HomeIcon width={26} height={26} />
        </NavLink>
        <NavLink to="/friends" className={styles.navLink} aria-label="Friends">
          <FriendsIcon width={26} height={26} />
        </NavLink>
      </nav>
      <div className={styles.right}>
        <Link to="/profile" className={styles.profile}>
          <Avatar src={user.picture} size={28} />
          <span className={styles.firstName}>{user.first_name}</span>
        </Link>
        <AccountMenu />
      </div>
    </header>
  );
}
