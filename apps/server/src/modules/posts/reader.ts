import {
  type Comment,
  type CommentsQuery,
  FEED_COMMENTS_CARRIED,
  type FeedQuery,
  POST_MESSAGES,
  type Post,
  type PostEdits,
  type ReactionSummary,
  SERVER_MESSAGES,
} from '@hearth/contract';
import type { Db } from '../../db/database.js';
import { keysetPage, type Page } from '../../db/keyset.js';
import type { PostRow } from '../../db/posts.js';
import type { UserRow } from '../../db/users.js';
import { notFound } from '../../errors.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { type Viewer, viewerOfMember } from '../access/visibility.js';
import { signsFilesOf } from '../media/references.js';
import type { CardCache, CardText } from './card-cache.js';
import { cardTextOf, jsonArray, pushViewerCard } from './card-text.js';
import {
  type CardStateRow,
  cardStateOf,
  commentsPage,
  imagesOf,
  newestCommentsOf,
} from './cards-repo.js';
import { postEditsOf } from './edits-repo.js';
import type { FeedHeadCache, ViewerStateRows } from './feed-head-cache.js';
import { toComment, toPost, toPostEdits, toReactionSummary, viewerStateOf } from './present.js';
import {
  authorPage,
  cardRowsOf,
  type FeedIdRow,
  feedHeadIds,
  feedPostIds,
  findVisibleComment,
  findVisiblePost,
  imageKeysOfPost,
  newestLivePostIds,
  type PostCardRow,
  postsWithHiddenComments,
  type VisibleCommentRow,
} from './repo.js';

export interface PostReaderDeps {
  db: Db;
  imageUrls: ImageUrls;
  /** The post cards every viewer shares (feed, a post's page), kept fresh by the bus. */
  cards: CardCache;
  /** Each member's first feed page as ids, kept fresh by the bus. */
  heads: FeedHeadCache;
}

/** A page of cards as JSON (an array, UTF-8), and the cursor of the next page. */
export interface JsonPage {
  json: Buffer;
  nextCursor: string | undefined;
}

/** Cards built per batch when warming the cache at start. */
const WARM_BATCH = 100;

/**
 * Every read of posts, through one pipeline in the spirit of atproto's
 * `createPipeline(skeleton, hydration, rules, presentation)`:
 *
 * 1. skeleton: the ids a read shows, from a query that carries the visibility rule
 *    (access/visibility.ts `visiblePost`): the feed, a profile's page, one post;
 * 2. hydration: each id's card, from the shared card cache or read in batches (a fixed number
 *    of queries per page, whatever its size);
 * 3. rules: what the viewer alone may not see inside a shared card (comments of members blocked
 *    either way) makes that card built for them instead, count included;
 * 4. presentation: the viewer's own reaction, save and notification switch written into each
 *    card's text.
 *
 * The writes stay in PostsService, which asks `visiblePost` before acting on a post.
 */
export class PostReader {
  constructor(private readonly deps: PostReaderDeps) {}

  /** The home feed as JSON text: the page's visible ids, then their cards. */
  async feed(member: UserRow, query: FeedQuery): Promise<JsonPage> {
    const viewer = viewerOfMember(member);
    const { items, nextCursor } = await keysetPage(
      query.limit,
      (limit) => this.feedIds(viewer, limit, query.cursor),
      (row) => row.id,
    );
    const personal = new Set(items.filter((row) => row.hidden).map((row) => row.id));
    const ids = items.map((row) => row.id);
    return { json: jsonArray(await this.cardsJson(viewer, ids, personal)), nextCursor };
  }

  /**
   * The skeleton of a feed page: a first page comes from the viewer's kept head while nothing
   * has changed it (feed-head-cache.ts), read otherwise with its authors and kept; later pages,
   * and viewers with blocks, run the id list each time.
   */
  private async feedIds(
    viewer: Viewer,
    limit: number,
    cursor: string | undefined,
  ): Promise<FeedIdRow[]> {
    const { db, heads } = this.deps;
    if (cursor !== undefined || viewer.hasBlocks || !heads.enabled) {
      return feedPostIds(db, viewer, { limit, cursor });
    }
    const head = heads.get(viewer.id, limit);
    if (head) return head.map((id) => ({ id, hidden: false }));
    const fill = heads.startFill();
    const { ids, authors } = await feedHeadIds(db, viewer, limit);
    if (authors) heads.put(viewer.id, { ids, complete: ids.length < limit, authors }, fill);
    return ids.map((id) => ({ id, hidden: false }));
  }

  /**
   * A member's posts that the viewer may see, as their profile shows them, newest first, in the
   * feed's shape: the same fixed number of queries as a feed page.
   */
  async authorPosts(member: UserRow, authorId: string, query: FeedQuery): Promise<Page<Post>> {
    const viewer = viewerOfMember(member);
    const { items, nextCursor } = await keysetPage(
      query.limit,
      (limit) => authorPage(this.deps.db, viewer, authorId, { limit, cursor: query.cursor }),
      (row) => row.id,
    );
    const { built } = await this.readCards(
      viewer,
      items.map((row) => row.id),
      items,
      viewer,
    );
    return { items: items.flatMap((row) => built.get(row.id) ?? []), nextCursor };
  }

  /** One post as its card shows it to the viewer (JSON, UTF-8); 404 unless they may see it. */
  async post(member: UserRow, postId: string): Promise<Buffer> {
    const viewer = viewerOfMember(member);
    await this.visiblePost(viewer, postId);
    const [card] = await this.cardsJson(viewer, [postId]);
    if (card === undefined) throw notFound(POST_MESSAGES.notFound);
    return Buffer.concat(card);
  }

  /** A post's comments the viewer may see, newest first, older than the cursor. */
  async comments(member: UserRow, postId: string, query: CommentsQuery): Promise<Page<Comment>> {
    const viewer = viewerOfMember(member);
    const post = await this.visiblePost(viewer, postId);
    return this.commentsPageOf(viewer, post, query.limit, query.cursor);
  }

  /**
   * The post's earlier versions, newest first, shown to whoever may see the post (as on
   * Facebook); 404 unless they may, the answer a random id gets.
   */
  async postEdits(member: UserRow, postId: string): Promise<PostEdits> {
    const post = await this.visiblePost(viewerOfMember(member), postId);
    return toPostEdits(post, await postEditsOf(this.deps.db, post.id), this.deps.imageUrls);
  }

  async reactionSummary(member: UserRow, postId: string): Promise<ReactionSummary> {
    const viewer = viewerOfMember(member);
    const post = await this.visiblePost(viewer, postId);
    return toReactionSummary(
      await cardStateOf(this.deps.db, viewer.id, [postId], [postId]),
      post.user_id === viewer.id,
    );
  }

  /** The post when the viewer may see it; otherwise 404, the answer a random id gets. */
  async visiblePost(viewer: Viewer, postId: string): Promise<PostRow> {
    const post = await findVisiblePost(this.deps.db, viewer, postId);
    if (!post) throw notFound(POST_MESSAGES.notFound);
    return post;
  }

  /**
   * The comment when the viewer may see it (its post visible to them, its author not blocked
   * either way, not removed); otherwise 404, the answer a random id gets.
   */
  async visibleComment(viewer: Viewer, commentId: string): Promise<VisibleCommentRow> {
    const comment = await findVisibleComment(this.deps.db, viewer, commentId);
    if (!comment) throw notFound(SERVER_MESSAGES.notFound);
    return comment;
  }

  /** The storage keys of the post's photos, in order (ask `visiblePost` first). */
  imageKeysOf(postId: string): Promise<string[]> {
    return imageKeysOfPost(this.deps.db, postId);
  }

  /**
   * The newest comments of a post as the viewer sees them (a comment call's answer); their images
   * signed when the post's files are (media/references.ts `signsFilesOf`).
   */
  async commentsPageOf(
    viewer: Viewer,
    post: Pick<PostRow, 'id' | 'user_id' | 'audience'>,
    limit: number,
    cursor: string | undefined,
  ): Promise<Page<Comment>> {
    const postId = post.id;
    const signed = signsFilesOf(post);
    const { items, nextCursor } = await keysetPage(
      limit,
      (limitPlusOne) => commentsPage(this.deps.db, viewer, postId, { limit: limitPlusOne, cursor }),
      (row) => row.id,
    );
    return { items: items.map((row) => toComment(row, this.deps.imageUrls, signed)), nextCursor };
  }

  /**
   * Fills the card cache with the newest posts' cards, newest first, in batches that let requests
   * through between them (a server's first minute then serves like its fifth): at most `count`
   * posts, stopping when the cache is three quarters full. Answers how many cards it built.
   */
  async warmCards(count: number): Promise<number> {
    const { db, cards } = this.deps;
    let built = 0;
    let cursor: string | undefined;
    while (built < count && cards.roomLeft() > 0.25) {
      const fill = cards.startFill();
      const ids = await newestLivePostIds(db, Math.min(WARM_BATCH, count - built), cursor);
      if (ids.length === 0) break;
      cursor = ids.at(-1);
      const rows = await cardRowsOf(db, ids);
      // No viewer: '' matches no member, so only the counts are read.
      const { built: posts } = await this.readCards(NOBODY, ids, rows);
      for (const post of posts.values()) cards.put(cardTextOf(post), fill);
      built += posts.size;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return built;
  }

  /**
   * Hydration, rules and presentation of `ids` (already visible to the viewer), in their order,
   * leaving out any that is gone: cards in the cache cost only the viewer's state (reactions,
   * saves, notification switches: one query); the others are read (three more) and kept for
   * every viewer. A card that would show the viewer a member blocked either way (`hidden`, which
   * the feed's id list says; one query finds them otherwise, for a viewer with blocks only) is
   * read in the same batch, built for them alone. A page costs at most six statements, whoever reads it.
   */
  private async cardsJson(
    viewer: Viewer,
    ids: string[],
    hidden?: Set<string>,
  ): Promise<Buffer[][]> {
    if (ids.length === 0) return [];
    const { db, cards, heads } = this.deps;
    const fill = cards.startFill();
    const stateFill = heads.startFill();
    const personal = hidden ?? (await postsWithHiddenComments(db, viewer, ids));
    const held = new Map<string, CardText>();
    const toRead: string[] = [];
    for (const id of ids) {
      const card = personal.has(id) ? undefined : cards.get(id);
      if (card) held.set(id, card);
      else toRead.push(id);
    }
    if (toRead.length === 0) {
      const state = await this.viewerState(viewer, ids, stateFill);
      return ids.map((id) => viewerPieces(viewer, held.get(id) as CardText, state.get(id)));
    }
    // One batch whatever it holds: with a card to build for the viewer alone, the whole batch is
    // read as the viewer sees it (the other posts hide nothing from them, so their cards are the
    // same) and none of it is kept, since a comment may have come since the ids were read.
    const alone = personal.size > 0 ? viewer : undefined;
    const rows = await cardRowsOf(db, toRead, alone);
    const { built, state } = await this.readCards(viewer, ids, rows, alone);
    if (!viewer.hasBlocks) heads.putState(viewer.id, ids, ownRows(ids, state), stateFill);
    const out: Buffer[][] = [];
    for (const id of ids) {
      const post = built.get(id);
      const card = held.get(id);
      if (post) {
        // Built now: kept without the viewer's fields (unless built for them), sent with them.
        const text = cardTextOf(post);
        if (!alone) cards.put(text, fill);
        const pieces: Buffer[] = [];
        const { check: mine, checkSaved: saved, notificationsOn } = post.reactions;
        pushViewerCard(pieces, text, { mine, saved, notificationsOn });
        out.push(pieces);
      } else if (card) {
        out.push(viewerPieces(viewer, card, state.get(id)));
      }
    }
    return out;
  }

  /**
   * The viewer's own state (reaction, save, notification switch) of `ids`: kept with their feed's
   * head while nothing they did changed it (feed-head-cache.ts), read otherwise and kept if
   * nothing changed it since `fill` (the heads' `startFill`).
   */
  private async viewerState(viewer: Viewer, ids: string[], fill: number): Promise<ViewerStateRows> {
    const { db, heads } = this.deps;
    const kept = viewer.hasBlocks ? undefined : heads.state(viewer.id, ids);
    if (kept) return kept;
    const state = groupBy(await cardStateOf(db, viewer.id, ids, []), (r) => r.post_id);
    if (!viewer.hasBlocks) heads.putState(viewer.id, ids, state, fill);
    return state;
  }

  /**
   * The cards of `rows`; the viewer's state is read for every post of `ids` too (those whose
   * cards are held) in the same query. With `only`, comments are those that viewer may see.
   */
  private async readCards(
    viewer: Viewer,
    ids: string[],
    rows: PostCardRow[],
    only?: Viewer,
  ): Promise<{ built: Map<string, Post>; state: Map<string, CardStateRow[]> }> {
    const built = new Map<string, Post>();
    const { db } = this.deps;
    const rowIds = rows.map((row) => row.id);
    const stateIds = [...new Set([...ids, ...rowIds])];
    const [images, comments, stateRows] = await Promise.all([
      imagesOf(db, rowIds),
      newestCommentsOf(db, rowIds, FEED_COMMENTS_CARRIED, only),
      cardStateOf(db, viewer.id, stateIds, rowIds),
    ]);
    const commentsByPost = groupBy(comments, (c) => c.post_id);
    const state = groupBy(stateRows, (c) => c.post_id);
    for (const row of rows) {
      built.set(
        row.id,
        toPost(
          {
            row,
            images: images.get(row.id) ?? [],
            comments: commentsByPost.get(row.id) ?? [],
            commentCount: Number(row.comment_count ?? 0),
            reactions: toReactionSummary(state.get(row.id) ?? [], row.user_id === viewer.id),
          },
          this.deps.imageUrls,
        ),
      );
    }
    return { built, state };
  }
}

/** No member: its state reads find nothing (the warm-up reads only the counts). */
const NOBODY: Viewer = { id: '', hasBlocks: false };

/** A held card with the viewer's reaction, save and notification switch from their state rows. */
function viewerPieces(
  viewer: Viewer,
  card: CardText,
  state: readonly CardStateRow[] = [],
): Buffer[] {
  const pieces: Buffer[] = [];
  pushViewerCard(pieces, card, viewerStateOf(state, card.authorId === viewer.id));
  return pieces;
}

/** The viewer's own rows (no counts) of `ids`, as `cardStateOf` reads them without counts. */
function ownRows(ids: string[], state: Map<string, CardStateRow[]>): ViewerStateRows {
  const own = new Map<string, CardStateRow[]>();
  for (const id of ids) {
    const rows = state.get(id)?.filter((row) => Number(row.mine) !== 0);
    if (rows?.length) own.set(id, rows);
  }
  return own;
}

export function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
