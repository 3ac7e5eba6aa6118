import { useEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { HOME_HYDRATED_HOOK } from '../../prerender/show-login-script';
import { useSessionUser } from '../../session/session-context';
import { NewPostsPill } from '../feed/new-posts-pill';
import { PostList } from '../feed/post-list';
import { CreatePostBox } from '../post/create-post-box';
import { StoriesStrip } from '../stories/stories-strip';
import { homeMessages as m } from './home.messages';
import { HomeLeft } from './home-left';
import styles from './home-page.module.css';
import { HomeRight } from './home-right';
import { VerifyBanner } from './verify-banner';

/** The home screen (spec section 2): shortcuts, the feed in the middle, contacts on the right. */
export function HomePage() {
  const t = useT();
  const user = useSessionUser();
  const middleRef = useRef<HTMLDivElement>(null);
  // On a home the server drew: once the home itself has been hydrated (after the header, which
  // is outside its Suspense boundary), what was pressed and typed meanwhile reaches the app.
  useEffect(() => {
    (window as unknown as Record<string, (() => void) | undefined>)[HOME_HYDRATED_HOOK]?.();
  }, []);
  return (
    <div className={styles.home}>
      <HomeLeft />
      <div ref={middleRef} className={styles.middle}>
        <h1 className="visually-hidden">{t(m.home)}</h1>
        <StoriesStrip />
        {!user.verified && <VerifyBanner />}
        <CreatePostBox />
        <NewPostsPill />
        <PostList columnRef={middleRef} />
      </div>
      <HomeRight />
    </div>
  );
}
