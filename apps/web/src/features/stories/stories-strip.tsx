import { storyCountForWidth } from '@hearth/contract';
import { useT } from '../../i18n';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { PlusIcon } from '../../ui/feed-icons';
import { pictureAttributes } from '../../ui/picture';
import { useWindowWidth } from '../../ui/use-window-width';
import { SAMPLE_STORIES } from './sample-stories';
import { storiesMessages as m } from './stories.messages';
import styles from './stories-strip.module.css';

/** A story card is 86 to 140 px wide (stories-strip.module.css), its pictures as wide. */
const STORY_SIZES = '140px';

/** Spec 'Stories strip': 'Create Story' and as many sample stories as the window width allows. */
export function StoriesStrip() {
  const t = useT();
  const user = useSessionUser();
  const count = storyCountForWidth(useWindowWidth());
  return (
    <section className={styles.strip} aria-label={t(m.stories)}>
      <ul className={styles.list}>
        <li className={styles.item}>
          <button type="button" className={`${styles.card} ${styles.create}`}>
            <img
              className={styles.createPicture}
              {...pictureAttributes(user.picture, STORY_SIZES)}
              alt=""
            />
            <span className={styles.createFoot}>
              <span className={styles.plus}>
                <PlusIcon width={22} height={22} />
              </span>
              {t(m.createStory)}
            </span>
          </button>
        </li>
        {SAMPLE_STORIES.slice(0, count).map((story) => (
          <li key={story.image} className={styles.item}>
            <button
              type="button"
              className={styles.card}
              aria-label={t(m.storyBy, { name: story.profile_name })}
            >
              <img
                className={styles.image}
                {...pictureAttributes(story.image, STORY_SIZES)}
                alt=""
              />
              <Avatar className={styles.storyAvatar} src={story.profile_picture} size={36} />
              <span className={styles.name} dir="auto">
                {story.profile_name}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
