import { STAFF_ROLES, STATIC_BADGES } from '@hearth/contract';
import { Link, NavLink } from 'react-router';
import { useReloadFeed } from '../../api/posts';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { FriendsIcon, HomeIcon } from '../../ui/icons';
import { SearchBox } from '../search/search-box';
import { AccountMenu } from './account-menu';
import { AllMenu } from './all-menu';
import styles from './header.module.css';
import { MIDDLE_LINKS } from './middle-links';
import { ModerationEntry } from './moderation-entry';
import { NotificationsMenu } from './notifications-menu';

/**
 * The logged-in header (spec 'Header'): logo and search; home (which also reloads the posts),
 * friends and three more icons in the middle; the member, the circle buttons and the menus on
 * the right. The middle badges are static (spec section 9); the bell's is the unread count.
 * Moderators and admins also find the moderation area's shield there (/admin), with the count
 * of what waits for them.
 */
export function Header() {
  const user = useSessionUser();
  const reloadFeed = useReloadFeed();
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
          onClick={() => void reloadFeed()}
        >
          <HomeIcon width={26} height={26} />
          <span className={styles.tooltip} aria-hidden="true">
            Home
          </span>
        </NavLink>
        <NavLink to="/friends" className={styles.navLink} aria-label="Friends">
          <FriendsIcon width={26} height={26} />
          <span className={styles.tooltip} aria-hidden="true">
            Friends
          </span>
        </NavLink>
        {MIDDLE_LINKS.map(({ name, Icon }) => (
          <Link
            key={name}
            to="/"
            className={styles.navLink}
            aria-label={`${name}, ${STATIC_BADGES.icons} new`}
          >
            <Icon width={26} height={26} />
            <span className={styles.badge} aria-hidden="true">
              {STATIC_BADGES.icons}
            </span>
            <span className={styles.tooltip} aria-hidden="true">
              {name}
            </span>
          </Link>
        ))}
      </nav>
      <div className={styles.right}>
        <Link to="/profile" className={styles.profile}>
          <Avatar src={user.picture} size={28} />
          <span className={styles.firstName}>{user.first_name}</span>
        </Link>
        {STAFF_ROLES.includes(user.role) && <ModerationEntry />}
        <NotificationsMenu />
        <AllMenu />
        <AccountMenu />
      </div>
    </header>
  );
}
