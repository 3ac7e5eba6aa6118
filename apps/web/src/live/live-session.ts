import type { QueryClient } from '@tanstack/react-query';
import { applyLiveMessage, isUnseenPost, refetchAfterGap } from '../api/live-cache';
import { LiveConnection } from './live-connection';

export interface LiveSessionOptions {
  token: string;
  userId: string;
  username: string;
  queryClient: QueryClient;
  /** Another member's post announced live and not yet in the feed. */
  onUnseenPost: (postId: string) => void;
  /** Closed with 4401: the session is over. */
  onUnauthorized: () => void;
}

/**
 * The signed-in member's live connection, its messages applied to the cached data. Its own
 * chunk, loaded once a member is signed in: the login screen downloads none of it (the cache
 * updates reach every part of the app's data, the moderation queue's keys included).
 */
export function openLiveSession(options: LiveSessionOptions): LiveConnection {
  const { queryClient, userId, username } = options;
  return new LiveConnection({
    token: options.token,
    onMessage: (message) => {
      if (message.type === 'post') {
        if (isUnseenPost(queryClient, message.payload, userId)) {
          options.onUnseenPost(message.payload.postId);
        }
        return;
      }
      applyLiveMessage(queryClient, message, { id: userId, username });
    },
    onReconnected: () => refetchAfterGap(queryClient),
    onUnauthorized: options.onUnauthorized,
  });
}
