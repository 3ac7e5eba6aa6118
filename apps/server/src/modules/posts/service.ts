import {
  type Audience,
  type AudienceAnswer,
  COMMENT_MESSAGES,
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentInput,
  type CreatePostInput,
  type DeletePostResponse,
  type EditPostInput,
  isEmptyComment,
  normalizeNewPost,
  POST_MESSAGES,
  type Post,
  type ReactInput,
  type ReactResponse,
  type SaveResponse,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { CommentRow } from '../../db/comments.js';
import type { Db } from '../../db/database.js';
import { type Writer, writerFor } from '../../db/group-commit.js';
import type { Page } from '../../db/keyset.js';
import type { PostRow } from '../../db/posts.js';
import { type PurgeRun, purgeInBatches } from '../../db/purge-run.js';
import type { UserRow } from '../../db/users.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { viewerOfMember } from '../access/visibility.js';
import { signsFilesOf } from '../media/references.js';
import type { MediaService } from '../media/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { defaultAudienceOf } from '../users/present.js';
import { cardStateOf, commentCountOf } from './cards-repo.js';
import { insertPostEdit } from './edits-repo.js';
import { toBackground, toComment, toPost, toPostImages, toReactionSummary } from './present.js';
import {
  addToReactionCount,
  changeReaction,
  deleteReaction,
  insertReactionIfAbsent,
  lockReaction,
  postsReactedBy,
  recountReactions,
} from './reactions-repo.js';
import type { PostReader } from './reader.js';
import {
  deleteSaved,
  imageKeysOfPost,
  imageKeysOfPosts,
  insertComment,
  insertPost,
  insertSavedIfAbsent,
  lockLivePostOf,
  type PostCardRow,
  postIdsByAuthors,
  postsCommentedBy,
  purgeTrashedPosts,
  removeLiveComment,
  removeLivePost,
  replacePostContent,
  trashedBefore,
  trashPost,
  updateAudience,
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
  /** The reads of posts; the writes ask it whether the member may see a post. */
  reader: PostReader;
  /** Runs the members' writes (group commit on SQLite); their transactions otherwise. */
  writer?: Writer;
}

// A reaction deleted by a concurrent request between our insert and our read: try again.
const REACT_ATTEMPTS = 5;

export class PostsService {
  private readonly writer: Writer;

  constructor(private readonly deps: PostsServiceDeps) {
    this.writer = deps.writer ?? writerFor(deps.db);
  }

  /** The upload keys of the post's photos; one that is not the member's own upload is refused. */
  private ownImageKeys(member: UserRow, input: CreatePostInput | EditPostInput): Promise<string[]> {
    const { db, media } = this.deps;
    return media.ownUploadKeys(
      db,
      member.id,
      (input.images ?? []).map((image) => image.url),
      POST_MESSAGES.imageNotYours,
    );
  }

  async createPost(member: UserRow, input: CreatePostInput): Promise<Post> {
    const { clock } = this.deps;
    const keys = await this.ownImageKeys(member, input);
    const { text, background } = normalizeNewPost(input);
    const row: PostRow = {
      id: uuidv7(),
      user_id: member.id,
      type: input.type,
      text,
      background,
      created_at: clock.now().toISOString(),
      deleted_at: null,
      edited_at: null,
      removed_at: null,
      // Without one, the member's default audience (a privacy setting, read with the session);
      // profile-picture and cover posts come this way too.
      audience: input.audience ?? defaultAudienceOf(member),
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
        // The author's own post: its notifications are on until they turn them off.
        reactions: toReactionSummary([], true),
      },
      this.deps.imageUrls,
    );
  }

  /**
   * Adds a comment; answers the post's newest comments, as the feed carries them. An empty one
   * (no text, no image) stores nothing and answers them unchanged: the spec's client sends it.
   */
  async comment(member: UserRow, input: CommentInput): Promise<Page<Comment>> {
    const { db, clock, media, notifications } = this.deps;
    const text = input.comment.trim();
    const sentImage = input.image.trim();
    const viewer = viewerOfMember(member);
    const { reader } = this.deps;
    const post = await reader.visiblePost(viewer, input.postId);
    if (isEmptyComment({ comment: text, image: sentImage })) {
      return reader.commentsPageOf(viewer, post, COMMENTS_PAGE_SIZE, undefined);
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
      removed_at: null,
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
    await this.publishComment(member, row, post);
    await notifications.publish(notified);
    return reader.commentsPageOf(viewer, post, COMMENTS_PAGE_SIZE, undefined);
  }

  /**
   * One reaction per member per post: a new one is added, the same one again removes it,
   * another one replaces it. Safe under concurrent requests: the primary key allows one row,
   * and each decision is taken holding that row.
   */
  async react(member: UserRow, input: ReactInput): Promise<ReactResponse> {
    const { clock, notifications } = this.deps;
    const post = await this.deps.reader.visiblePost(viewerOfMember(member), input.postId);
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

  /** Saves the post, or unsaves it when it was saved. */
  async toggleSave(member: UserRow, postId: string): Promise<SaveResponse> {
    const { clock } = this.deps;
    await this.deps.reader.visiblePost(viewerOfMember(member), postId);
    const saved = await this.writer.write(async (trx) => {
      if (await insertSavedIfAbsent(trx, member.id, postId, clock.now().toISOString())) {
        return true;
      }
      await deleteSaved(trx, member.id, postId);
      return false;
    });
    await this.deps.bus.publish({ type: 'post.viewerState', postId, userId: member.id });
    return { saved };
  }

  /** Moves the author's post to trash: hidden everywhere, purged after the retention time. */
  async deletePost(member: UserRow, postId: string): Promise<DeletePostResponse> {
    const { db, clock } = this.deps;
    const post = await this.deps.reader.visiblePost(viewerOfMember(member), postId);
    if (post.user_id !== member.id) throw forbidden(POST_MESSAGES.notAuthor);
    if (!(await trashPost(db, postId, clock.now().toISOString()))) {
      throw notFound(POST_MESSAGES.notFound);
    }
    await this.deps.bus.publish({ type: 'post.trashed', postId, authorId: member.id });
    return { status: 'ok' };
  }

  /**
   * The author changes who may see the post (Edit audience): every read path applies it at once;
   * the card leaves every process's cache and live routing checks the post's watchers again.
   */
  async editAudience(member: UserRow, postId: string, audience: Audience): Promise<AudienceAnswer> {
    const { db } = this.deps;
    const post = await this.deps.reader.visiblePost(viewerOfMember(member), postId);
    if (post.user_id !== member.id) throw forbidden(POST_MESSAGES.notAuthorAudience);
    if (!(await updateAudience(db, postId, member.id, audience))) {
      throw notFound(POST_MESSAGES.notFound);
    }
    await this.deps.bus.publish({ type: 'post.audience', postId, authorId: member.id, audience });
    return { audience };
  }

  /**
   * The author edits the post's text, background and photos under the rules of a new post
   * (Edit Post): the version it replaces is kept, photos included, for its history; every
   * process drops the card and tells the post's watchers. Answers the post as its card shows
   * it. An edit that changes nothing keeps no version and tells no one.
   */
  async editPost(member: UserRow, postId: string, input: EditPostInput): Promise<Buffer> {
    const { clock, reader } = this.deps;
    const post = await reader.visiblePost(viewerOfMember(member), postId);
    if (post.user_id !== member.id) throw forbidden(POST_MESSAGES.notAuthorEdit);
    if (post.type !== null) throw invalid(POST_MESSAGES.pictureNotEditable);
    const keys = await this.ownImageKeys(member, input);
    const { text, background } = normalizeNewPost(input);
    const nowIso = clock.now().toISOString();
    const edited = await this.writer.write(async (trx) => {
      // Read again under the lock: what it shows now is the version this edit replaces.
      const current = await lockLivePostOf(trx, postId, member.id);
      if (!current) throw notFound(POST_MESSAGES.notFound);
      const currentKeys = await imageKeysOfPost(trx, postId);
      const unchanged =
        current.text === text && current.background === background && sameKeys(currentKeys, keys);
      if (unchanged) return undefined;
      await insertPostEdit(
        trx,
        {
          id: uuidv7(),
          post_id: postId,
          text: current.text,
          background: current.background,
          created_at: current.edited_at ?? current.created_at,
        },
        currentKeys,
      );
      await replacePostContent(trx, postId, { text, background, editedAt: nowIso }, keys);
      return current;
    });
    if (edited) {
      const { imageUrls } = this.deps;
      await this.deps.bus.publish({
        type: 'post.edited',
        postId,
        authorId: member.id,
        edit: {
          text,
          background: toBackground(background, imageUrls),
          images: toPostImages(keys, imageUrls, signsFilesOf(edited)),
          editedAt: nowIso,
        },
      });
    }
    return reader.post(member, postId);
  }

  /**
   * In a moderator's transaction `trx` (community/moderation-service.ts): the live post is
   * removed (also put in trash, so every read path hides it, its author's included, and the
   * purge takes it later). Undefined when it is not live. `published` drops its card on every
   * process and stops its watchers: call it after the commit.
   */
  async removePost(
    trx: Db,
    postId: string,
    nowIso: string,
  ): Promise<{ authorId: string; published: () => Promise<void> } | undefined> {
    const removed = await removeLivePost(trx, postId, nowIso);
    if (!removed) return undefined;
    const authorId = removed.user_id;
    return {
      authorId,
      published: () => this.deps.bus.publish({ type: 'post.trashed', postId, authorId }),
    };
  }

  /**
   * In a moderator's transaction `trx`: the live comment (on a live post) is removed, hidden on
   * every read path and left out of every count; the notifications it caused go. Undefined when
   * it is not live. `published` drops its post's card on every process and takes the
   * notifications off the bells: call it after the commit.
   */
  async removeComment(
    trx: Db,
    commentId: string,
    nowIso: string,
  ): Promise<{ authorId: string; postId: string; published: () => Promise<void> } | undefined> {
    const removed = await removeLiveComment(trx, commentId, nowIso);
    if (!removed) return undefined;
    const { notifications, bus } = this.deps;
    const gone = await notifications.commentRemoved(trx, commentId);
    return {
      authorId: removed.user_id,
      postId: removed.post_id,
      published: async () => {
        await bus.publish({ type: 'cards.stale', postIds: [removed.post_id], memberIds: [] });
        await notifications.publish(gone);
      },
    };
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

  /** The post's new reaction summary as everyone sees it (no viewer fields), to the bus. */
  private async publishReactions(postId: string, actorId: string): Promise<void> {
    const counts = await cardStateOf(this.deps.db, actorId, [postId], [postId]);
    const {
      check: _mine,
      checkSaved: _saved,
      notificationsOn: _on,
      ...reactions
    } = toReactionSummary(counts, false);
    await this.deps.bus.publish({ type: 'reactions.changed', postId, actorId, reactions });
  }

  /** The comment as answers show it, with the post's new count, to the bus. */
  private async publishComment(author: UserRow, row: CommentRow, post: PostRow): Promise<void> {
    const comment = toComment(
      {
        ...row,
        username: author.username,
        first_name: author.first_name,
        last_name: author.last_name,
        picture: author.picture,
      },
      this.deps.imageUrls,
      signsFilesOf(post),
    );
    const commentCount = await commentCountOf(this.deps.db, row.post_id);
    await this.deps.bus.publish({
      type: 'comment.added',
      postId: row.post_id,
      comment,
      commentCount,
    });
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
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
