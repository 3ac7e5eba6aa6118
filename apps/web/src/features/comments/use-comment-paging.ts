import {
  COMMENTS_INITIAL,
  COMMENTS_PAGE_SIZE,
  COMMENTS_STEP,
  type Comment,
  type Post,
} from '@hearth/contract';
import { useEffect, useMemo, useState } from 'react';
import { useOlderCommentsQuery } from '../../api/posts';

/** Newest first (spec: sorted by commentAt descending), each comment once. */
export function mergeComments(...lists: readonly (readonly Comment[])[]): Comment[] {
  const byId = new Map<string, Comment>();
  for (const list of lists) for (const comment of list) byId.set(comment._id, comment);
  // ISO 8601 times of one format sort as plain strings (localeCompare would load the browser's
  // collation data, a long task on a phone).
  return [...byId.values()].sort((a, b) =>
    a.commentAt === b.commentAt ? 0 : a.commentAt < b.commentAt ? 1 : -1,
  );
}

/**
 * Which comments a card shows (spec section 4): two at first, three more per 'View more
 * comments' while more exist; the ones the post carries first, then older ones from the server.
 * `expanded` (a post's own page): every comment the post carries at first, then a page of the
 * server's more per 'View more comments'.
 */
export function useCommentPaging(post: Post, expanded = false) {
  const step = expanded ? COMMENTS_PAGE_SIZE : COMMENTS_STEP;
  const [visible, setVisible] = useState(() =>
    expanded ? Math.max(COMMENTS_INITIAL, post.comments.length) : COMMENTS_INITIAL,
  );
  const [olderWanted, setOlderWanted] = useState(false);
  const carried = useMemo(() => mergeComments(post.comments), [post.comments]);
  const older = useOlderCommentsQuery(post._id, carried.at(-1)?._id ?? null, olderWanted);

  const all = useMemo(
    () => mergeComments(carried, ...(older.data?.pages.map((page) => page.comments) ?? [])),
    [carried, older.data],
  );
  const total = Math.max(post.commentCount, all.length);
  const short = visible > all.length && all.length < total;
  const exhausted = older.isSuccess && !older.hasNextPage;

  // Keep turning pages until enough show (a page may bring comments the card already has).
  const { isFetching, isError, hasNextPage, fetchNextPage } = older;
  useEffect(() => {
    if (olderWanted && short && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [olderWanted, short, hasNextPage, isFetching, isError, fetchNextPage]);

  function showMore() {
    const next = visible + step;
    setVisible(next);
    if (next > all.length && all.length < total) {
      if (!olderWanted) setOlderWanted(true);
      else if (isError) void older.refetch();
    }
  }

  const shown = all.slice(0, visible);
  return {
    shown,
    // The server has the last word: when its pages ran out, what is here is all there is.
    hasMore: shown.length < total && !(exhausted && shown.length === all.length),
    loading: olderWanted && isFetching,
    showMore,
    /** After posting a comment, so the new one shows without hiding another. */
    showOneMore: () => setVisible((count) => count + 1),
  };
}
