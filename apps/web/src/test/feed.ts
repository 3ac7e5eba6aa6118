import type { Post } from '@hearth/contract';
import { type Handlers, stubServer } from './fake-server';

/** A server whose home feed is `posts` (one page), plus any other answers a test needs. */
export function stubFeed(posts: Post[], handlers: Handlers = {}) {
  return stubServer({ feed: () => ({ body: posts }), ...handlers });
}
