import { z } from 'zod';
import {
  AUDIENCES,
  FRIEND_REQUESTS_FROM,
  FRIENDS_LIST_VISIBLE_TO,
  GENDERS,
  REACTIONS,
  RELATIONSHIPS,
  ROLES,
} from '../enums.js';

import { LANGUAGE_CODES, type LanguageCode } from '../i18n.js';

/** Spec section 3 shapes, as the server answers them. */

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  picture: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  token: z.string(),
  verified: z.boolean(),
  /** API.md, Hosts in charge: `member`, `moderator` or `admin`. */
  role: z.enum(ROLES),
  /**
   * The member's language (the languages issue): every answer that carries a session has it; a
   * session kept by a client from before it existed may lack it (English, then).
   */
  language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResponseSchema = sessionUserSchema.extend({ message: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Sign-up in approval mode: no token, the applicant waits (API.md, Hosts in charge). */
export const pendingSignupSchema = sessionUserSchema
  .omit({ token: true, role: true })
  .extend({ message: z.string(), pending: z.literal(true) });
export type PendingSignup = z.infer<typeof pendingSignupSchema>;

/** The sign-up's answer: a session, or (approval mode) the application waiting. */
export const registerAnswerSchema = z.union([authResponseSchema, pendingSignupSchema]);
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/**
 * findUser's answer: the spec's e-mail and picture, and the member's name, so the reset page can
 * say whose account it found (as the picture already shows).
 */
export const resetUserInfoSchema = z.object({
  email: z.string(),
  picture: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ResetUserInfo = z.infer<typeof resetUserInfoSchema>;

export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  picture: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A list of members, each with the time named by `timeField` (when the caller acted on them). */
function memberListSchema<const TimeField extends string>(timeField: TimeField) {
  const time = { [timeField]: z.string() } as Record<TimeField, z.ZodString>;
  return z.array(publicUserSchema.extend(time));
}

export const detailsSchema = z.object({
  bio: z.string().optional(),
  otherName: z.string().optional(),
  job: z.string().optional(),
  workplace: z.string().optional(),
  highSchool: z.string().optional(),
  college: z.string().optional(),
  currentCity: z.string().optional(),
  hometown: z.string().optional(),
  relationship: z.enum(RELATIONSHIPS).optional().or(z.literal('')),
  instagram: z.string().optional(),
});
export type Details = z.infer<typeof detailsSchema>;

export const postAuthorSchema = z.object({
  _id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  picture: z.string(),
  cover: z.string(),
  gender: z.enum(GENDERS),
});

export const commentSchema = z.object({
  _id: z.string(),
  comment: z.string(),
  image: z.string(),
  commentBy: z.object({
    _id: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    picture: z.string(),
  }),
  commentAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A post's comments, newest first: a page of them, or those a comment call answers. */
export const commentListSchema = z.array(commentSchema);

export const reactionSummarySchema = z.object({
  check: z.enum(REACTIONS).nullable(),
  reacts: z.array(z.object({ react: z.enum(REACTIONS), count: z.number().int() })),
  total: z.number().int(),
  checkSaved: z.boolean(),
  /**
   * Whether the caller gets this post's notifications (API.md, Who sees what): its author unless
   * they turned them off, anyone else once they turned them on (new comments).
   */
  notificationsOn: z.boolean(),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/**
 * An upload's right-sized WebP copies (IMAGE_VARIANT_WIDTHS, narrowest first; see
 * image-variants.ts); empty for an image that is not an upload.
 */
export const imageVariantsSchema = z.array(z.object({ width: z.number(), url: z.string() }));
export type ImageVariants = z.infer<typeof imageVariantsSchema>;

export const postSchema = z.object({
  _id: z.string(),
  user: postAuthorSchema,
  type: z.enum(['profilePicture', 'coverPicture']).nullable(),
  text: z.string().nullable(),
  background: z.string().nullable(),
  images: z.array(z.object({ url: z.string(), variants: imageVariantsSchema })),
  comments: z.array(commentSchema),
  commentCount: z.number().int(),
  reactions: reactionSummarySchema,
  createdAt: z.string(),
  /** Who may see the post (API.md, Who sees what); clients written for the spec ignore it. */
  audience: z.enum(AUDIENCES),
  /** When its author last edited it; null if never (GET /posts/{postId}/edits lists the earlier versions). */
  editedAt: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;

/** GET /posts/{postId}/edits: the post's earlier versions, newest first. */
export const postEditsSchema = z.array(
  z.object({
    _id: z.string(),
    text: z.string().nullable(),
    background: z.string().nullable(),
    images: z.array(z.object({ url: z.string(), variants: imageVariantsSchema })),
    /** When this version was posted: the post's time for the first, an edit's for the others. */
    createdAt: z.string(),
  }),
);
export type PostEdits = z.infer<typeof postEditsSchema>;

/** PUT /posts/notifications/{postId}: whether the caller gets the post's notifications now. */
export const postNotificationsAnswerSchema = z.object({ on: z.boolean() });
export type PostNotificationsAnswer = z.infer<typeof postNotificationsAnswerSchema>;

/** GET and PUT /users/privacy: the caller's privacy settings, all of them. */
export const privacySchema = z.object({
  defaultAudience: z.enum(AUDIENCES),
  friendRequestsFrom: z.enum(FRIEND_REQUESTS_FROM),
  friendsListVisibleTo: z.enum(FRIENDS_LIST_VISIBLE_TO),
});
export type Privacy = z.infer<typeof privacySchema>;

/** GET /users/getMuted: the members the caller muted, most recent first. */
export const mutedListSchema = memberListSchema('mutedAt');
export type MutedList = z.infer<typeof mutedListSchema>;

/** PUT /posts/audience/{postId}: the post's audience now. */
export const audienceAnswerSchema = z.object({ audience: z.enum(AUDIENCES) });
export type AudienceAnswer = z.infer<typeof audienceAnswerSchema>;

/** GET /users/getBlocked: the members the caller blocked, most recent first. */
export const blockedListSchema = memberListSchema('blockedAt');
export type BlockedList = z.infer<typeof blockedListSchema>;

/** A page of posts, newest first. */
export const postsSchema = z.array(postSchema).describe('Posts');

export const friendshipSchema = z.object({
  friends: z.boolean(),
  following: z.boolean(),
  requestSent: z.boolean(),
  requestReceived: z.boolean(),
});
export type Friendship = z.infer<typeof friendshipSchema>;

export const profileSchema = z.object({
  ok: z.literal(true),
  _id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  picture: z.string(),
  cover: z.string(),
  gender: z.enum(GENDERS),
  /** The most recent friends, at most PROFILE_FRIENDS_SHOWN: all the profile shows. */
  friends: z.array(publicUserSchema.omit({ _id: true })),
  /** How many friends the owner has in all. */
  friendsCount: z.number().int().nonnegative(),
  friendship: friendshipSchema,
  /** Whether the caller muted the owner (the menu's Mute / Unmute). */
  muted: z.boolean(),
  /** Whether the caller may send the owner a friend request (the owner's privacy setting). */
  acceptsFriendRequests: z.boolean(),
  /** Whether the owner's friends list is shown to the caller; if not, `friends` is empty and `friendsCount` 0. */
  friendsVisible: z.boolean(),
  details: detailsSchema,
  posts: z.array(postSchema),
});
export type Profile = z.infer<typeof profileSchema>;

/** getProfile for a username no member has (status 404). */
export const profileNotFoundSchema = z.object({ ok: z.literal(false) });
export type ProfileNotFound = z.infer<typeof profileNotFoundSchema>;
/** What getProfile answers (200): the profile, or `{ok:false}` for an unknown username. */
export const profileAnswerSchema = z.union([profileSchema, profileNotFoundSchema]);

/** The answer of the picture and friendship calls: the JSON string "ok". */
export const okAnswerSchema = z.literal('ok');
export type OkAnswer = z.infer<typeof okAnswerSchema>;

export const imageListingSchema = z.object({
  resources: z.array(
    z.object({
      secure_url: z.string(),
      public_id: z.string(),
      folder: z.string(),
      variants: imageVariantsSchema,
    }),
  ),
  total_count: z.number().int(),
  next_cursor: z.string().optional(),
});
export type ImageListing = z.infer<typeof imageListingSchema>;

export const uploadResponseSchema = z.array(
  z.object({ url: z.string(), variants: imageVariantsSchema }),
);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** PUT /posts/postReacts. */
export const reactResponseSchema = z.object({ status: z.literal('success') });
export type ReactResponse = z.infer<typeof reactResponseSchema>;

/** PUT /posts/savePost/{postId}: whether the post is saved after the toggle. */
export const saveResponseSchema = z.object({ saved: z.boolean() });
export type SaveResponse = z.infer<typeof saveResponseSchema>;

/** DELETE /posts/deletePost/{postId}. */
export const deletePostResponseSchema = z.object({ status: z.literal('ok') });
export type DeletePostResponse = z.infer<typeof deletePostResponseSchema>;

export const searchHistoryEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  user: publicUserSchema,
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;

/** GET /users/getSearchHistory: newest first. */
export const searchHistorySchema = z.array(searchHistoryEntrySchema);

/** POST /users/search/{searchTerm}: the spec's search results, best first. */
export const searchResultsSchema = z.array(publicUserSchema);
export type SearchResult = PublicUser;

export const friendsPageSchema = z.object({
  requests: z.array(publicUserSchema),
  sentRequests: z.array(publicUserSchema),
  friends: z.array(publicUserSchema),
});
export type FriendsPage = z.infer<typeof friendsPageSchema>;

export interface Story {
  profile_picture: string;
  profile_name: string;
  image: string;
}
