import {
  COMMENT_MESSAGES,
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentInput,
  type CommentsQuery,
  type CreatePostInput,
  type DeletePostResponse,
  FEED_COMMENTS_CARRIED,
  type FeedQuery,
  isEmptyComment,
  normalizeNewPost,
  POST_MESSAGES,
  type Post,
  type ReactInput,
  type ReactionSummary,
  type ReactResponse,
  type SaveResponse,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { CommentRow } from '../../db/comments.js';
import type { Db } from '../../db/database.js';
import { type Writer, writerFor } from '../../db/group-commit.js';
import { keysetPage, type Page } from '../../db/keyset.js';
import type { PostRow } from '../../db/posts.js';
import { type PurgeRun, purgeInBatches } from '../../db/purge-run.js';
import type { UserRow } from '../../db/users.js';
import { forbidden, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import type { MediaService } from '../media/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { CardCache, CardText } from './card-cache.js';
import { cardTextOf, jsonArray, pushViewerCard } from './card-text.js';
import {
  type CardStateRow,
  cardStateOf,
  commentCountOf,
  commentsPage,
  imagesOf,
  newestCommentsOf,
} from './cards-repo.js';
import { toComment, toPost, toReactionSummary, viewerStateOf } from './present.js';
import {
  addToReactionCount,
  changeReaction,
  deleteReaction,
  insertReactionIfAbsent,
  lockReaction,
  postsReactedBy,
  recountReactions,
} from './reactions-repo.js';
import {
  authorPage,
  cardRowsOf,
  deleteSaved,
  feedPostIds,
  findLivePost,
  imageKeysOfPosts,
  insertComment,
  insertPost,
  insertSavedIfAbsent,
  newestLivePostIds,
  type PostCardRow,
  postIdsByAuthors,
  postsCommentedBy,
  purgeTrashedPosts,
  trashedBefore,
  trashPost,
} from './repo.js';

export interface PostsServiceDeps {
  db: Db;
  clock: Clock;
  media: MediaService;
  /** Image references to addresses (infra/storage/image-urls.ts). */
  imageUrls: ImageUrls;
  /** Notifies a post's author of reactions and comments, in their transaction. */
  notifications: NotificationsService;
  /** Where new posts, trashed posts, reactions and comments are announced (live updates). */
  bus: EventBus;
  /** The post cards every viewer shares (feed, a post's page), kept fresh by the bus. */
  cards: CardCache;
  /** Runs the members' writes (group commit on SQLite); their transactions otherwise. */
  writer?: Writer;
}

/** A page of cards as JSON (an array, UTF-8), and the cursor of the next page. */
export interface JsonPage {
  json: Buffer;
  nextCursor: string | undefined;
}

/** Cards built per batch when warming the cache at start. */
const WARM_BATCH = 100;

// A reaction deleted by a concurrent request between our insert and our read: try again.
const REACT_ATTEMPTS = 5;

export class PostsService {
  private readonly writer: Writer;

  constructor(private readonly deps: PostsServiceDeps) {
    this.writer = deps.writer ?? writerFor(deps.db);
  }

  async createPost(member: UserRow, input: CreatePostInput): Promise<Post> {
    const { db, clock, media } = this.deps;
    const keys = await media.ownUploadKeys(
      db,
      member.id,
      (input.images ?? []).map((image) => image.url),
      POST_MESSAGES.imageNotYours,
    );
    const { text, background } = normalizeNewPost(input);
    const row: PostRow = {
      id: uuidv7(),
      user_id: member.id,
      type: input.type,
      text,
      background,
      created_at: clock.now().toISOString(),
      deleted_at: null,
    };
    await this.writer.write((trx) =>
      insertPost(
        trx,
        row,
        keys.map((storage_key, position) => ({ post_id: row.id, position, storage_key })),
      ),
    );
    await this.deps.bus.publish({ type: 'post.created', postId: row.id, authorId: member.id });
    return toPost(
      {
        row: cardRowOf(row, member),
        images: keys,
        comments: [],
        commentCount: 0,
        reactions: toReactionSummary([]),
      },
      this.deps.imageUrls,
    );
  }

  /**
   * The home feed as JSON text: the page's ids, then its cards from the card cache with the
   * viewer's reactions and saves; a fixed number of queries per page, whatever its size.
   */
  async feed(member: UserRow, query: FeedQuery): Promise<JsonPage> {
    const { items, nextCursor } = await keysetPage(
      query.limit,
      (limit) => feedPostIds(this.deps.db, member.id, { limit, cursor: query.cursor }),
      (id) => id,
    );
    return { json: jsonArray(await this.cardsJson(member, items)), nextCursor };
  }

  /**
   * A member's live posts as their profile shows them, newest first, in the feed's shape with
   * reactions relative to the viewer: the same fixed number of queries as a feed page.
   */
  async authorPosts(viewer: UserRow, authorId: string, query: FeedQuery): Promise<Page<Post>> {
    const { items, nextCursor } = await keysetPage(
      query.limit,
      (limit) => authorPage(this.deps.db, authorId, { limit, cursor: query.cursor }),
      (row) => row.id,
    );
    return { items: await this.cards(viewer, items), nextCursor };
  }

  /**
   * One post as its card shows it to the viewer (JSON, UTF-8), for its page; any member may read
   * any post.
   */
  async post(viewer: UserRow, postId: string): Promise<Buffer> {
    await this.livePost(postId);
    const [card] = await this.cardsJson(viewer, [postId]);
    if (card === undefined) throw notFound(POST_MESSAGES.notFound);
    return Buffer.concat(card);
  }

  /** A post's comments newest first, older than the cursor ('View more comments'). */
  async comments(postId: string, query: CommentsQuery): Promise<Page<Comment>> {
    await this.livePost(postId);
    return this.commentsPageOf(postId, query.limit, query.cursor);
  }

  /**
   * Adds a comment; answers the post's newest comments, as the feed carries them. An empty one
   * (no text, no image) stores nothing and answers them unchanged: the spec's client sends it.
   */
  async comment(member: UserRow, input: CommentInput): Promise<Page<Comment>> {
    const { db, clock, media, notifications } = this.deps;
    const text = input.comment.trim();
    const sentImage = input.image.trim();
    const post = await this.livePost(input.postId);
    if (isEmptyComment({ comment: text, image: sentImage })) {
      return this.commentsPageOf(input.postId, COMMENTS_PAGE_SIZE, undefined);
    }
    const [image = ''] = sentImage
      ? await media.ownUploadKeys(db, member.id, [sentImage], COMMENT_MESSAGES.imageNotYours)
      : [];
    const row: CommentRow = {
      id: uuidv7(),
      post_id: input.postId,
      user_id: member.id,
      comment: text,
      image,
      created_at: clock.now().toISOString(),
    };
    const notified = await this.writer.write(async (trx) => {
      await insertComment(trx, row);
      return notifications.commented(trx, {
        postId: post.id,
        authorId: post.user_id,
        actorId: member.id,
        commentId: row.id,
        nowIso: row.created_at,
      });
    });
    await this.publishComment(member, row);
    await notifications.publish([notified]);
    return this.commentsPageOf(input.postId, COMMENTS_PAGE_SIZE, undefined);
  }

  /**
   * One reaction per member per post: a new one is added, the same one again removes it,
   * another one replaces it. Safe under concurrent requests: the primary key allows one row,
   * and each decision is taken holding that row.
   */
  async react(member: UserRow, input: ReactInput): Promise<ReactResponse> {
    const { clock, notifications } = this.deps;
    const post = await this.livePost(input.postId);
    const nowIso = clock.now().toISOString();
    const notify = (trx: Db, react: string | null) =>
      notifications.reactionChanged(trx, {
        postId: post.id,
        authorId: post.user_id,
        actorId: member.id,
        react,
        nowIso,
      });
    const notified = await this.writer.write(async (trx) => {
      for (let attempt = 1; attempt <= REACT_ATTEMPTS; attempt++) {
        const row = {
          post_id: input.postId,
          user_id: member.id,
          react: input.react,
          created_at: nowIso,
        };
        if (await insertReactionIfAbsent(trx, row)) {
          await addToReactionCount(trx, input.postId, input.react, 1);
          return notify(trx, input.react);
        }
        const current = await lockReaction(trx, input.postId, member.id);
        if (current === undefined) continue;
        if (current === input.react) {
          await deleteReaction(trx, input.postId, member.id);
          await addToReactionCount(trx, input.postId, current, -1);
          return notify(trx, null);
        }
        await changeReaction(trx, input.postId, member.id, input.react, nowIso);
        const moves: Array<[string, 1 | -1]> = [
          [current, -1],
          [input.react, 1],
        ];
        // In name order, so two members changing reactions never wait on each other's counts.
        moves.sort(([a], [b]) => (a < b ? -1 : 1));
        for (const [react, delta] of moves) {
          await addToReactionCount(trx, input.postId, react, delta);
        }
        return notify(trx, input.react);
      }
      throw new Error('reaction kept changing under concurrent requests');
    });
    await this.publishReactions(input.postId, member.id);
    await notifications.publish([notified]);
    return { status: 'success' };
  }

  async reactionSummary(member: UserRow, postId: string): Promise<ReactionSummary> {
    const { db } = this.deps;
    await this.livePost(postId);
    return toReactionSummary(await cardStateOf(db, member.id, [postId], [postId]));
  }

  /** Saves the post, or unsaves it when it was saved. */
  async toggleSave(member: UserRow, postId: string): Promise<SaveResponse> {
    const { clock } = this.deps;
    await this.livePost(postId);
    const saved = await this.writer.write(async (trx) => {
      if (await insertSavedIfAbsent(trx, member.id, postId, clock.now().toISOString())) {
        return true;
      }
      await deleteSaved(trx, member.id, postId);
      return false;
    });
    return { saved };
  }

  /** Moves the author's post to trash: hidden everywhere, purged after the retention time. */
  async deletePost(member: UserRow, postId: string): Promise<DeletePostResponse> {
    const { db, clock } = this.deps;
    const post = await this.livePost(postId);
    if (post.user_id !== member.id) throw forbidden(POST_MESSAGES.notAuthor);
    if (!(await trashPost(db, postId, clock.now().toISOString()))) {
      throw notFound(POST_MESSAGES.notFound);
    }
    await this.deps.bus.publish({ type: 'post.trashed', postId, authorId: member.id });
    return { status: 'ok' };
  }

  /**
   * Deletes for good the posts put in trash before `cutoff`, with their comments, reactions,
   * saves and images (the foreign keys), and the uploads nothing shows any more, files included.
   * Every step is an idempotent delete, so several server processes may purge at once.
   */
  async purgeTrashedBefore(
    cutoff: string,
    run: PurgeRun,
  ): Promise<{ posts: number; files: number }> {
    const { db, media } = this.deps;
    let posts = 0;
    let files = 0;
    await purgeInBatches(
      run,
      (limit) => trashedBefore(db, cutoff, limit),
      async (ids) => {
        const keys = await db.transaction().execute(async (trx) => {
          const imageKeys = await imageKeysOfPosts(trx, ids);
          posts += (await purgeTrashedPosts(trx, ids, cutoff)).length;
          return media.forgetUnreferenced(trx, imageKeys);
        });
        files += await media.deleteStoredFiles(keys, run.log);
      },
    );
    return { posts, files };
  }

  /**
   * What goes with these members' posts and reactions when their accounts are deleted (the
   * foreign keys delete the rows), read in that transaction `trx` before the delete: the images
   * on their posts, others' comment images included, for the media service to forget;
   * `recountReactions`, to call after the delete, counts again the posts they had reacted to;
   * and `cardsStale`, to publish after the commit, drops the cards their comments and reactions
   * were on from every process's card cache.
   */
  async membersLeaving(
    trx: Db,
    memberIds: string[],
  ): Promise<{
    imageKeys: string[];
    recountReactions: () => Promise<void>;
    cardsStale: () => Promise<void>;
  }> {
    const imageKeys = await imageKeysOfPosts(trx, await postIdsByAuthors(trx, memberIds));
    const reactedTo = await postsReactedBy(trx, memberIds);
    const commentedOn = await postsCommentedBy(trx, memberIds);
    const postIds = [...new Set([...reactedTo, ...commentedOn])];
    return {
      imageKeys,
      recountReactions: () => recountReactions(trx, reactedTo),
      cardsStale: () => this.deps.bus.publish({ type: 'cards.stale', postIds, memberIds }),
    };
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
      const { built: posts } = await this.readCards('', ids, rows);
      for (const post of posts.values()) cards.put(cardTextOf(post), fill);
      built += posts.size;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return built;
  }

  /**
   * Everything else the cards of these posts show the viewer, in three batch queries (images,
   * newest comments, reaction counts with the viewer's reactions and saves) whatever their number.
   */
  private async cards(viewer: UserRow, rows: PostCardRow[]): Promise<Post[]> {
    const ids = rows.map((row) => row.id);
    const { built } = await this.readCards(viewer.id, ids, rows);
    return rows.flatMap((row) => built.get(row.id) ?? []);
  }

  /**
   * The cards of `ids` as this viewer sees them (each as pieces of JSON to concatenate), in their
   * order, leaving out any that is gone: those in the card cache cost only the viewer's reactions
   * and saves (one query); the others are read (three more) and kept for every viewer.
   */
  private async cardsJson(viewer: UserRow, ids: string[]): Promise<Buffer[][]> {
    if (ids.length === 0) return [];
    const { db, cards } = this.deps;
    const fill = cards.startFill();
    const held = new Map<string, CardText>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = cards.get(id);
      if (card) held.set(id, card);
      else missing.push(id);
    }
    if (missing.length === 0) {
      const state = groupBy(await cardStateOf(db, viewer.id, ids, []), (r) => r.post_id);
      return ids.map((id) => viewerPieces(held.get(id) as CardText, state.get(id)));
    }
    const rows = await cardRowsOf(db, missing);
    const { built, state } = await this.readCards(viewer.id, ids, rows);
    const out: Buffer[][] = [];
    for (const id of ids) {
      const post = built.get(id);
      let card = held.get(id);
      if (post) {
        // Built now: kept without the viewer's fields, sent with them.
        card = cardTextOf(post);
        cards.put(card, fill);
        const pieces: Buffer[] = [];
        pushViewerCard(pieces, card, post.reactions.check, post.reactions.checkSaved);
        out.push(pieces);
      } else if (card) {
        out.push(viewerPieces(card, state.get(id)));
      }
    }
    return out;
  }

  /**
   * The cards of `rows` as the viewer sees them; the viewer's state is read for every post of
   * `ids` (those whose cards are held too) in the same query.
   */
  private async readCards(
    viewerId: string,
    ids: string[],
    rows: PostCardRow[],
  ): Promise<{ built: Map<string, Post>; state: Map<string, CardStateRow[]> }> {
    const built = new Map<string, Post>();
    const { db } = this.deps;
    const rowIds = rows.map((row) => row.id);
    const [images, comments, stateRows] = await Promise.all([
      imagesOf(db, rowIds),
      newestCommentsOf(db, rowIds, FEED_COMMENTS_CARRIED),
      cardStateOf(db, viewerId, ids, rowIds),
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
            reactions: toReactionSummary(state.get(row.id) ?? []),
          },
          this.deps.imageUrls,
        ),
      );
    }
    return { built, state };
  }

  private async commentsPageOf(
    postId: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<Page<Comment>> {
    const { items, nextCursor } = await keysetPage(
      limit,
      (limitPlusOne) => commentsPage(this.deps.db, postId, { limit: limitPlusOne, cursor }),
      (row) => row.id,
    );
    return { items: items.map((row) => toComment(row, this.deps.imageUrls)), nextCursor };
  }

  /** The post's new reaction summary as everyone sees it (no viewer fields), to the bus. */
  private async publishReactions(postId: string, actorId: string): Promise<void> {
    const counts = await cardStateOf(this.deps.db, actorId, [postId], [postId]);
    const { check: _mine, checkSaved: _saved, ...reactions } = toReactionSummary(counts);
    await this.deps.bus.publish({ type: 'reactions.changed', postId, actorId, reactions });
  }

  /** The comment as answers show it, with the post's new count, to the bus. */
  private async publishComment(author: UserRow, row: CommentRow): Promise<void> {
    const comment = toComment(
      {
        ...row,
        username: author.username,
        first_name: author.first_name,
        last_name: author.last_name,
        picture: author.picture,
      },
      this.deps.imageUrls,
    );
    const commentCount = await commentCountOf(this.deps.db, row.post_id);
    await this.deps.bus.publish({
      type: 'comment.added',
      postId: row.post_id,
      comment,
      commentCount,
    });
  }

  private async livePost(postId: string): Promise<PostRow> {
    const post = await findLivePost(this.deps.db, postId);
    if (!post) throw notFound(POST_MESSAGES.notFound);
    return post;
  }
}

function cardRowOf(post: PostRow, author: UserRow): PostCardRow {
  return {
    ...post,
    author_username: author.username,
    author_first_name: author.first_name,
    author_last_name: author.last_name,
    author_picture: author.picture,
    author_cover: author.cover,
    author_gender: author.gender,
    comment_count: 0,
  };
}

/** A held card with the viewer's reaction and save from their state rows. */
function viewerPieces(card: CardText, state: CardStateRow[] = []): Buffer[] {
  const { mine, saved } = viewerStateOf(state);
  const pieces: Buffer[] = [];
  pushViewerCard(pieces, card, mine, saved);
  return pieces;
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
