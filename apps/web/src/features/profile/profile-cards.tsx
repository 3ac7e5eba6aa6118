import {
  DEFAULT_PICTURE,
  PROFILE_FRIENDS_SHOWN,
  PROFILE_PHOTOS_SHOWN,
  type Profile,
} from '@hearth/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useImagesQuery } from '../../api/profile';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { pictureAttributes } from '../../ui/picture';
import { PersonAddIcon } from '../../ui/profile-icons';
import styles from './profile-page.module.css';
import { shortName } from './profile-text';

/**
 * A photo or friend tile: a third of a card's width less 2 gaps of 6 px (profile-page.module.css).
 * The card is the profile's left column, about 357 px, or under 900 px the whole width less the
 * page's and the card's padding.
 */
const TILE_SIZES = '(max-width: 900px) calc((100vw - 60px) / 3), 105px';

function Card({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h2 id={titleId} className={styles.cardTitle}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * The first 9 of the member's images, newest first; 'See all photos' opens all the listed ones
 * (at most 30) in the card, on the profile.
 */
export function PhotosCard({ username }: { username: string }) {
  const images = useImagesQuery(username);
  const [all, setAll] = useState(false);
  const listed = images.data?.resources ?? [];
  const shown = all ? listed : listed.slice(0, PROFILE_PHOTOS_SHOWN);
  const tilesId = useId();
  return (
    <Card
      title="Photos"
      action={
        <button
          type="button"
          className={`${styles.cardLink} ${styles.flatButton}`}
          aria-expanded={all}
          aria-controls={tilesId}
          onClick={() => setAll((open) => !open)}
        >
          {all ? 'Show fewer photos' : 'See all photos'}
        </button>
      }
    >
      {images.isPending ? (
        <div className={styles.tileSkeleton} aria-hidden="true" />
      ) : images.isError ? (
        <p className={styles.muted}>The photos could not be loaded.</p>
      ) : shown.length === 0 ? (
        <p className={styles.muted}>No photos yet.</p>
      ) : (
        <>
          <p className={styles.muted}>
            {images.data.total_count} {images.data.total_count === 1 ? 'photo' : 'photos'}
          </p>
          <ul id={tilesId} className={styles.tiles}>
            {shown.map((image) => (
              <li key={image.public_id} className={styles.tile}>
                <img {...pictureAttributes(image.secure_url, TILE_SIZES)} alt="" loading="lazy" />
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/**
 * The first 9 friends, each linking to their profile, under the number of all of them; a short
 * sentence instead when the member's privacy settings keep their friends list from the viewer.
 */
export function FriendsCard({
  friends,
  count,
  visible,
}: {
  friends: Profile['friends'];
  count: number;
  /** Whether the viewer may see the list (the profile's `friendsVisible`). */
  visible: boolean;
}) {
  if (!visible) {
    return (
      <Card title="Friends">
        <p className={styles.muted}>This friends list is private.</p>
      </Card>
    );
  }
  const shown = friends.slice(0, PROFILE_FRIENDS_SHOWN);
  return (
    <Card
      title="Friends"
      action={
        <Link to="/friends" className={styles.cardLink}>
          See all friends
        </Link>
      }
    >
      <p className={styles.muted}>
        {count} {count === 1 ? 'friend' : 'friends'}
      </p>
      {shown.length > 0 && (
        <ul className={styles.tiles}>
          {shown.map((friend) => (
            <li key={friend.username}>
              <Link to={`/profile/${friend.username}`} className={styles.friendTile}>
                <span className={styles.tile}>
                  <img
                    {...pictureAttributes(friend.picture || DEFAULT_PICTURE, TILE_SIZES)}
                    alt=""
                    loading="lazy"
                  />
                </span>
                <span className={styles.friendName}>
                  {friend.first_name} {friend.last_name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Invented people: the card is a static sample (spec section 2). */
const SUGGESTIONS = [
  'Marisol Quintanilla',
  'Teodor Brankovic',
  'Ingrid Halvorsen',
  'Kwame Mensah',
  'Yuki Tanabe',
  'Priya Raghunathan',
  'Olu Adeyemi',
];

export function PeopleYouMayKnow() {
  return (
    <Card title="People You May Know">
      <ul className={styles.suggestions}>
        {SUGGESTIONS.map((name) => (
          <li key={name} className={styles.suggestion}>
            <Avatar src={DEFAULT_PICTURE} size={120} className={styles.suggestionPicture} />
            <span className={styles.suggestionName} title={name}>
              {shortName(name)}
            </span>
            <button
              type="button"
              className={`${buttons.secondary} ${styles.suggestionButton}`}
              aria-label={`Add ${name} as a friend`}
            >
              <PersonAddIcon width={16} height={16} />
              Add Friend
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
