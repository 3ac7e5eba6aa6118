import {
  FRIENDS_PAGE_TYPES,
  type FriendsPage as FriendsPageData,
  type FriendsPageType,
  type PublicUser,
} from '@hearth/contract';
import { type ReactNode, useId, useState } from 'react';
import type { FriendsPageAction } from '../../api/apply-friends-page';
import { errorMessage } from '../../api/client';
import { useFriendsPageMutation, useFriendsPageQuery } from '../../api/friends';
import { type MessageDescriptor, translate, useT } from '../../i18n';
import { Navigate, NavLink, useParams } from '../../routing/routing';
import { ErrorBox } from '../../ui/error-box';
import { GiftIcon, PersonSentIcon, SparkleIcon } from '../../ui/friends-icons';
import { fullName } from '../../ui/full-name';
import { ChevronRightIcon, FriendsIcon, HomeIcon } from '../../ui/icons';
import { ListIcon, PersonAddIcon } from '../../ui/profile-icons';
import skeleton from '../../ui/skeleton.module.css';
import columns from '../home/home-columns.module.css';
import { friendsMessages as m } from './friends.messages';
import styles from './friends-page.module.css';
import { FriendsSection, SECTION_TEXT } from './friends-section';

/** Cards per section on the friends home page; 'See all' shows the rest. */
export const FRIENDS_HOME_CARDS = 8;

const LISTS: Record<FriendsPageType, keyof FriendsPageData> = {
  requests: 'requests',
  sent: 'sentRequests',
  all: 'friends',
};

/** Menu rows look like the home page's left column. */
const MENU_ROW = `${columns.link} ${styles.menuItem}`;
const MENU_ICON = `${columns.badge} ${columns.plain} ${styles.menuIcon}`;

const MENU_ICONS: Record<FriendsPageType, ReactNode> = {
  requests: <PersonAddIcon />,
  sent: <PersonSentIcon />,
  all: <FriendsIcon />,
};

/** What a screen reader hears once a card's button has done its work. */
const DONE: Record<FriendsPageAction, MessageDescriptor> = {
  acceptRequest: m.accepted,
  deleteRequest: m.deleted,
  cancelFriendRequest: m.cancelled,
};

function isFriendsPageType(value: string): value is FriendsPageType {
  return (FRIENDS_PAGE_TYPES as readonly string[]).includes(value);
}

/** /friends and /friends/{type} (spec 'Friends page'): the menu, then one or all three lists. */
export function FriendsPage() {
  const { type } = useParams();
  if (type !== undefined && !isFriendsPageType(type)) return <Navigate to="/friends" replace />;
  return (
    <div className={styles.page}>
      <FriendsMenu />
      <div className={styles.content}>
        <FriendsLists type={type} />
      </div>
    </div>
  );
}

function FriendsMenu() {
  const t = useT();
  const titleId = useId();
  return (
    <nav className={styles.menu} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.menuTitle}>
        {t(m.title)}
      </h1>
      <ul className={styles.menuList}>
        <li>
          <NavLink to="/friends" end className={MENU_ROW}>
            <span className={MENU_ICON}>
              <HomeIcon />
            </span>
            <span>{t(m.home)}</span>
          </NavLink>
        </li>
        {FRIENDS_PAGE_TYPES.map((type) => (
          <li key={type}>
            <NavLink to={`/friends/${type}`} className={MENU_ROW}>
              <span className={MENU_ICON}>{MENU_ICONS[type]}</span>
              <span>{t(SECTION_TEXT[type].title)}</span>
              <ChevronRightIcon className={styles.chevron} />
            </NavLink>
          </li>
        ))}
        {/* Spec: inert entries. They stay reachable and say they do nothing yet. */}
        <InertItem icon={<SparkleIcon />}>{t(m.suggestions)}</InertItem>
        <InertItem icon={<GiftIcon />}>{t(m.birthdays)}</InertItem>
        <InertItem icon={<ListIcon />}>{t(m.customLists)}</InertItem>
      </ul>
    </nav>
  );
}

function InertItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <button type="button" className={MENU_ROW} aria-disabled="true">
        <span className={MENU_ICON}>{icon}</span>
        <span>{children}</span>
        <ChevronRightIcon className={styles.chevron} />
      </button>
    </li>
  );
}

function FriendsLists({ type }: { type: FriendsPageType | undefined }) {
  const lists = useFriendsPageQuery();
  const { mutate } = useFriendsPageMutation();
  const [announcement, setAnnouncement] = useState('');

  function onAction(action: FriendsPageAction, member: PublicUser) {
    setAnnouncement(translate(DONE[action], { name: fullName(member) }));
    mutate({ action, member });
  }

  if (lists.isPending) return <FriendsSkeleton />;
  if (lists.isError) {
    return <ErrorBox message={errorMessage(lists.error)} onRetry={() => void lists.refetch()} />;
  }
  const shownTypes = type ? [type] : FRIENDS_PAGE_TYPES;
  return (
    <>
      {shownTypes.map((shown) => (
        <FriendsSection
          key={shown}
          type={shown}
          members={lists.data[LISTS[shown]]}
          limit={type ? undefined : FRIENDS_HOME_CARDS}
          onAction={onAction}
        />
      ))}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}

function FriendsSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t(m.loading)} aria-busy="true" className={styles.section}>
      <span className={`${skeleton.pulse} ${styles.skeletonLine}`} />
      <div className={styles.cards}>
        {['a', 'b', 'c', 'd'].map((key) => (
          <div key={key} className={`${skeleton.pulse} ${styles.card} ${styles.skeletonCard}`} />
        ))}
      </div>
    </div>
  );
}
