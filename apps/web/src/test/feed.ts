import type { Post } from '@hearth/contract';
import { type Handler, stubServer } from './fake-server';

/** A server whose home feed is `posts` (one page), plus any other answers a test needs. */
export function stubFeed(posts: Post[], handlers: Record<string, Handler> = {}) {
  return stubServer({ 'GET /posts': () => ({ body: posts }), ...handlers });
}
