import { COPYRIGHT_YEAR, LOGIN_LANGUAGES, LOGIN_PRODUCT_LINKS } from '@hearth/contract';
import { Link } from 'react-router';
import styles from './login-footer.module.css';

/** Spec 'Login footer': every link points to the root path. */
export function LoginFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <ul className={styles.languages} aria-label="Languages">
          {LOGIN_LANGUAGES.map((language) => (
            <li key={language}>
              <Link to="/" dir="auto">
                {language}
              </Link>
            </li>
          ))}
        </ul>
        <hr className={styles.separator} />
        <ul className={styles.links} aria-label="Hearth">
          {LOGIN_PRODUCT_LINKS.map((name) => (
            <li key={name}>
              <Link to="/">{name}</Link>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>Hearth © {COPYRIGHT_YEAR}</p>
      </div>
    </footer>
  );
}
