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
  type PostType,
  REACTIONS,
  type Reaction,
  type ReactionCounts,
  type ReactionSummary,
} from '@hearth/contract';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { signsFilesOf } from '../media/references.js';
import type { CardStateRow, CommentCardRow } from './cards-repo.js';
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
 * viewer's own one and whether the viewer saved the post.
 */
export function toReactionSummary(
  rows: Pick<CardStateRow, 'react' | 'count' | 'mine'>[],
): ReactionSummary {
  const counts: ReactionCounts = {};
  for (const row of rows) {
    const react = Number(row.mine) === 0 ? asReaction(row.react) : null;
    if (react) counts[react] = (counts[react] ?? 0) + Number(row.count);
  }
  return buildReactionSummary({ counts, ...viewerStateOf(rows) });
}

/** The viewer's own reaction (the row marked 1) and whether they saved the post (marked 2). */
export function viewerStateOf(rows: Pick<CardStateRow, 'react' | 'mine'>[]): {
  mine: Reaction | null;
  saved: boolean;
} {
  let mine: Reaction | null = null;
  let saved = false;
  for (const row of rows) {
    const kind = Number(row.mine);
    if (kind === 2) saved = true;
    else if (kind === 1) mine = asReaction(row.react);
  }
  return { mine, saved };
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
    background: row.background === null ? null : imageUrls.url(row.background),
    images: images.map((key) => {
      // A signed address's variants carry its query, and with it the same signature.
      const url = imageUrls.url(key, signed);
      return { url, variants: imageVariants(url) };
    }),
    comments: comments.map((comment) => toComment(comment, imageUrls, signed)),
    commentCount,
    reactions,
    createdAt: row.created_at,
    audience: asAudience(row.audience),
  };
  const carriesSigned = images.length > 0 || comments.some((comment) => comment.image !== '');
  if (freshUntil !== undefined && carriesSigned) SIGNED_FRESH_UNTIL.set(post, freshUntil);
  return post;
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
