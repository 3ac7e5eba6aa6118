import {
  DEFAULT_PICTURE,
  PROFILE_FRIENDS_SHOWN,
  PROFILE_PHOTOS_SHOWN,
  type Profile,
} from '@hearth/contract';
import { useId, useState } from 'react';
import { useImagesQuery } from '../../api/profile';
import { useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { pictureAttributes } from '../../ui/picture';
import { PersonAddIcon } from '../../ui/profile-icons';
import { profileMessages as m } from './profile.messages';
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
  const t = useT();
  const images = useImagesQuery(username);
  const [all, setAll] = useState(false);
  const listed = images.data?.resources ?? [];
  const shown = all ? listed : listed.slice(0, PROFILE_PHOTOS_SHOWN);
  const tilesId = useId();
  return (
    <Card
      title={t(m.photos)}
      action={
        <button
          type="button"
          className={`${styles.cardLink} ${styles.flatButton}`}
          aria-expanded={all}
          aria-controls={tilesId}
          onClick={() => setAll((open) => !open)}
        >
          {all ? t(m.showFewerPhotos) : t(m.seeAllPhotos)}
        </button>
      }
    >
      {images.isPending ? (
        <div className={styles.tileSkeleton} aria-hidden="true" />
      ) : images.isError ? (
        <p className={styles.muted}>{t(m.photosFailed)}</p>
      ) : shown.length === 0 ? (
        <p className={styles.muted}>{t(m.noPhotos)}</p>
      ) : (
        <>
          <p className={styles.muted}>{t(m.photoCount, { count: images.data.total_count })}</p>
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
  const t = useT();
  if (!visible) {
    return (
      <Card title={t(m.friends)}>
        <p className={styles.muted}>{t(m.friendsPrivate)}</p>
      </Card>
    );
  }
  const shown = friends.slice(0, PROFILE_FRIENDS_SHOWN);
  return (
    <Card
      title={t(m.friends)}
      action={
        <Link to="/friends" className={styles.cardLink}>
          {t(m.seeAllFriends)}
        </Link>
      }
    >
      <p className={styles.muted}>{t(m.friendCount, { count })}</p>
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
                <span className={styles.friendName} dir="auto">
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
  const t = useT();
  return (
    <Card title={t(m.peopleYouMayKnow)}>
      <ul className={styles.suggestions}>
        {SUGGESTIONS.map((name) => (
          <li key={name} className={styles.suggestion}>
            <Avatar src={DEFAULT_PICTURE} size={120} className={styles.suggestionPicture} />
            <span className={styles.suggestionName} title={name} dir="auto">
              {shortName(name)}
            </span>
            <button
              type="button"
              className={`${buttons.secondary} ${styles.suggestionButton}`}
              aria-label={t(m.addAsFriend, { name })}
            >
              <PersonAddIcon width={16} height={16} />
              {t(m.addFriend)}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
