import { z } from 'zod';
import {
  BIO_MAX,
  COMMENTS_PAGE_MAX,
  COMMENTS_PAGE_SIZE,
  DETAIL_MAX,
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  IMAGE_LISTING_MAX,
  POST_TEXT_MAX,
  SEARCH_TERM_MAX,
  UPLOAD_FILES_MAX,
} from '../constants.js';
import {
  AUDIENCES,
  FRIEND_REQUESTS_FROM,
  FRIENDS_LIST_VISIBLE_TO,
  POST_TYPES,
  REACTIONS,
  RELATIONSHIPS,
} from '../enums.js';
import { DETAILS_MESSAGES, POST_MESSAGES, PRIVACY_MESSAGES, SEARCH_MESSAGES } from '../messages.js';
import { builtinBackground, isAbsoluteUrl } from '../rules/backgrounds.js';
import { isEmptyPost } from '../rules/new-post.js';

/** Payloads of spec section 7 (users and posts). The server validates every one of them. */

const detail = z.string().trim().max(DETAIL_MAX, DETAILS_MESSAGES.detailMax);

export const detailsInputSchema = z.object({
  bio: z.string().trim().max(BIO_MAX, DETAILS_MESSAGES.bioMax).optional(),
  otherName: detail.optional(),
  job: detail.optional(),
  workplace: detail.optional(),
  highSchool: detail.optional(),
  college: detail.optional(),
  currentCity: detail.optional(),
  hometown: detail.optional(),
  relationship: z
    .union([z.enum(RELATIONSHIPS), z.literal('')], { error: DETAILS_MESSAGES.relationship })
    .optional(),
  instagram: detail.optional(),
});
export type DetailsInput = z.infer<typeof detailsInputSchema>;

export const updateDetailsSchema = z.object({ infos: detailsInputSchema });
export const pictureUrlSchema = z.object({ url: z.string().min(1).max(2048) });
export const listImagesSchema = z.object({
  path: z.string().regex(/^[a-z0-9]+\/\*$/, 'The path must look like {username}/*.'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  max: z.coerce.number().int().min(1).max(IMAGE_LISTING_MAX).default(IMAGE_LISTING_MAX),
  cursor: z.string().max(200).optional(),
});
export type ListImagesInput = z.infer<typeof listImagesSchema>;
export const idParamSchema = z.object({ id: z.string().min(1).max(64) });
export const usernameParamSchema = z.object({ username: z.string().min(1).max(100) });
export const postIdParamSchema = z.object({ postId: z.string().min(1).max(64) });
// Control characters cannot be typed and PostgreSQL text cannot hold NUL: refused, with a reason.
const CONTROL_CHARACTER = /\p{Cc}/u;

/** POST /users/search/{searchTerm}: 1 to 100 characters once the spaces around it are trimmed. */
export const searchTermParamSchema = z.object({
  searchTerm: z
    .string({ error: SEARCH_MESSAGES.termRequired })
    .trim()
    .min(1, SEARCH_MESSAGES.termRequired)
    .max(SEARCH_TERM_MAX, SEARCH_MESSAGES.termTooLong)
    .refine((term) => !CONTROL_CHARACTER.test(term), SEARCH_MESSAGES.termControlCharacters),
});
export type SearchTermParam = z.infer<typeof searchTermParamSchema>;

/** The history calls' body: the chosen member's `_id`. */
export const searchUserSchema = z.object({
  searchUser: z
    .string({ error: SEARCH_MESSAGES.memberRequired })
    .min(1, SEARCH_MESSAGES.memberRequired)
    .max(64, SEARCH_MESSAGES.memberRequired),
});
export type SearchUserInput = z.infer<typeof searchUserSchema>;

/** What a post shows and an edit may change: text, background and photos. */
const postContentShape = {
  // A built-in, or a client's own copy of one (stored as the built-in); no link elsewhere.
  background: z
    .string()
    .nullable()
    .default(null)
    .transform((b, ctx) => {
      if (b === null || b === '') return b;
      const builtin = builtinBackground(b);
      if (builtin) return builtin;
      ctx.issues.push({
        code: 'custom',
        input: b,
        message: isAbsoluteUrl(b) ? POST_MESSAGES.backgroundLink : POST_MESSAGES.background,
      });
      return z.NEVER;
    }),
  text: z.string().max(POST_TEXT_MAX, POST_MESSAGES.textMax).nullable().default(null),
  images: z
    .array(z.object({ url: z.string().min(1).max(2048) }))
    .max(UPLOAD_FILES_MAX)
    .nullable()
    .default(null),
};

export const createPostSchema = z
  .object({
    type: z.enum(POST_TYPES).nullable().default(null),
    ...postContentShape,
    user: z.string().optional(),
    /** Who may see the post; without it, the author's default audience. */
    audience: z.enum(AUDIENCES).optional(),
  })
  .refine((p) => !isEmptyPost(p), { message: POST_MESSAGES.empty });
export type CreatePostInput = z.infer<typeof createPostSchema>;

/** PUT /posts/editPost/{postId}: the post's new text, background and photos (the rules of a new post). */
export const editPostSchema = z
  .object(postContentShape)
  .refine((p) => !isEmptyPost(p), { message: POST_MESSAGES.empty });
export type EditPostInput = z.infer<typeof editPostSchema>;

/** PUT /posts/notifications/{postId}: whether the caller gets this post's notifications. */
export const postNotificationsInputSchema = z.object({ on: z.boolean() });
export type PostNotificationsInput = z.infer<typeof postNotificationsInputSchema>;

/** PUT /users/privacy: the settings to change (at least one). */
export const privacyInputSchema = z
  .object({
    defaultAudience: z.enum(AUDIENCES, { error: PRIVACY_MESSAGES.defaultAudience }).optional(),
    friendRequestsFrom: z
      .enum(FRIEND_REQUESTS_FROM, { error: PRIVACY_MESSAGES.friendRequestsFrom })
      .optional(),
    friendsListVisibleTo: z
      .enum(FRIENDS_LIST_VISIBLE_TO, { error: PRIVACY_MESSAGES.friendsListVisibleTo })
      .optional(),
  })
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), {
    message: PRIVACY_MESSAGES.empty,
  });
export type PrivacyInput = z.infer<typeof privacyInputSchema>;

export const reactSchema = z.object({
  react: z.enum(REACTIONS),
  postId: z.string().min(1).max(64),
});
export type ReactInput = z.infer<typeof reactSchema>;

export const commentInputSchema = z.object({
  comment: z.string().max(8000).default(''),
  image: z.string().max(2048).default(''),
  postId: z.string().min(1).max(64),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

export const feedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** GET /posts/{postId}/comments: older comments, newest first; the cursor is the last `_id` seen. */
export const commentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).default(COMMENTS_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;

/** PUT /posts/audience/{postId}: who may see the post from now on. */
export const audienceInputSchema = z.object({ audience: z.enum(AUDIENCES) });
export type AudienceInput = z.infer<typeof audienceInputSchema>;
