import { type Post, PROFILE_HEADER_FRIENDS_SHOWN, SCROLL_FIX } from '@hearth/contract';
import {
  type CSSProperties,
  type RefObject,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { errorMessage } from '../../api/client';
import { type ProfileAnswer, useOlderProfilePostsQuery, useProfileQuery } from '../../api/profile';
import { lazyTranslated, T, useT } from '../../i18n';
import { serverUiMessages } from '../../i18n/server-ui.messages';
import { Link, Navigate, useParams } from '../../routing/routing';
import { useSession, useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { ErrorBox } from '../../ui/error-box';
import { CameraIcon } from '../../ui/feed-icons';
import { GridIcon, ListIcon } from '../../ui/profile-icons';
import { useMediaQuery } from '../../ui/use-media-query';
import { NextPageTrigger } from '../feed/post-list';
import listStyles from '../feed/post-list.module.css';
import { MessageButton } from '../messenger/message-button';
import { CreatePostBox } from '../post/create-post-box';
import { PostCard } from '../post/post-card';
import { ProfileOptions } from './block-member';
import { FriendshipButtons } from './friendship-buttons';
import { IntroCard } from './intro-card';
import { profileMessages as m } from './profile.messages';
import { FriendsCard, PeopleYouMayKnow, PhotosCard } from './profile-cards';
import { ProfileCover } from './profile-cover';
import styles from './profile-page.module.css';

const loadPictureDialog = () => import('./picture-dialog');
// The picture dialog brings react-easy-crop; it loads only when opened.
const PictureDialog = lazyTranslated(() =>
  loadPictureDialog().then((m) => ({ default: m.PictureDialog })),
);

const TABS = [
  m.tabPosts,
  m.tabAbout,
  m.tabFriends,
  m.tabPhotos,
  m.tabVideos,
  m.tabCheckIns,
  m.tabMore,
];
/** The header's height plus a gap: where a short sticky column rests. */
const STICKY_TOP = 72;
const STICKY_GAP = 16;

/** /profile and /profile/{username} (spec section 2). */
export function ProfilePage() {
  const t = useT();
  const user = useSessionUser();
  const { username = user.username } = useParams();
  const own = username.toLowerCase() === user.username.toLowerCase();
  const profile = useProfileQuery(username);
  // The profile last shown here. One that goes missing while shown (a block, either way: the
  // live friendship change reads it again) sends the member home, as the Block dialog does.
  const shownRef = useRef<string | null>(null);
  const shown = profile.data?.ok === true;
  useEffect(() => {
    if (shown) shownRef.current = username.toLowerCase();
  }, [shown, username]);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return (
      <div className={styles.failure}>
        <h1 className="visually-hidden">{t(m.pageTitle)}</h1>
        <ErrorBox message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  if (profile.data.ok !== true) {
    // Spec section 2: an unknown profile sends the member to their own.
    if (!own) {
      const vanished = shownRef.current === username.toLowerCase();
      return <Navigate to={vanished ? '/' : '/profile'} replace />;
    }
    return (
      <div className={styles.failure}>
        <h1 className="visually-hidden">{t(m.pageTitle)}</h1>
        <ErrorBox message={errorMessage(null)} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  return <ProfileView key={profile.data._id} profile={profile.data} own={own} />;
}

type ShownProfile = Extract<ProfileAnswer, { ok: true }>;

/**
 * The profile's first page of posts, then the older ones as the member scrolls (each post once:
 * one may move to a later page meanwhile).
 */
function useProfilePosts(profile: ShownProfile) {
  const [reached, setReached] = useState(false);
  const older = useOlderProfilePostsQuery(profile.username, profile.postsCursor, reached);
  const posts = useMemo(() => {
    const seen = new Set<string>();
    const list: Post[] = [];
    for (const post of [
      ...profile.posts,
      ...(older.data?.pages.flatMap((page) => page.posts) ?? []),
    ]) {
      if (!seen.has(post._id)) {
        seen.add(post._id);
        list.push(post);
      }
    }
    return list;
  }, [profile.posts, older.data]);
  const hasMore = !!profile.postsCursor && (!older.data || older.hasNextPage);
  return {
    posts,
    hasMore,
    busy: older.isFetching,
    failed: older.isError,
    loadMore: () => {
      if (!reached) setReached(true);
      else if (older.isError && !older.data) void older.refetch();
      else void older.fetchNextPage();
    },
  };
}

function ProfileView({ profile, own }: { profile: ShownProfile; own: boolean }) {
  const t = useT();
  const { dispatch } = useSession();
  const user = useSessionUser();
  const [pictureOpen, setPictureOpen] = useState(false);
  const leftRef = useRef<HTMLDivElement>(null);
  const sticky = useStickyColumn(leftRef);
  const name = `${profile.first_name} ${profile.last_name}`;
  const picture = profile.picture;
  // The server is the truth: a picture changed on another device reaches this session's header
  // and cookie too. Saving a picture here patches both the profile and the session at once.
  useEffect(() => {
    if (own && picture !== user.picture) dispatch({ type: 'UPDATEPICTURE', payload: picture });
  }, [own, picture, user.picture, dispatch]);
  const count = profile.friendsCount;
  const posts = useProfilePosts(profile);

  return (
    <div className={styles.profile}>
      <div className={styles.top}>
        <div className={styles.topInner}>
          <ProfileCover cover={profile.cover} username={profile.username} own={own} />
          <div className={styles.headline}>
            <div className={styles.pictureWrap}>
              <Avatar
                src={picture}
                alt={t(m.pictureAlt, { name })}
                size={168}
                className={styles.picture}
              />
              {own && (
                <button
                  type="button"
                  className={styles.pictureButton}
                  aria-label={t(m.updatePicture)}
                  onPointerEnter={() => void loadPictureDialog()}
                  onFocus={() => void loadPictureDialog()}
                  onClick={() => setPictureOpen(true)}
                >
                  <CameraIcon />
                </button>
              )}
            </div>
            <div className={styles.identity}>
              <h1 className={styles.name} dir="auto">
                {name}
              </h1>
              {profile.friendsVisible && (
                <p className={styles.friendCount}>{t(m.friendCount, { count })}</p>
              )}
              {profile.friendsVisible && count > 0 && (
                <ul className={styles.friendThumbs} aria-label={t(m.someFriends)}>
                  {profile.friends.slice(0, PROFILE_HEADER_FRIENDS_SHOWN).map((friend, index) => (
                    <li
                      key={friend.username}
                      style={{ zIndex: PROFILE_HEADER_FRIENDS_SHOWN - index }}
                    >
                      <Link
                        to={`/profile/${friend.username}`}
                        aria-label={`${friend.first_name} ${friend.last_name}`}
                      >
                        <Avatar src={friend.picture} size={32} className={styles.thumb} />
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {!own && (
              <FriendshipButtons
                username={profile.username}
                profileId={profile._id}
                friendship={profile.friendship}
                acceptsFriendRequests={profile.acceptsFriendRequests}
              >
                <MessageButton memberId={profile._id} />
                <ProfileOptions member={profile} />
              </FriendshipButtons>
            )}
          </div>
          <nav className={styles.tabs} aria-label={t(m.sections)}>
            {TABS.map((tab, index) => (
              <Link
                key={tab.id}
                to="/"
                className={index === 0 ? `${styles.tab} ${styles.activeTab}` : styles.tab}
              >
                {t(tab)}
              </Link>
            ))}
          </nav>
        </div>
      </div>

      <div className={styles.bottom}>
        <PeopleYouMayKnow />
        <div className={styles.columns}>
          <div ref={leftRef} className={styles.left} style={sticky}>
            <IntroCard username={profile.username} details={profile.details} own={own} />
            <PhotosCard username={profile.username} />
            <FriendsCard friends={profile.friends} count={count} visible={profile.friendsVisible} />
            <p className={styles.footer}>
              <T
                message={m.footer}
                components={{
                  0: <Link to="/" />,
                  1: <Link to="/" />,
                  2: <Link to="/" />,
                  3: <Link to="/" />,
                }}
              />
            </p>
          </div>
          <div className={styles.right}>
            {own && <CreatePostBox onProfile />}
            <div className={styles.postsHead}>
              <div className={styles.postsHeadTop}>
                <h2 className={styles.cardTitle}>{t(m.posts)}</h2>
                <button type="button" className={styles.flatButton}>
                  {t(m.managePosts)}
                </button>
              </div>
              <div className={styles.views}>
                <button
                  type="button"
                  className={`${styles.view} ${styles.activeView}`}
                  aria-pressed="true"
                >
                  <ListIcon /> {t(m.listView)}
                </button>
                <button type="button" className={styles.view} aria-pressed="false">
                  <GridIcon /> {t(m.gridView)}
                </button>
              </div>
            </div>
            {posts.posts.length === 0 ? (
              <p className={listStyles.empty}>{t(serverUiMessages.noPosts)}</p>
            ) : (
              <section className={styles.posts} aria-label={t(m.posts)}>
                {posts.posts.map((post) => (
                  <PostCard key={post._id} post={post} />
                ))}
                {posts.hasMore && (
                  <NextPageTrigger
                    busy={posts.busy}
                    failed={posts.failed}
                    onReach={posts.loadMore}
                  />
                )}
              </section>
            )}
          </div>
        </div>
      </div>
      {pictureOpen && (
        <Suspense fallback={null}>
          <PictureDialog onClose={() => setPictureOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Spec section 9's scroll fix: on screens wider than 900 px the left column stays in view. A
 * column shorter than the window rests under the header; a taller one (the spec's 1000 px case)
 * scrolls until its end shows, then stays.
 */
function useStickyColumn(ref: RefObject<HTMLElement | null>): CSSProperties | undefined {
  const wide = useMediaQuery(`(min-width: ${SCROLL_FIX.minScreenWidth + 1}px)`);
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    const node = ref.current;
    if (!wide || !node) {
      setTop(null);
      return;
    }
    const measure = () => {
      const height = node.offsetHeight;
      const room = window.innerHeight - STICKY_TOP - STICKY_GAP;
      // Spec: a column over 1000 px tall stays fixed with its bottom in view; a shorter one
      // stays under the header, unless the window is too short to show it whole.
      const tall = height > SCROLL_FIX.columnHeightThreshold || height > room;
      setTop(tall ? window.innerHeight - height - STICKY_GAP : STICKY_TOP);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [wide, ref]);
  return wide && top !== null ? { position: 'sticky', top } : undefined;
}

function ProfileSkeleton() {
  const t = useT();
  return (
    <div className={styles.profile} role="status" aria-label={t(m.loading)} aria-busy="true">
      <div className={styles.top}>
        <div className={styles.topInner}>
          <div className={`${styles.cover} ${styles.skeletonBlock}`} />
          <div className={styles.headline}>
            <span className={`${styles.picture} ${styles.skeletonCircle}`} />
            <div className={styles.identity}>
              <span className={styles.skeletonLine} />
              <span className={`${styles.skeletonLine} ${styles.short}`} />
            </div>
          </div>
        </div>
      </div>
      <div className={styles.bottom}>
        <div className={styles.columns}>
          <div className={styles.left}>
            <div className={`${styles.card} ${styles.skeletonCard}`} />
          </div>
          <div className={styles.right}>
            <div className={`${styles.card} ${styles.skeletonCard}`} />
          </div>
        </div>
      </div>
    </div>
  );
}
