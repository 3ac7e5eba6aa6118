import { COPYRIGHT_YEAR, SHORTCUTS_SHOWN } from '@hearth/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { ChevronDownIcon, ChevronUpIcon, ExternalIcon } from '../../ui/feed-icons';
import styles from './home-columns.module.css';
import { EXTERNAL_SHORTCUTS, FOOTER_LINKS, SHORTCUTS } from './shortcuts';

/** Spec 'Home left column': the member, shortcuts, 'Your Shortcuts' and the footer. */
export function HomeLeft() {
  const user = useSessionUser();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? SHORTCUTS : SHORTCUTS.slice(0, SHORTCUTS_SHOWN);
  return (
    <aside className={styles.left} aria-label="Shortcuts">
      <nav aria-label="Shortcuts">
        <ul className={styles.links}>
          <li>
            <Link to="/profile" className={styles.link}>
              <Avatar src={user.picture} size={36} />
              <span>
                {user.first_name} {user.last_name}
              </span>
            </Link>
          </li>
          {shown.map((shortcut) => (
            <li key={shortcut.name}>
              <Link to={shortcut.to} className={styles.link}>
                <span className={styles.badge} style={{ background: shortcut.color }}>
                  {shortcut.icon}
                </span>
                <span>{shortcut.name}</span>
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
          <span>{expanded ? 'Show less' : 'See more'}</span>
        </button>
      </nav>
      <hr className={styles.separator} />
      <h2 className={styles.heading}>Your Shortcuts</h2>
      <ul className={styles.links}>
        {EXTERNAL_SHORTCUTS.map((site) => (
          <li key={site.name}>
            <a className={styles.link} href={site.href} target="_blank" rel="noopener noreferrer">
              <span
                className={`${styles.badge} ${styles.square}`}
                style={{ background: site.color }}
              >
                {site.name.charAt(0)}
              </span>
              <span>{site.name}</span>
              <ExternalIcon className={styles.external} width={14} height={14} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <footer className={styles.footer}>
        <ul className={styles.footerLinks}>
          {FOOTER_LINKS.map((name, index) => (
            <li key={name}>
              <Link to="/">{name}</Link>
              {/* The separator belongs to the link before it, so a wrapped line never starts with one. */}
              {index < FOOTER_LINKS.length - 1 && (
                <span className={styles.footerSeparator} aria-hidden="true">
                  ·
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>Hearth © {COPYRIGHT_YEAR}</p>
      </footer>
    </aside>
  );
}
