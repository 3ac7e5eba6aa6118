import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAboutQuery } from '../../api/moderation';
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
  InviteIcon,
  KeyboardIcon,
  LogoutIcon,
  MoonIcon,
} from '../../ui/icons';
import styles from './account-menu.module.css';
import { HeaderMenu } from './header-menu';
import { useLogout } from './use-logout';

type View = 'main' | 'settings' | 'help' | 'display';

/** Settings & privacy, in the spec's order: an entry with a path leads to its page. */
const SETTINGS_ITEMS: readonly { name: string; to?: string }[] = [
  { name: 'Settings', to: '/settings' },
  { name: 'Privacy checkup', to: '/settings/privacy-checkup' },
  { name: 'Privacy Shortcut', to: '/settings/privacy' },
  { name: 'Activity log' },
  { name: 'News Feed Preferences' },
  { name: 'Language' },
  { name: 'Blocking', to: '/settings/blocking' },
  { name: 'Muted', to: '/settings/muted' },
];
/** Help & support: an entry with a path leads to its page. */
const HELP_ITEMS: readonly { name: string; to?: string }[] = [
  { name: 'Help Center' },
  { name: 'Support Inbox', to: '/support' },
  { name: 'Report a problem' },
];

/**
 * The account menu of spec 'Account menu': profile, sub-views, dark mode and Logout; Settings &
 * privacy leads to the member's own account (Settings: name and password), the privacy
 * settings (Privacy Shortcut), their checkup, and the Blocking and Muted pages, and ends with
 * 'Log out of all devices' (issue 17). While sign-up is by invite
 * and members may invite, 'Invite friends' leads to the invite links (/admin/invites). Help &
 * support's Support Inbox leads to the member's reports (/support). A
 * header menu (a dialog: focus moves in and stays in; Escape or a press outside closes it).
 */
export function AccountMenu() {
  return (
    <HeaderMenu
      label="Account"
      panelLabel="Account menu"
      icon={<CaretDownIcon width={22} height={22} />}
    >
      {(close) => <AccountPanel close={close} />}
    </HeaderMenu>
  );
}

function AccountPanel({ close }: { close: () => void }) {
  const user = useSessionUser();
  const logout = useLogout();
  const logoutEverywhere = useLogout({ everywhere: true });
  const about = useAboutQuery();
  const mayInvite = about.data?.signupMode === 'invite' && about.data.membersMayInvite;
  const [view, setView] = useState<View>('main');
  const shownView = useRef<View>('main');
  const contentRef = useRef<HTMLDivElement>(null);

  // A sub-view starts at its back arrow; back on the main view, focus returns to the item
  // that opened the sub-view.
  useEffect(() => {
    const from = shownView.current;
    shownView.current = view;
    if (from === view) return;
    const target =
      view === 'main'
        ? contentRef.current?.querySelector<HTMLElement>(`[data-view="${from}"]`)
        : contentRef.current?.querySelector<HTMLElement>('[data-back]');
    target?.focus();
  }, [view]);

  return (
    <div ref={contentRef}>
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
          {mayInvite && (
            <Link to="/admin/invites" className={styles.linkItem} onClick={close}>
              <span className={styles.itemIcon}>
                <InviteIcon />
              </span>
              <span className={styles.itemText}>Invite friends</span>
            </Link>
          )}
          <Item icon={<FeedbackIcon />}>Give us feedback</Item>
          <hr className={styles.separator} />
          <Item icon={<GearIcon />} opens="settings" onClick={() => setView('settings')}>
            Settings &amp; privacy
          </Item>
          <Item icon={<HelpIcon />} opens="help" onClick={() => setView('help')}>
            Help &amp; support
          </Item>
          <Item icon={<MoonIcon />} opens="display" onClick={() => setView('display')}>
            Display and accessibility
          </Item>
          <Item icon={<LogoutIcon />} onClick={logout}>
            Logout
          </Item>
        </>
      )}
      {view === 'settings' && (
        <SubView title="Settings & privacy" onBack={() => setView('main')}>
          <SubViewItems items={SETTINGS_ITEMS} close={close} />
          <hr className={styles.separator} />
          <Item icon={<LogoutIcon />} onClick={logoutEverywhere}>
            Log out of all devices
          </Item>
        </SubView>
      )}
      {view === 'help' && (
        <SubView title="Help & support" onBack={() => setView('main')}>
          <SubViewItems items={HELP_ITEMS} close={close} />
        </SubView>
      )}
      {view === 'display' && <DisplayView onBack={() => setView('main')} />}
    </div>
  );
}

/** An entry; one that `opens` a sub-view shows a chevron. Entries without an action are inert. */
function Item({
  icon,
  onClick,
  opens,
  more = opens !== undefined,
  children,
}: {
  icon?: ReactNode;
  onClick?: () => void;
  opens?: View;
  more?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.item} onClick={onClick} data-view={opens}>
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
        <button type="button" className={styles.back} aria-label="Back" onClick={onBack} data-back>
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

/** A sub-view's rows: a link for an item that leads somewhere, an inert row for the others. */
function SubViewItems({
  items,
  close,
}: {
  items: readonly { name: string; to?: string | undefined }[];
  close: () => void;
}) {
  return items.map(({ name, to }) =>
    to ? (
      <Link key={name} to={to} className={styles.linkItem} onClick={close}>
        <span className={styles.itemText}>{name}</span>
        <ChevronRightIcon className={styles.chevron} />
      </Link>
    ) : (
      <Item key={name}>{name}</Item>
    ),
  );
}
