import { LANGUAGES, type MessageDescriptor } from '@hearth/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAboutQuery } from '../../api/about';
import { useChangeLanguageMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { setLanguage, useLanguage, useT } from '../../i18n';
import { Link } from '../../routing/routing';
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
import { accountMenuMessages as m } from './account-menu.messages';
import styles from './account-menu.module.css';
import { HeaderMenu } from './header-menu';
import { CheckIcon } from './menu-icons';
import { useLogout } from './use-logout';

type View = 'main' | 'settings' | 'help' | 'display' | 'language';

/**
 * A sub-view's entry: one with a path leads to its page, one that `opens` a sub-view shows it,
 * the others are inert.
 */
interface SubViewEntry {
  name: MessageDescriptor;
  to?: string;
  opens?: View;
}

/** Settings & privacy, in the spec's order. */
const SETTINGS_ITEMS: readonly SubViewEntry[] = [
  { name: m.settings, to: '/settings' },
  { name: m.privacyCheckup, to: '/settings/privacy-checkup' },
  { name: m.privacyShortcut, to: '/settings/privacy' },
  { name: m.activityLog },
  { name: m.newsFeedPreferences },
  { name: m.language, opens: 'language' },
  { name: m.blocking, to: '/settings/blocking' },
  { name: m.muted, to: '/settings/muted' },
];
/** Help & support. */
const HELP_ITEMS: readonly SubViewEntry[] = [
  { name: m.helpCenter },
  { name: m.supportInbox, to: '/support' },
  { name: m.reportProblem },
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
  const t = useT();
  return (
    <HeaderMenu
      label={t(m.account)}
      panelLabel={t(m.accountMenu)}
      icon={<CaretDownIcon width={22} height={22} />}
    >
      {(close) => <AccountPanel close={close} />}
    </HeaderMenu>
  );
}

function AccountPanel({ close }: { close: () => void }) {
  const t = useT();
  const user = useSessionUser();
  const logout = useLogout();
  const logoutEverywhere = useLogout({ everywhere: true });
  const about = useAboutQuery();
  const mayInvite = about.data?.signupMode === 'invite' && about.data.membersMayInvite;
  const [view, setView] = useState<View>('main');
  const shownView = useRef<View>('main');
  const contentRef = useRef<HTMLDivElement>(null);

  // A sub-view starts at its back arrow; back where it was opened from, focus returns to the
  // item that opened it.
  useEffect(() => {
    const from = shownView.current;
    shownView.current = view;
    if (from === view) return;
    const opener = contentRef.current?.querySelector<HTMLElement>(`[data-view="${from}"]`);
    const target = opener ?? contentRef.current?.querySelector<HTMLElement>('[data-back]');
    target?.focus();
  }, [view]);

  return (
    <div ref={contentRef}>
      {view === 'main' && (
        <>
          <Link to="/profile" className={styles.profileCard} onClick={close}>
            <Avatar src={user.picture} size={60} />
            <span className={styles.profileText}>
              <span className={styles.name} dir="auto">
                {user.first_name} {user.last_name}
              </span>
              <span className={styles.muted}>{t(m.seeProfile)}</span>
            </span>
          </Link>
          <hr className={styles.separator} />
          {mayInvite && (
            <Link to="/admin/invites" className={styles.linkItem} onClick={close}>
              <span className={styles.itemIcon}>
                <InviteIcon />
              </span>
              <span className={styles.itemText}>{t(m.inviteFriends)}</span>
            </Link>
          )}
          <Item icon={<FeedbackIcon />}>{t(m.giveFeedback)}</Item>
          <hr className={styles.separator} />
          <Item icon={<GearIcon />} opens="settings" onClick={() => setView('settings')}>
            {t(m.settingsPrivacy)}
          </Item>
          <Item icon={<HelpIcon />} opens="help" onClick={() => setView('help')}>
            {t(m.helpSupport)}
          </Item>
          <Item icon={<MoonIcon />} opens="display" onClick={() => setView('display')}>
            {t(m.displayAccessibility)}
          </Item>
          <Item icon={<LogoutIcon />} onClick={logout}>
            {t(m.logout)}
          </Item>
        </>
      )}
      {view === 'settings' && (
        <SubView title={t(m.settingsPrivacy)} onBack={() => setView('main')}>
          <SubViewItems items={SETTINGS_ITEMS} close={close} open={setView} />
          <hr className={styles.separator} />
          <Item icon={<LogoutIcon />} onClick={logoutEverywhere}>
            {t(m.logoutEverywhere)}
          </Item>
        </SubView>
      )}
      {view === 'help' && (
        <SubView title={t(m.helpSupport)} onBack={() => setView('main')}>
          <SubViewItems items={HELP_ITEMS} close={close} open={setView} />
        </SubView>
      )}
      {view === 'display' && <DisplayView onBack={() => setView('main')} />}
      {view === 'language' && <LanguageView onBack={() => setView('settings')} />}
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
  const t = useT();
  return (
    <>
      <div className={styles.subHeader}>
        <button
          type="button"
          className={styles.back}
          aria-label={t(m.back)}
          onClick={onBack}
          data-back
        >
          <ArrowLeftIcon />
        </button>
        <h2 className={styles.subTitle}>{title}</h2>
      </div>
      {children}
    </>
  );
}

function DisplayView({ onBack }: { onBack: () => void }) {
  const t = useT();
  const [dark, setDark] = useDarkTheme();
  const [compact, setCompact] = useState(false);
  return (
    <SubView title={t(m.displayTitle)} onBack={onBack}>
      <fieldset className={styles.choiceGroup}>
        <legend className={styles.choiceLegend}>
          <MoonIcon /> {t(m.darkMode)}
        </legend>
        <p className={styles.muted}>{t(m.darkModeHint)}</p>
        <label className={styles.choice}>
          {t(m.off)}
          <input type="radio" name="darkMode" checked={!dark} onChange={() => setDark(false)} />
        </label>
        <label className={styles.choice}>
          {t(m.on)}
          <input type="radio" name="darkMode" checked={dark} onChange={() => setDark(true)} />
        </label>
      </fieldset>
      <fieldset className={styles.choiceGroup}>
        <legend className={styles.choiceLegend}>{t(m.compactMode)}</legend>
        <p className={styles.muted}>{t(m.compactModeHint)}</p>
        <label className={styles.choice}>
          {t(m.off)}
          <input
            type="radio"
            name="compactMode"
            checked={!compact}
            onChange={() => setCompact(false)}
          />
        </label>
        <label className={styles.choice}>
          {t(m.on)}
          <input
            type="radio"
            name="compactMode"
            checked={compact}
            onChange={() => setCompact(true)}
          />
        </label>
      </fieldset>
      <Item icon={<KeyboardIcon />} more>
        {t(m.keyboard)}
      </Item>
    </SubView>
  );
}

/**
 * The languages Hearth speaks, each in its own name: choosing one switches the app to it at
 * once and keeps it with the member's account (screens on their other devices, and mails).
 */
function LanguageView({ onBack }: { onBack: () => void }) {
  const t = useT();
  const current = useLanguage();
  const change = useChangeLanguageMutation();
  return (
    <SubView title={t(m.language)} onBack={onBack}>
      {LANGUAGES.map((language) => {
        const chosen = language.code === current;
        return (
          <button
            key={language.code}
            type="button"
            className={styles.item}
            aria-current={chosen ? 'true' : undefined}
            onClick={() => {
              void setLanguage(language.code);
              change.mutate(language.code);
            }}
          >
            <span className={styles.itemText} lang={language.code} dir={language.dir}>
              {language.name}
            </span>
            {chosen && <CheckIcon className={styles.check} />}
          </button>
        );
      })}
      {change.isError && (
        <p role="alert" className={styles.error}>
          {errorMessage(change.error)}
        </p>
      )}
    </SubView>
  );
}

/** A sub-view's rows: a link for an item that leads somewhere, a button for the others. */
function SubViewItems({
  items,
  close,
  open,
}: {
  items: readonly SubViewEntry[];
  close: () => void;
  open: (view: View) => void;
}) {
  const t = useT();
  return items.map(({ name, to, opens }) =>
    to ? (
      <Link key={name.id} to={to} className={styles.linkItem} onClick={close}>
        <span className={styles.itemText}>{t(name)}</span>
        <ChevronRightIcon className={styles.chevron} />
      </Link>
    ) : (
      <Item key={name.id} opens={opens} onClick={opens && (() => open(opens))}>
        {t(name)}
      </Item>
    ),
  );
}
