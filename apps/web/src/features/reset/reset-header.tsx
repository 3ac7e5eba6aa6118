import { useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { useLogout } from '../header/use-logout';
import { resetMessages as m } from './reset.messages';
import styles from './reset-page.module.css';

/** The reset screen's header: the logo and Login, or the member's picture and Logout. */
export function ResetHeader() {
  const t = useT();
  const { user } = useSession();
  const logout = useLogout();
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logo} aria-label={t(m.home)}>
        <img src="/images/logo.svg" alt="" width={40} height={40} />
        <span className={styles.logoText} translate="no">
          hearth
        </span>
      </Link>
      {user ? (
        <div className={styles.account}>
          <Link to="/profile" aria-label={`${user.first_name} ${user.last_name}`}>
            <Avatar src={user.picture} />
          </Link>
          <button type="button" className={buttons.primary} onClick={logout}>
            {t(m.logout)}
          </button>
        </div>
      ) : (
        <Link to="/login" className={buttons.primary}>
          {t(m.login)}
        </Link>
      )}
    </header>
  );
}
