import { COPYRIGHT_YEAR, SHORTCUTS_SHOWN } from '@hearth/contract';
import { useState } from 'react';
import { useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { ChevronDownIcon, ChevronUpIcon, ExternalIcon } from '../../ui/feed-icons';
import { homeMessages as m } from './home.messages';
import styles from './home-columns.module.css';
import { EXTERNAL_SHORTCUTS, FOOTER_LINKS, SHORTCUTS } from './shortcuts';

/** Spec 'Home left column': the member, shortcuts, 'Your Shortcuts' and the footer. */
export function HomeLeft() {
  const t = useT();
  const user = useSessionUser();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? SHORTCUTS : SHORTCUTS.slice(0, SHORTCUTS_SHOWN);
  return (
    <aside className={styles.left} aria-label={t(m.shortcuts)}>
      <nav aria-label={t(m.shortcuts)}>
        <ul className={styles.links}>
          <li>
            <Link to="/profile" className={styles.link}>
              <Avatar src={user.picture} size={36} />
              <span dir="auto">
                {user.first_name} {user.last_name}
              </span>
            </Link>
          </li>
          {shown.map((shortcut) => (
            <li key={shortcut.name.id}>
              <Link to={shortcut.to} className={styles.link}>
                <span className={styles.badge} style={{ background: shortcut.color }}>
                  {shortcut.icon}
                </span>
                <span>{t(shortcut.name)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={styles.link}
          aria-expanded={expanded}
          onClick={() => setExpanded((was) => !was)}
        >
          <span className={`${styles.badge} ${styles.plain}`}>
            {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
          </span>
          <span>{expanded ? t(m.showLess) : t(m.seeMore)}</span>
        </button>
      </nav>
      <hr className={styles.separator} />
      <h2 className={styles.heading}>{t(m.yourShortcuts)}</h2>
      <ul className={styles.links}>
        {EXTERNAL_SHORTCUTS.map((site) => (
          <li key={site.name}>
            <a className={styles.link} href={site.href} target="_blank" rel="noopener noreferrer">
              <span
                className={`${styles.badge} ${styles.square}`}
                style={{ background: site.color }}
                translate="no"
              >
                {site.name.charAt(0)}
              </span>
              <span translate="no">{site.name}</span>
              <ExternalIcon className={styles.external} width={14} height={14} />
              <span className="visually-hidden"> {t(m.opensInNewTab)}</span>
            </a>
          </li>
        ))}
      </ul>
      <footer className={styles.footer}>
        <ul className={styles.footerLinks}>
          {FOOTER_LINKS.map((name, index) => (
            <li key={name.id}>
              <Link to="/">{t(name)}</Link>
              {/* The separator belongs to the link before it, so a wrapped line never starts with one. */}
              {index < FOOTER_LINKS.length - 1 && (
                <span className={styles.footerSeparator} aria-hidden="true">
                  ·
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>{t(m.copyright, { year: String(COPYRIGHT_YEAR) })}</p>
      </footer>
    </aside>
  );
}
