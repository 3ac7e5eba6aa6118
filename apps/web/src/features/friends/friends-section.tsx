import {
  DEFAULT_PICTURE,
  type FriendsPageType,
  type MessageDescriptor,
  type PublicUser,
} from '@hearth/contract';
import { useId, useRef } from 'react';
import type { FriendsPageAction } from '../../api/apply-friends-page';
import { T, useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { showDefaultPicture } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { fullName } from '../../ui/full-name';
import { pictureAttributes } from '../../ui/picture';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { friendsMessages as m } from './friends.messages';
import styles from './friends-page.module.css';

export interface SectionText {
  title: MessageDescriptor;
  /** The count under the title ({count}): '3 requests', '1 friend'. */
  count: MessageDescriptor;
  empty: MessageDescriptor;
  hint: MessageDescriptor;
  /** 'See all', then (visually hidden, for its accessible name) what it opens: 'friend requests'. */
  seeAll: MessageDescriptor;
}

export const SECTION_TEXT: Record<FriendsPageType, SectionText> = {
  requests: {
    title: m.requestsTitle,
    count: m.requestsCount,
    empty: m.requestsEmpty,
    hint: m.requestsHint,
    seeAll: m.requestsSeeAll,
  },
  sent: {
    title: m.sentTitle,
    count: m.sentCount,
    empty: m.sentEmpty,
    hint: m.sentHint,
    seeAll: m.sentSeeAll,
  },
  all: {
    title: m.allTitle,
    count: m.allCount,
    empty: m.allEmpty,
    hint: m.allHint,
    seeAll: m.allSeeAll,
  },
};

/** The visually hidden end of a button's or link's name. */
const HIDDEN = <span className="visually-hidden" />;

/**
 * A member card's picture is the card's width: cells of at least 180 px (150 px under 850 px)
 * filling the page's content, so one cell under 334 px and otherwise at most 230 px on a phone or
 * tablet and 276 px (two cells) or 228 px (four or more) beside the menu (friends-page.module.css).
 */
const CARD_SIZES =
  '(max-width: 333px) calc(100vw - 24px), (max-width: 849px) 230px, (max-width: 1119px) 276px, 228px';

interface FriendsSectionProps {
  type: FriendsPageType;
  members: PublicUser[];
  /** On the friends home page: the first few cards and a 'See all' link. */
  limit?: number;
  onAction: (action: FriendsPageAction, member: PublicUser) => void;
}

/** One list of the friends page: a heading, its cards, or an empty state that says why. */
export function FriendsSection({ type, members, limit, onAction }: FriendsSectionProps) {
  const t = useT();
  const text = SECTION_TEXT[type];
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = limit === undefined ? members : members.slice(0, limit);

  // A card leaves when its button is used: focus goes to the next card's first button (or the
  // one above), else to the heading, never to the top of the page.
  const focusAfterRemoval = useFocusAfterRemoval(
    members.map((member) => member._id),
    () =>
      [...(listRef.current?.querySelectorAll('li') ?? [])].flatMap(
        (card) => card.querySelector('button') ?? [],
      ),
    () => headingRef.current?.focus(),
  );

  function act(action: FriendsPageAction, member: PublicUser, index: number) {
    focusAfterRemoval(member._id, index);
    onAction(action, member);
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHead}>
        <div>
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
            {t(text.title)}
          </h2>
          {members.length > 0 && (
            <p className={styles.count}>{t(text.count, { count: members.length })}</p>
          )}
        </div>
        {limit !== undefined && (
          <Link to={`/friends/${type}`} className={styles.seeAll}>
            <T message={text.seeAll} components={{ 0: HIDDEN }} />
          </Link>
        )}
      </div>
      {shown.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t(text.empty)}</p>
          <p className={styles.muted}>{t(text.hint)}</p>
        </div>
      ) : (
        <ul ref={listRef} className={styles.cards} aria-labelledby={titleId}>
          {shown.map((member, index) => (
            <li key={member._id} className={styles.card}>
              <Link to={`/profile/${member.username}`} className={styles.person}>
                <img
                  className={styles.picture}
                  {...pictureAttributes(member.picture || DEFAULT_PICTURE, CARD_SIZES)}
                  alt=""
                  loading="lazy"
                  onError={showDefaultPicture}
                />
                <span className={styles.name} dir="auto">
                  {fullName(member)}
                </span>
              </Link>
              <CardActions
                type={type}
                member={member}
                onAction={(action) => act(action, member, index)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CardActions({
  type,
  member,
  onAction,
}: {
  type: FriendsPageType;
  member: PublicUser;
  onAction: (action: FriendsPageAction) => void;
}) {
  // Each button's name says whose request it answers; the visible word comes first.
  const name = fullName(member);
  if (type === 'requests') {
    return (
      <div className={styles.actions}>
        <button type="button" className={buttons.primary} onClick={() => onAction('acceptRequest')}>
          <T message={m.confirm} values={{ name }} components={{ 0: HIDDEN }} />
        </button>
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => onAction('deleteRequest')}
        >
          <T message={m.delete} values={{ name }} components={{ 0: HIDDEN }} />
        </button>
      </div>
    );
  }
  if (type === 'sent') {
    return (
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => onAction('cancelFriendRequest')}
        >
          <T message={m.cancelRequest} values={{ name }} components={{ 0: HIDDEN }} />
        </button>
      </div>
    );
  }
  return null;
}
