import {
  AUDIENCES,
  type Audience,
  buildReactionSummary,
  type Comment,
  DEFAULT_AUDIENCE,
  GENDERS,
  type Gender,
  imageVariants,
  POST_TYPES,
  type Post,
  type PostEdits,
  type PostType,
  REACTIONS,
  type Reaction,
  type ReactionCounts,
  type ReactionSummary,
} from '@hearth/contract';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { signsFilesOf } from '../media/references.js';
import type { CardStateRow, CommentCardRow } from './cards-repo.js';
import type { PostEditWithImages } from './edits-repo.js';
import type { PostCardRow } from './repo.js';

/**
 * A comment as answers show it; `signed` when its post's files are (media/references.ts
 * `signsFilesOf`): its image then has an expiring signed address.
 */
export function toComment(row: CommentCardRow, imageUrls: ImageUrls, signed = false): Comment {
  return {
    _id: row.id,
    comment: row.comment,
    image: imageUrls.url(row.image, signed),
    commentBy: {
      _id: row.user_id,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      picture: imageUrls.url(row.picture),
    },
    commentAt: row.created_at,
  };
}

/**
 * getReacts' answer from a post's state rows (cardStateOf): the counts of each reaction, the
 * viewer's own one, whether the viewer saved the post and whether they get its notifications
 * (`viewerIsAuthor`: whether the viewer wrote the post, which decides the default).
 */
export function toReactionSummary(
  rows: Pick<CardStateRow, 'react' | 'count' | 'mine'>[],
  viewerIsAuthor: boolean,
): ReactionSummary {
  const counts: ReactionCounts = {};
  for (const row of rows) {
    const react = Number(row.mine) === 0 ? asReaction(row.react) : null;
    if (react) counts[react] = (counts[react] ?? 0) + Number(row.count);
  }
  return buildReactionSummary({ counts, ...viewerStateOf(rows, viewerIsAuthor) });
}

/** The viewer's fields of a card, from their state rows (cardStateOf). */
export interface ViewerState {
  /** Their own reaction (the row marked 1). */
  mine: Reaction | null;
  /** Whether they saved the post (marked 2). */
  saved: boolean;
  /**
   * Whether they get the post's notifications: their switch (marked 3) when they turned it,
   * otherwise on for the post's author and off for everyone else.
   */
  notificationsOn: boolean;
}

export function viewerStateOf(
  rows: readonly Pick<CardStateRow, 'react' | 'count' | 'mine'>[],
  viewerIsAuthor: boolean,
): ViewerState {
  let mine: Reaction | null = null;
  let saved = false;
  let switched: boolean | undefined;
  for (const row of rows) {
    const kind = Number(row.mine);
    if (kind === 2) saved = true;
    else if (kind === 1) mine = asReaction(row.react);
    else if (kind === 3) switched = Number(row.count) === 1;
  }
  return { mine, saved, notificationsOn: switched ?? viewerIsAuthor };
}

export interface PostCard {
  row: PostCardRow;
  /** The storage keys of its images, in order. */
  images: string[];
  comments: CommentCardRow[];
  commentCount: number;
  reactions: ReactionSummary;
}

/** Posts whose answer carries signed addresses: until when they may be handed out (card-text.ts). */
const SIGNED_FRESH_UNTIL = new WeakMap<Post, number>();

/**
 * Until when (epoch milliseconds) a post made by `toPost` may be handed out again, when it carries
 * signed image addresses; undefined when it carries none (its card may be kept as long as any).
 */
export function signedFreshUntil(post: Post): number | undefined {
  return SIGNED_FRESH_UNTIL.get(post);
}

export function toPost(
  { row, images, comments, commentCount, reactions }: PostCard,
  imageUrls: ImageUrls,
): Post {
  // Not every member may see the post: its photos and its comments' images get signed addresses.
  const signed = signsFilesOf(row);
  const freshUntil = signed ? imageUrls.signedFreshUntil() : undefined;
  const post: Post = {
    _id: row.id,
    user: {
      _id: row.user_id,
      username: row.author_username,
      first_name: row.author_first_name,
      last_name: row.author_last_name,
      picture: imageUrls.url(row.author_picture),
      cover: imageUrls.url(row.author_cover),
      gender: asGender(row.author_gender),
    },
    type: asPostType(row.type),
    text: row.text,
    background: toBackground(row.background, imageUrls),
    images: toPostImages(images, imageUrls, signed),
    comments: comments.map((comment) => toComment(comment, imageUrls, signed)),
    commentCount,
    reactions,
    createdAt: row.created_at,
    audience: asAudience(row.audience),
    editedAt: row.edited_at,
  };
  const carriesSigned = images.length > 0 || comments.some((comment) => comment.image !== '');
  if (freshUntil !== undefined && carriesSigned) SIGNED_FRESH_UNTIL.set(post, freshUntil);
  return post;
}

/** A post's photos (or an earlier version's) as answers show them, each with its variants. */
export function toPostImages(
  keys: readonly string[],
  imageUrls: ImageUrls,
  signed: boolean,
): Post['images'] {
  return keys.map((key) => {
    // A signed address's variants carry its query, and with it the same signature.
    const url = imageUrls.url(key, signed);
    return { url, variants: imageVariants(url) };
  });
}

/** A background reference (a built-in's path, or none) as answers show it. */
export function toBackground(background: string | null, imageUrls: ImageUrls): string | null {
  return background === null ? null : imageUrls.url(background);
}

/**
 * A post's earlier versions, newest first, as its history shows them; their photos signed when
 * the post's files are (its audience decides, as for the post itself).
 */
export function toPostEdits(
  post: { user_id: string; audience: string },
  edits: PostEditWithImages[],
  imageUrls: ImageUrls,
): PostEdits {
  const signed = signsFilesOf(post);
  return edits.map((edit) => ({
    _id: edit.id,
    text: edit.text,
    background: toBackground(edit.background, imageUrls),
    images: toPostImages(edit.imageKeys, imageUrls, signed),
    createdAt: edit.created_at,
  }));
}

function asAudience(value: string): Audience {
  return (AUDIENCES as readonly string[]).includes(value) ? (value as Audience) : DEFAULT_AUDIENCE;
}

function asReaction(value: string): Reaction | null {
  return (REACTIONS as readonly string[]).includes(value) ? (value as Reaction) : null;
}

export function asGender(value: string): Gender {
  return (GENDERS as readonly string[]).includes(value) ? (value as Gender) : 'custom';
}

function asPostType(value: string | null): PostType {
  return (POST_TYPES as readonly (string | null)[]).includes(value) ? (value as PostType) : null;
}
