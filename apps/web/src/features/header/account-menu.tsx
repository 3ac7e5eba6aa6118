import { type KeyboardEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSessionUser } from '../../session/session-context';
import { useDarkTheme } from '../../session/theme';
import { Avatar } from '../../ui/avatar';
import {
  ArrowLeftIcon,
  CaretDownIcon,
  ChevronRightIcon,
  FeedbackIcon,
  GearIcon,
  HelpIcon,
  KeyboardIcon,
  LogoutIcon,
  MoonIcon,
} from '../../ui/icons';
import { useOutsideClick } from '../../ui/use-outside-click';
import styles from './account-menu.module.css';
import { useLogout } from './use-logout';

type View = 'main' | 'settings' | 'help' | 'display';

const SETTINGS_ITEMS = [
  'Settings',
  'Privacy checkup',
  'Privacy Shortcut',
  'Activity log',
  'News Feed Preferences',
  'Language',
];
const HELP_ITEMS = ['Help Center', 'Support Inbox', 'Report a problem'];

/** The account menu of spec 'Account menu': profile, sub-views, dark mode and Logout. */
export function AccountMenu() {
  const user = useSessionUser();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('main');
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => {
    setOpen(false);
    setView('main');
  }, []);
  useOutsideClick(wrapperRef, close, open);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      close();
      buttonRef.current?.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape handling for the whole menu.
    <div ref={wrapperRef} className={styles.wrapper} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-label="Account"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <CaretDownIcon width={22} height={22} />
      </button>
      {open && (
        <section id={panelId} className={styles.panel} aria-label="Account menu">
          {view === 'main' && (
            <>
              <Link to="/profile" className={styles.profileCard} onClick={close}>
                <Avatar src={user.picture} size={60} />
                <span className={styles.profileText}>
                  <span className={styles.name}>
                    {user.first_name} {user.last_name}
                  </span>
                  <span className={styles.muted}>See your profile</span>
                </span>
              </Link>
              <hr className={styles.separator} />
              <Item icon={<FeedbackIcon />}>Give us feedback</Item>
              <hr className={styles.separator} />
              <Item icon={<GearIcon />} onClick={() => setView('settings')} more>
                Settings &amp; privacy
              </Item>
              <Item icon={<HelpIcon />} onClick={() => setView('help')} more>
                Help &amp; support
              </Item>
              <Item icon={<MoonIcon />} onClick={() => setView('display')} more>
                Display and accessibility
              </Item>
              <Item icon={<LogoutIcon />} onClick={logout}>
                Logout
              </Item>
            </>
          )}
          {view === 'settings' && (
            <SubView title="Settings & privacy" onBack={() => setView('main')}>
              {SETTINGS_ITEMS.map((name) => (
                <Item key={name}>{name}</Item>
              ))}
            </SubView>
          )}
          {view === 'help' && (
            <SubView title="Help & support" onBack={() => setView('main')}>
              {HELP_ITEMS.map((name) => (
                <Item key={name}>{name}</Item>
              ))}
            </SubView>
          )}
          {view === 'display' && <DisplayView onBack={() => setView('main')} />}
        </section>
      )}
    </div>
  );
}

function Item({
  icon,
  onClick,
  more,
  children,
}: {
  icon?: ReactNode;
  onClick?: () => void;
  more?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.item} onClick={onClick}>
      {icon && <span className={styles.itemIcon}>{icon}</span>}
      <span className={styles.itemText}>{children}</span>
      {more && <ChevronRightIcon className={styles.chevron} />}
    </button>
  );
}

function SubView({
  title,
  onBack,
  children,
}: {
  title: string;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <div className={styles.subHeader}>
        <button type="button" className={styles.back} aria-label="Back" onClick={onBack}>
          <ArrowLeftIcon />
        </button>
        <h2 className={styles.subTitle}>{title}</h2>
      </div>
      {children}
    </>
  );
}

function DisplayView({ onBack }: { onBack: () => void }) {
  const [dark, setDark] = useDarkTheme();
  const [compact, setCompact] = useState(false);
  return (
    <SubView title="Display & Accessibility" onBack={onBack}>
      <fieldset className={styles.choiceGroup}>
        <legend className={styles.choiceLegend}>
          <MoonIcon /> Dark Mode
        </legend>
        <p className={styles.muted}>
          Adjust the appearance of Hearth to reduce glare and give your eyes a break.
        </p>
        <label className={styles.choice}>
          Off
          <input type="radio" name="darkMode" checked={!dark} onChange={() => setDark(false)} />
        </label>
        <label className={styles.choice}>
          On
          <input type="radio" name="darkMode" checked={dark} onChange={() => setDark(true)} />
        </label>
      </fieldset>
      <fieldset className={styles.choiceGroup}>
        <legend className={styles.choiceLegend}>Compact Mode</legend>
        <p className={styles.muted}>
          Make your font size smaller so more content can fit on the screen.
        </p>
        <label className={styles.choice}>
          Off
          <input
            type="radio"
            name="compactMode"
            checked={!compact}
            onChange={() => setCompact(false)}
          />
        </label>
        <label className={styles.choice}>
          On
          <input
            type="radio"
            name="compactMode"
            checked={compact}
            onChange={() => setCompact(true)}
          />
        </label>
      </fieldset>
      <Item icon={<KeyboardIcon />} more>
        Keyboard
      </Item>
    </SubView>
  );
}
