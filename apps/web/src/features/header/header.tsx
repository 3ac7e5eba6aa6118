import { STAFF_ROLES, STATIC_BADGES } from '@hearth/contract';
import { useReloadFeed } from '../../api/posts';
import { useT } from '../../i18n';
import { Link, NavLink } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { FriendsIcon, HomeIcon } from '../../ui/icons';
import { SearchBox } from '../search/search-box';
import { AccountMenu } from './account-menu';
import { AllMenu } from './all-menu';
import { headerMessages as m } from './header.messages';
import styles from './header.module.css';
import { MessengerMenu } from './messenger-menu';
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
  const t = useT();
  return (
    <header className={styles.header}>
      <div className={styles.left}>
        <Link to="/" className={styles.logo} aria-label={t(m.hearthHome)}>
          <img src="/images/logo.svg" alt="" width={40} height={40} />
        </Link>
        <SearchBox />
      </div>
      <nav className={styles.middle} aria-label={t(m.main)}>
        <NavLink
          to="/"
          end
          className={styles.navLink}
          aria-label={t(m.home)}
          onClick={() => void reloadFeed()}
        >
          <HomeIcon width={26} height={26} />
          <span className={styles.tooltip} aria-hidden="true">
            {t(m.home)}
          </span>
        </NavLink>
        <NavLink to="/friends" className={styles.navLink} aria-label={t(m.friends)}>
          <FriendsIcon width={26} height={26} />
          <span className={styles.tooltip} aria-hidden="true">
            {t(m.friends)}
          </span>
        </NavLink>
        {MIDDLE_LINKS.map(({ name, Icon }) => (
          <Link
            key={name.id}
            to="/"
            className={styles.navLink}
            aria-label={t(m.linkWithBadge, { name: t(name), badge: STATIC_BADGES.icons })}
          >
            <Icon width={26} height={26} />
            <span className={styles.badge} aria-hidden="true">
              {STATIC_BADGES.icons}
            </span>
            <span className={styles.tooltip} aria-hidden="true">
              {t(name)}
            </span>
          </Link>
        ))}
      </nav>
      <div className={styles.right}>
        <Link to="/profile" className={styles.profile}>
          <Avatar src={user.picture} size={28} />
          <span className={styles.firstName} dir="auto">
            {user.first_name}
          </span>
        </Link>
        {STAFF_ROLES.includes(user.role) && <ModerationEntry />}
        <MessengerMenu />
        <NotificationsMenu />
        <AllMenu />
        <AccountMenu />
      </div>
    </header>
  );
}
