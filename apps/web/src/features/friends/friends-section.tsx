import { DEFAULT_PICTURE, type FriendsPageType, type PublicUser } from '@hearth/contract';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import type { FriendsPageAction } from '../../api/apply-friends-page';
import { showDefaultPicture } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { fullName } from '../../ui/full-name';
import { pictureAttributes } from '../../ui/picture';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import styles from './friends-page.module.css';

export interface SectionText {
  title: string;
  /** The count under the title: '3 requests', '1 friend'. */
  count: (n: number) => string;
  empty: string;
  hint: string;
  /** What 'See all' opens, for its accessible name: 'See all friend requests'. */
  seeAll: string;
}

export const SECTION_TEXT: Record<FriendsPageType, SectionText> = {
  requests: {
    title: 'Friend Requests',
    count: (n) => `${n} ${n === 1 ? 'request' : 'requests'}`,
    empty: 'No friend requests',
    hint: 'When someone asks to be your friend, their request shows here.',
    seeAll: 'friend requests',
  },
  sent: {
    title: 'Sent Requests',
    count: (n) => `${n} ${n === 1 ? 'sent request' : 'sent requests'}`,
    empty: 'No sent requests',
    hint: 'Requests you send wait here until they are answered.',
    seeAll: 'sent requests',
  },
  all: {
    title: 'All Friends',
    count: (n) => `${n} ${n === 1 ? 'friend' : 'friends'}`,
    empty: 'No friends yet',
    hint: 'Search for people you know and add them as friends.',
    seeAll: 'friends',
  },
};

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
            {text.title}
          </h2>
          {members.length > 0 && <p className={styles.count}>{text.count(members.length)}</p>}
        </div>
        {limit !== undefined && (
          <Link to={`/friends/${type}`} className={styles.seeAll}>
            See all<span className="visually-hidden"> {text.seeAll}</span>
          </Link>
        )}
      </div>
      {shown.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{text.empty}</p>
          <p className={styles.muted}>{text.hint}</p>
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
                <span className={styles.name}>{fullName(member)}</span>
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
          Confirm<span className="visually-hidden"> request from {name}</span>
        </button>
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => onAction('deleteRequest')}
        >
          Delete<span className="visually-hidden"> request from {name}</span>
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
          Cancel Request<span className="visually-hidden"> to {name}</span>
        </button>
      </div>
    );
  }
  return null;
}
