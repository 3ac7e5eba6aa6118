import { COPYRIGHT_YEAR, LANGUAGES } from '@hearth/contract';
import { LANGUAGE_PARAM, setLanguage, useLanguage, useT } from '../../i18n';
import { Link, useNavigate } from '../../routing/routing';
import { footerMessages as m } from './login-footer.messages';
import styles from './login-footer.module.css';

/** The spec's product links, in its order: every one points to the root path. */
const PRODUCT_LINKS = [
  m.signUp,
  m.logIn,
  m.messenger,
  m.watch,
  m.places,
  m.games,
  m.marketplace,
  m.groups,
  m.about,
  m.createAd,
  m.createPage,
  m.developers,
  m.careers,
  m.privacy,
  m.cookies,
  m.adChoices,
  m.terms,
  m.help,
];

/**
 * Spec 'Login footer': every link points to the root path. A language's link switches the app
 * to it (kept in the `lang` cookie) before anyone signs in.
 */
export function LoginFooter() {
  const t = useT();
  const current = useLanguage();
  const navigate = useNavigate();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <ul className={styles.languages} aria-label={t(m.languages)}>
          {LANGUAGES.map((language) => (
            <li key={language.code}>
              {/* The root path, naming the language: a click before the app has taken over the
                  prerendered screen loads it in that language (main.tsx, the server). */}
              <a
                href={`/?${LANGUAGE_PARAM}=${language.code}`}
                lang={language.code}
                dir={language.dir}
                aria-current={language.code === current ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  void setLanguage(language.code, { beforeLogin: true });
                  navigate('/');
                }}
              >
                {language.name}
              </a>
            </li>
          ))}
        </ul>
        <hr className={styles.separator} />
        <ul className={styles.links} aria-label={t(m.productLinks)}>
          {PRODUCT_LINKS.map((message) => (
            <li key={message.id}>
              <Link to="/">{t(message)}</Link>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>{t(m.copyright, { year: String(COPYRIGHT_YEAR) })}</p>
      </div>
    </footer>
  );
}
