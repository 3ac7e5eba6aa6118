import { defineMessages } from '@hearth/contract';

/** The home feed's list of posts and its 'New posts' pill. */
export const feedMessages = defineMessages('feed', {
  posts: 'Posts',
  loading: 'Loading posts',
  loadingMore: 'Loading more posts',
  loadMore: 'Load more posts',
  newPosts: 'New posts',
});
