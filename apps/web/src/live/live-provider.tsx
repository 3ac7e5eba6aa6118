import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSession } from '../session/session-context';
import type { LiveConnection } from './live-connection';
import { VisiblePosts } from './visible-posts';

type TrackPost = (element: Element, postId: string) => () => void;

interface NewPosts {
  /** Other members' posts announced live and not yet in the feed, newest first. */
  postIds: readonly string[];
  /** The feed was read again: the announced posts are in it. */
  clear: () => void;
}

type SendTyping = (conversationId: string) => void;

const TrackContext = createContext<TrackPost | null>(null);
const TypingContext = createContext<SendTyping>(() => undefined);
const NewPostsContext = createContext<NewPosts>({ postIds: [], clear: () => undefined });

/**
 * The live connection of the signed-in member (none when logged out): its messages update the
 * cached data, its 4401 logs out as an API 401 does, and the post cards on screen are watched.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user, dispatch } = useSession();
  const queryClient = useQueryClient();
  const [newPostIds, setNewPostIds] = useState<readonly string[]>([]);
  const connection = useRef<LiveConnection | null>(null);
  const [visible] = useState(() => new VisiblePosts((ids) => connection.current?.watch(ids)));

  const token = user?.token;
  const userId = user?.id;
  const username = user?.username;
  useEffect(() => {
    if (!token || !userId || !username) return;
    let ended = false;
    let live: LiveConnection | undefined;
    // The connection's code comes after the first screen, in its own chunk (live-session.ts).
    import('./live-session')
      .then(({ openLiveSession }) => {
        if (ended) return;
        live = openLiveSession({
          token,
          userId,
          username,
          queryClient,
          onUnseenPost: (postId) =>
            setNewPostIds((ids) => (ids.includes(postId) ? ids : [postId, ...ids])),
          // As an API call answered 401 (api/client.ts through the session).
          onUnauthorized: () => dispatch({ type: 'LOGOUT' }),
        });
        connection.current = live;
        live.watch(visible.current());
        live.start();
      })
      // Its chunk could not be fetched (offline): the screens work without live updates.
      .catch(() => undefined);
    return () => {
      ended = true;
      live?.stop();
      if (connection.current === live) connection.current = null;
      setNewPostIds([]);
    };
  }, [token, userId, username, queryClient, dispatch, visible]);

  const track = useCallback<TrackPost>(
    (element, postId) => visible.track(element, postId),
    [visible],
  );
  const clear = useCallback(() => setNewPostIds([]), []);
  const sendTyping = useCallback<SendTyping>(
    (conversationId) => connection.current?.typing(conversationId),
    [],
  );
  const newPosts = useMemo(() => ({ postIds: newPostIds, clear }), [newPostIds, clear]);

  return (
    <TrackContext.Provider value={track}>
      <TypingContext.Provider value={sendTyping}>
        <NewPostsContext.Provider value={newPosts}>{children}</NewPostsContext.Provider>
      </TypingContext.Provider>
    </TrackContext.Provider>
  );
}

/** A ref for a post card: while the card is on screen, its post's reactions and comments come live. */
export function useWatchedPost(postId: string) {
  const track = useContext(TrackContext);
  return useCallback(
    (element: Element | null) => (element && track ? track(element, postId) : undefined),
    [track, postId],
  );
}

/** Posts announced live for the home feed's 'New posts' pill. */
export function useNewPosts(): NewPosts {
  return useContext(NewPostsContext);
}

/** Tells the other members of a conversation that the member is writing in it. */
export function useSendTyping(): SendTyping {
  return useContext(TypingContext);
}
