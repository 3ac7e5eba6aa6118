import type { z } from 'zod';
import {
  BIO_MAX,
  COMMENTS_PAGE_SIZE,
  CONVERSATION_MEMBERS_MAX,
  CONVERSATION_NAME_MAX,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  DETAIL_MAX,
  FEED_COMMENTS_CARRIED,
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  IMAGE_MAX_BYTES,
  INVITE_DAYS_MAX,
  INVITE_USES_MAX,
  JOIN_REASON_MAX,
  MESSAGE_TEXT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  MODERATION_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  NOTIFICATION_PREVIEW_MAX,
  NOTIFICATIONS_PAGE_DEFAULT,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_READ_IDS_MAX,
  PROFILE_FRIENDS_SHOWN,
  REPORT_DETAILS_MAX,
  REPORTED_MESSAGES_AROUND,
  REPORTS_PAGE_SIZE,
  SEARCH_HISTORY_MAX,
  SEARCH_RESULTS_MAX,
  SEARCH_TERM_MAX,
  SERVER_NAME_MAX,
  SERVER_RULES_MAX,
  STAFF_INACTIVE_DAYS,
  UPLOAD_FILES_MAX,
} from '../constants.js';
import { RELATIONSHIPS } from '../enums.js';
import {
  accountSchema,
  accountSessionsSchema,
  cancelDeletionSchema,
  changeEmailSchema,
  changeLanguageAnswerSchema,
  changeLanguageSchema,
  confirmEmailAnswerSchema,
  confirmEmailSchema,
  dataExportLinkSchema,
  dataExportSchema,
  dataExportsSchema,
  deleteAccountSchema,
  exportIdParamsSchema,
  loginAnswerSchema,
  loginTwoFactorSchema,
  sessionIdParamsSchema,
  twoFactorDisableSchema,
  twoFactorEnableAnswerSchema,
  twoFactorEnableSchema,
  twoFactorSetupAnswerSchema,
  twoFactorSetupSchema,
} from '../schemas/account.js';
import {
  activateAccountSchema,
  changeNameAnswerSchema,
  changeNameSchema,
  changePasswordSchema,
  emptyBodySchema,
  findUserSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sendResetCodeSchema,
  validateResetCodeSchema,
} from '../schemas/auth.js';
import {
  markReadSchema,
  notificationsQuerySchema,
  notificationsSchema,
  unreadCountSchema,
} from '../schemas/live.js';
import {
  addMembersSchema,
  chatMessageSchema,
  chatMessagesSchema,
  conversationIdParamSchema,
  conversationSchema,
  conversationsQuerySchema,
  conversationsSchema,
  createConversationSchema,
  messageIdParamSchema,
  messagesQuerySchema,
  messagesUnreadSchema,
  muteConversationSchema,
  mutedAnswerSchema,
  sendMessageSchema,
} from '../schemas/messages.js';
import {
  aboutSchema,
  actionReasonSchema,
  applicationDecisionSchema,
  applicationsSchema,
  auditLogSchema,
  commentIdParamSchema,
  emailBlockIdParamSchema,
  emailBlocksSchema,
  inviteCodeParamSchema,
  inviteInputSchema,
  inviteSchema,
  invitesSchema,
  memberRecordSchema,
  moderationMembersQuerySchema,
  moderationMembersSchema,
  moderationPageQuerySchema,
  moderationReportsSchema,
  moderationSettingsInputSchema,
  moderationSettingsSchema,
  moderationSummarySchema,
  myReportSchema,
  myReportsSchema,
  reportIdParamSchema,
  reportInputSchema,
  reportsQuerySchema,
  resolveReportSchema,
  roleAnswerSchema,
  roleInputSchema,
  userIdParamSchema,
} from '../schemas/moderation.js';
import {
  audienceAnswerSchema,
  authResponseSchema,
  blockedListSchema,
  commentListSchema,
  deletePostResponseSchema,
  detailsSchema,
  friendsPageSchema,
  imageListingSchema,
  messageSchema,
  mutedListSchema,
  okAnswerSchema,
  postEditsSchema,
  postNotificationsAnswerSchema,
  postSchema,
  postsSchema,
  privacySchema,
  profileAnswerSchema,
  reactionSummarySchema,
  reactResponseSchema,
  registerAnswerSchema,
  resetUserInfoSchema,
  saveResponseSchema,
  searchHistorySchema,
  searchResultsSchema,
  uploadResponseSchema,
} from '../schemas/responses.js';
import {
  audienceInputSchema,
  commentInputSchema,
  commentsQuerySchema,
  createPostSchema,
  editPostSchema,
  feedQuerySchema,
  idParamSchema,
  listImagesSchema,
  pictureUrlSchema,
  postIdParamSchema,
  postNotificationsInputSchema,
  privacyInputSchema,
  reactSchema,
  searchTermParamSchema,
  searchUserSchema,
  updateDetailsSchema,
  usernameParamSchema,
} from '../schemas/users-posts.js';
import { type EndpointName, ROUTES, type Routes } from './routes.js';

/** Statuses a call may answer with `{ message }`, a sentence to show to a person. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

/**
 * One call of the API: its route, what it takes, what it answers per status, and its
 * documentation (the OpenAPI page at /api/docs is generated from this table).
 */
export interface EndpointSpec {
  name: EndpointName;
  method: string;
  path: string;
  tags: readonly string[];
  summary: string;
  description: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body instead of JSON. */
  multipart?: true;
  /** Success answers (200 or 201) and any status whose body is not `{ message }`. */
  responses: { 200?: z.ZodType; 201?: z.ZodType; 404?: z.ZodType };
  /** Statuses answered with `{ message }`. */
  errors: readonly ErrorStatus[];
  /** The answer pages through this header: the next page's `cursor`, absent on the last page. */
  nextCursorHeader?: true;
  /** A member's bearer token is required (401 without one). */
  auth: boolean;
  /** Who may call it (shown on the OpenAPI page; the authorization matrix checks it). */
  access: Access;
  /**
   * What the answer shows that the visibility rule decides on (API.md, Who sees what): the
   * visibility table has a row for every call that names one, so a read path added later without
   * a row fails it.
   */
  reads?: ReadKind;
}

/**
 * Who may call: `anyone` (no session needed), `member` (any signed-in member, about their own
 * things), `postViewer` (a member who may see the post named; for anyone else the post is
 * missing, 404), `postAuthor` (the post's author; 403 for others who see it, 404 for others
 * who don't), `memberViewer` (a member the named member has not blocked and who has not
 * blocked them; otherwise the member is missing), `moderator` (a moderator or an admin; any
 * other member gets 404), `admin` (an admin; any other member gets 404), `inviter` (an admin, or
 * any member while the admin lets members invite; otherwise 404).
 */
export type Access =
  | 'anyone'
  | 'member'
  | 'postViewer'
  | 'postAuthor'
  | 'memberViewer'
  | 'moderator'
  | 'admin'
  | 'inviter'
  | 'conversationMember';

/** What a read call shows: one post, posts, comments, one member, members, images, notifications. */
export type ReadKind =
  | 'post'
  | 'posts'
  | 'comments'
  | 'member'
  | 'members'
  | 'images'
  | 'notifications';

/** The sentence the OpenAPI page shows for each kind of caller. */
export const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  anyone: 'Anyone, signed in or not.',
  member: 'Any signed-in member, about their own things.',
  postViewer:
    'A signed-in member who may see the post (its audience, no block between them and the ' +
    'author); for anyone else the post is missing: 404, the same answer as a random id.',
  postAuthor:
    "The post's author; another member who sees the post gets 403, one who doesn't gets 404.",
  memberViewer:
    'A signed-in member; when either member blocked the other, the member is missing: the ' +
    'same answer as a random id.',
  moderator:
    'A moderator or an admin. Any other member gets 404, the answer of a path that does not exist.',
  admin: 'An admin. Any other member, moderators included, gets 404.',
  inviter:
    'An admin, or any member while the settings let members invite; otherwise 404. A member ' +
    'sees and revokes only the invites they made.',
  conversationMember:
    'A current member of the conversation (or, for a message, of its conversation); for anyone ' +
    'else it is missing: 404, the same answer as a random id.',
};

/** The one map from every error status to its body's schema. */
export const ERROR_RESPONSES = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  413: messageSchema,
  415: messageSchema,
  429: messageSchema,
} as const satisfies Record<ErrorStatus, z.ZodType>;

const MISSING =
  'A missing post, one in trash, and one the caller may not see (its audience, a block) are ' +
  '404 here as everywhere, with the same body.';

const FRIENDSHIP =
  "`id` is the member's `_id`; unknown member: 404. Runs in one transaction on the pair's " +
  "single relation, so concurrent calls never leave half a friendship. Answers 'ok'.";

const SEARCH_DESCRIPTION =
  `Members whose first name, last name, username or "first last" starts with the term; at ` +
  `most ${SEARCH_RESULTS_MAX}, each \`{_id, username, picture, first_name, last_name}\`. ` +
  `The term is trimmed and must then hold 1 to ${SEARCH_TERM_MAX} characters (else 400). ` +
  'Term and names are compared lower-cased, without accents ("zoe" finds "Zoé"), runs of ' +
  'spaces as one; every character is literal (no wildcard or pattern). The caller is found ' +
  'like anyone else.\n\nOrder: (1) exact matches, where a whole name, the username or "first ' +
  'last" equals the term; (2) then the caller\'s friends; (3) then everyone else. Friends come ' +
  'first among exact matches too. Within each group, by the matched name: the smallest of the ' +
  'member\'s names (first, last, username, or "first last" for a term with a space) that ' +
  'starts with the term, compared as lower-case unaccented text in Unicode code-point order ' +
  '(so "ben" before "benali" before "benjamin"); equal matched names by username. Served by ' +
  'index range scans: the cost does not grow with the membership.';

const AUTH_ERRORS = [400, 401, 403, 404, 409, 429] as const;
const SESSION_ERRORS = [400, 401, 429] as const;
const POST_ERRORS = [400, 401, 403, 404, 429] as const;
const USER_ERRORS = [400, 401, 404, 429] as const;
const MEDIA_ERRORS = [400, 401, 403, 404, 413, 415, 429] as const;
const MODERATION_ERRORS = [400, 401, 404, 429] as const;

/**
 * The `/api/v1` calls of spec section 7 with API.md's behaviour, one entry each. The server
 * registers its routes from this table, and the web client, the web's fake server and the
 * test helpers call through it, so a call's path, shapes and statuses are written once.
 */
export const ENDPOINTS = {
  register: {
    ...ROUTES.register,
    auth: false,
    access: 'anyone',
    tags: ['auth'],
    summary: 'Sign up',
    description:
      'Creates an unverified account and queues the activation mail (link valid 24 h, single use). ' +
      'E-mail unique regardless of case (409). Username: first + last name in lower-case ' +
      'letters a-z, with a number suffix when taken. Limited per IP.\n\nWho may join (GET ' +
      '/about `signupMode`): `open`, anyone; `approval`, `reason` (1 to ' +
      `${JOIN_REASON_MAX} characters) is required and the answer has no token, only the ` +
      "member's fields with `pending: true` and the message 'Your request to join is waiting " +
      "for approval.'; the applicant cannot log in until a moderator approves; `invite`, " +
      '`invite` (a code from an invite link) is required, spends one use, and an unknown, ' +
      'expired or used-up code is 400; `closed`, 403. An e-mail whose domain (or a parent ' +
      'domain) the admin refuses is 400 with a sentence that does not say why.',
    body: registerSchema,
    responses: { 201: registerAnswerSchema },
    errors: AUTH_ERRORS,
  },
  login: {
    ...ROUTES.login,
    auth: false,
    access: 'anyone',
    tags: ['auth'],
    summary: 'Log in',
    description:
      'An unknown e-mail and a wrong password give the same 400 answer. Limited per IP and per ' +
      'account; from a browser that logged in to the account before (its known-device cookie), ' +
      'per device instead of per account. Sets that cookie on success. The right password of an ' +
      'applicant still waiting for approval is 403 with a sentence saying so. The answer carries ' +
      'the `role` (`member`, `moderator`, `admin`). With two-factor sign-in on, the right ' +
      'password answers `{message, twoFactorRequired: true, ticket}` and no session: ' +
      '`loginTwoFactor` takes the code. An account being deleted answers `{message, ' +
      'deletionScheduled: true, purgeAt, ticket}` (after the code, when one is asked): ' +
      '`cancelDeletion` keeps it.',
    body: loginSchema,
    responses: { 200: loginAnswerSchema },
    errors: AUTH_ERRORS,
  },
  loginTwoFactor: {
    ...ROUTES.loginTwoFactor,
    auth: false,
    access: 'anyone',
    tags: ['auth'],
    summary: "A login's second step: the authenticator code",
    description:
      '`{ticket, code}`: the ticket login answered (10 minutes) and a 6-digit code from the ' +
      'app (each used once; the one before and after the current one are taken too) or an ' +
      'unused recovery code. Limited per IP and per account like login. A wrong code is 400; ' +
      'an expired or unknown ticket is 400 with a sentence asking to log in again. Answers as ' +
      'login does (a session, or `deletionScheduled`), and sets the known-device cookie.',
    body: loginTwoFactorSchema,
    responses: { 200: loginAnswerSchema },
    errors: AUTH_ERRORS,
  },
  cancelDeletion: {
    ...ROUTES.cancelDeletion,
    auth: false,
    access: 'anyone',
    tags: ['auth'],
    summary: 'Keep an account being deleted',
    description:
      '`{ticket}`: the ticket a login to an account being deleted answered. The deletion is ' +
      'cancelled, everything the member made shows again on every process, and a session ' +
      'opens: answers as login does with a session.',
    body: cancelDeletionSchema,
    responses: { 200: authResponseSchema },
    errors: AUTH_ERRORS,
  },
  activateAccount: {
    ...ROUTES.activateAccount,
    auth: true,
    access: 'member',
    tags: ['auth'],
    summary: 'Activate the account from the e-mailed link',
    description:
      "Bearer required. The link must be the caller's (403), unused and unexpired (400); " +
      'an already verified account gets 400.',
    body: activateAccountSchema,
    responses: { 200: messageSchema },
    errors: AUTH_ERRORS,
  },
  resendVerification: {
    ...ROUTES.resendVerification,
    auth: true,
    access: 'member',
    tags: ['auth'],
    summary: 'Send a fresh activation link',
    description: 'Bearer required. 400 when already verified. Limited per account.',
    body: emptyBodySchema,
    responses: { 200: messageSchema },
    errors: AUTH_ERRORS,
  },
  findUser: {
    ...ROUTES.findUser,
    auth: false,
    access: 'anyone',
    tags: ['auth'],
    summary: 'Find an account for a password reset',
    description: "The account's e-mail, picture and name, or 404. Limited per IP.",
    body: findUserSchema,
    responses: { 200: resetUserInfoSchema },
    errors: AUTH_ERRORS,
  },
  sendResetCode: {
    ...ROUTES.sendResetCode,
    auth: false,
    access: 'anyone',
    tags: ['auth'],
    summary: 'E-mail a password reset code',
    description:
      'Replaces any earlier code with a new 5-character one, valid 15 minutes. Limited per e-mail and per IP.',
    body: sendResetCodeSchema,
    responses: { 200: messageSchema },
    errors: AUTH_ERRORS,
  },
  validateResetCode: {
    ...ROUTES.validateResetCode,
    auth: false,
    access: 'anyone',
    tags: ['auth'],
    summary: 'Check a reset code',
    description:
      "A right, unexpired code answers {message:'ok'} and allows a password change for 15 minutes. " +
      'Five wrong tries burn the code. Limited per IP.',
    body: validateResetCodeSchema,
    responses: { 200: messageSchema },
    errors: AUTH_ERRORS,
  },
  resetPassword: {
    ...ROUTES.resetPassword,
    auth: false,
    access: 'anyone',
    tags: ['auth'],
    summary: 'Set a new password',
    description:
      'Only within 15 minutes of a right code, once (else 403). Ends every session of the ' +
      'account, on every device.',
    body: resetPasswordSchema,
    responses: { 200: messageSchema },
    errors: AUTH_ERRORS,
  },
  logout: {
    ...ROUTES.logout,
    auth: true,
    access: 'member',
    tags: ['auth'],
    summary: 'Log out',
    description:
      "Bearer required. Ends the caller's session: its token answers 401 from then on, on " +
      "every server process; the member's other sessions go on. Answers `{message}`.",
    body: emptyBodySchema,
    responses: { 200: messageSchema },
    errors: SESSION_ERRORS,
  },
  logoutAll: {
    ...ROUTES.logoutAll,
    auth: true,
    access: 'member',
    tags: ['auth'],
    summary: 'Log out of all devices',
    description:
      "Bearer required. Ends every session of the caller's account, the caller's own " +
      'included: each of their tokens answers 401 from then on. Answers `{message}`.',
    body: emptyBodySchema,
    responses: { 200: messageSchema },
    errors: SESSION_ERRORS,
  },

  createPost: {
    ...ROUTES.createPost,
    auth: true,
    access: 'member',
    tags: ['posts'],
    summary: 'Create a post',
    description:
      'Text (at most 250 characters), one of the nine built-in backgrounds or null, and images ' +
      "that must be the caller's own uploads (else 400). A client that ships its own copies of " +
      'the backgrounds may send a relative path or file name ending in the number of a built-in ' +
      'and an image extension (`../../../images/3.jpg`): it is stored as that built-in ' +
      '(`/backgrounds/3.svg`); an absolute URL (`https:`, `//host`, `data:` …) is refused (400). ' +
      'Text, background and images all empty: ' +
      "400. The author is the session's member, whatever `user` says. `audience` (`public`, " +
      '`members`, `friends`, `only_me`) says who may see it; without one, the author’s default ' +
      '(`members`), so clients written for the spec keep working. Answers 201 with the post in ' +
      'the feed shape.',
    body: createPostSchema,
    responses: { 201: postSchema },
    errors: POST_ERRORS,
  },
  feed: {
    ...ROUTES.feed,
    auth: true,
    access: 'member',
    reads: 'posts',
    tags: ['posts'],
    summary: 'Home feed',
    description:
      "Newest first: the caller's posts and those of members the caller follows. Keyset " +
      `pagination: \`limit\` (default ${FEED_PAGE_DEFAULT}, at most ${FEED_PAGE_MAX}) and ` +
      `\`cursor\` (the \`${NEXT_CURSOR_HEADER}\` header of the previous page). Each post ` +
      `carries its author, images, \`commentCount\`, its ${FEED_COMMENTS_CARRIED} newest comments ` +
      "(newest first) and `reactions`, identical to getReacts' answer.",
    query: feedQuerySchema,
    responses: { 200: postsSchema },
    errors: POST_ERRORS,
    nextCursorHeader: true,
  },
  comments: {
    ...ROUTES.comments,
    auth: true,
    access: 'postViewer',
    reads: 'comments',
    tags: ['posts'],
    summary: "A post's comments, page by page",
    description:
      `Newest first, \`limit\` (default ${COMMENTS_PAGE_SIZE}) at a time. Without a cursor: the ` +
      'newest ones (those the feed carries); then pass the `_id` of the oldest comment held, or ' +
      `the \`${NEXT_CURSOR_HEADER}\` header of the previous page, as \`cursor\`. ${MISSING}`,
    params: postIdParamSchema,
    query: commentsQuerySchema,
    responses: { 200: commentListSchema },
    errors: POST_ERRORS,
    nextCursorHeader: true,
  },
  react: {
    ...ROUTES.react,
    auth: true,
    access: 'postViewer',
    tags: ['posts'],
    summary: 'React to a post',
    description:
      'One reaction per member per post: a new one is added, the same one again removes it, ' +
      `another one replaces it. Safe under concurrent requests. ${MISSING}`,
    body: reactSchema,
    responses: { 200: reactResponseSchema },
    errors: POST_ERRORS,
  },
  getReacts: {
    ...ROUTES.getReacts,
    auth: true,
    access: 'postViewer',
    reads: 'post',
    tags: ['posts'],
    summary: "A post's reactions",
    description:
      'All six reactions with their counts, most used first; `check` is the caller’s reaction ' +
      `or null; \`total\`; \`checkSaved\` whether the caller saved the post. ${MISSING}`,
    params: postIdParamSchema,
    responses: { 200: reactionSummarySchema },
    errors: POST_ERRORS,
  },
  comment: {
    ...ROUTES.comment,
    auth: true,
    access: 'postViewer',
    reads: 'comments',
    tags: ['posts'],
    summary: 'Comment on a post',
    description:
      "Text, or an image that must be one of the caller's uploads (400 otherwise). Answers the " +
      `post's ${COMMENTS_PAGE_SIZE} newest comments, newest first, with \`${NEXT_CURSOR_HEADER}\` ` +
      'when older ones exist. Both empty once trimmed: nothing is stored and the unchanged ' +
      'comments are answered (200), as the spec’s client sends empty comments and expects the ' +
      `list back. ${MISSING}`,
    body: commentInputSchema,
    responses: { 200: commentListSchema },
    errors: POST_ERRORS,
    nextCursorHeader: true,
  },
  savePost: {
    ...ROUTES.savePost,
    auth: true,
    access: 'postViewer',
    tags: ['posts'],
    summary: 'Save or unsave a post',
    description: `Toggles; answers whether the post is now saved. ${MISSING}`,
    params: postIdParamSchema,
    responses: { 200: saveResponseSchema },
    errors: POST_ERRORS,
  },
  deletePost: {
    ...ROUTES.deletePost,
    auth: true,
    access: 'postAuthor',
    tags: ['posts'],
    summary: 'Move a post to trash',
    description:
      'The author only (403 otherwise). The post disappears everywhere at once and is purged ' +
      `with its images after 30 days. ${MISSING}`,
    params: postIdParamSchema,
    responses: { 200: deletePostResponseSchema },
    errors: POST_ERRORS,
  },
  editAudience: {
    ...ROUTES.editAudience,
    auth: true,
    access: 'postAuthor',
    tags: ['posts'],
    summary: 'Change who sees a post',
    description:
      '`{audience}`: `public`, `members`, `friends` or `only_me`. The author only (403 for ' +
      'others who see the post). From the answer on, every read path, every process and the ' +
      `live updates apply the new audience. Answers \`{audience}\`. ${MISSING}`,
    params: postIdParamSchema,
    body: audienceInputSchema,
    responses: { 200: audienceAnswerSchema },
    errors: POST_ERRORS,
  },
  editPost: {
    ...ROUTES.editPost,
    auth: true,
    access: 'postAuthor',
    tags: ['posts'],
    summary: 'Edit a post',
    description:
      '`{text, background, images}`: the post as it should read now, under the rules of a new ' +
      'post (text at most 250 characters, a built-in background, the caller’s own uploads, not ' +
      'all empty: 400). The author only (403 for others who see the post); a profile-picture or ' +
      'cover post: 400. The audience is changed by `PUT /posts/audience/{postId}`. The version ' +
      'it replaces is kept (`GET /posts/{postId}/edits`), its photos with it until the post is ' +
      'purged. Every process and open page shows the edit at once. Answers the post in the feed ' +
      `shape, \`editedAt\` set. ${MISSING}`,
    params: postIdParamSchema,
    body: editPostSchema,
    responses: { 200: postSchema },
    errors: POST_ERRORS,
  },
  postEdits: {
    ...ROUTES.postEdits,
    auth: true,
    access: 'postViewer',
    reads: 'post',
    tags: ['posts'],
    summary: 'The earlier versions of a post',
    description:
      'Each earlier version (`text`, `background`, `images`, `createdAt`: when it was posted), ' +
      'newest first; empty for a post never edited. Whoever sees the post sees its history, as ' +
      `on Facebook. ${MISSING}`,
    params: postIdParamSchema,
    responses: { 200: postEditsSchema },
    errors: POST_ERRORS,
  },
  postNotifications: {
    ...ROUTES.postNotifications,
    auth: true,
    access: 'postViewer',
    tags: ['posts'],
    summary: 'Turn a post’s notifications on or off',
    description:
      '`{on}`. The author turns them off (no notification from the post at all: reactions, ' +
      'comments) and on again; anyone else who sees the post turns them on to be notified of ' +
      'its new comments. The post’s `reactions.notificationsOn` says where the caller stands. ' +
      `Answers \`{on}\`. ${MISSING}`,
    params: postIdParamSchema,
    body: postNotificationsInputSchema,
    responses: { 200: postNotificationsAnswerSchema },
    errors: POST_ERRORS,
  },
  getPost: {
    ...ROUTES.getPost,
    auth: true,
    access: 'postViewer',
    reads: 'post',
    tags: ['posts'],
    summary: 'One post',
    description:
      'The post in the feed shape (author, images, `commentCount`, newest comments, ' +
      '`reactions`), for its page `/post/{postId}`, to whoever may see it: its audience and ' +
      `blocks decide (API.md, Who sees what). ${MISSING}`,
    params: postIdParamSchema,
    responses: { 200: postSchema },
    errors: POST_ERRORS,
  },
  uploadImages: {
    ...ROUTES.uploadImages,
    auth: true,
    access: 'member',
    tags: ['media'],
    summary: 'Upload images',
    description:
      'multipart/form-data: a `path` field, anywhere in the body, and one or more `file` fields (at most ' +
      `${UPLOAD_FILES_MAX}, each at most ${IMAGE_MAX_BYTES} bytes, else 413 naming the file). ` +
      "The path must be one of the caller's folders `{me}/post_images`, `{me}/post_images/{postId}`, " +
      '`{me}/profile_pictures`, `{me}/cover_pictures` (else 403). The type is read from the bytes: ' +
      'jpeg, png, webp or gif (else 415 naming the file); more than 40 megapixels is refused (413). ' +
      'Every image is re-encoded: orientation applied, longest side at most 2048 px, all metadata ' +
      '(EXIF, GPS) removed; animated GIFs stay animated; each is also stored as WebP at 160, 480 ' +
      'and 1080 px wide. All images are stored or none. Answers `[{url, variants: [{width, url}]}]` ' +
      'in the order sent. Limited per member.',
    multipart: true,
    responses: { 200: uploadResponseSchema },
    errors: MEDIA_ERRORS,
  },

  getProfile: {
    ...ROUTES.getProfile,
    auth: true,
    access: 'memberViewer',
    reads: 'member',
    tags: ['users'],
    summary: "A member's profile",
    description:
      `Owner; \`friends\`: the ${PROFILE_FRIENDS_SHOWN} most recent (username, picture, names), ` +
      'all the profile shows, and `friendsCount`: how many there are in all; details, and ' +
      '`friendship` flags relative to the caller (all false on their own profile). `posts`: the ' +
      'owner’s posts, newest first, ' +
      `in the feed's shape with reactions relative to the caller; \`limit\` (default ` +
      `${FEED_PAGE_DEFAULT}, at most ${FEED_PAGE_MAX}) and \`cursor\` page them like the feed, ` +
      `the next cursor in \`${NEXT_CURSOR_HEADER}\`. Unknown username: 200 with \`{ok:false}\` ` +
      '(clients written for the spec read `ok` from a successful answer; a 404 would make ' +
      'their HTTP client throw first).',
    params: usernameParamSchema,
    query: feedQuerySchema,
    responses: { 200: profileAnswerSchema },
    errors: [400, 401, 429],
    nextCursorHeader: true,
  },
  updateUserDetails: {
    ...ROUTES.updateUserDetails,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Edit the profile details',
    description:
      `The body's \`infos\` replaces the whole details object (a field left out is removed). ` +
      `Bio at most ${BIO_MAX} characters, every other detail at most ${DETAIL_MAX}, ` +
      `relationship one of ${RELATIONSHIPS.join(', ')} or empty (else 400). Answers the ` +
      'stored details.',
    body: updateDetailsSchema,
    responses: { 200: detailsSchema },
    errors: USER_ERRORS,
  },
  updateProfilePicture: {
    ...ROUTES.updateProfilePicture,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Change the profile picture',
    description: "The url must be one of the caller's own uploads (else 400). Answers 'ok'.",
    body: pictureUrlSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  updateCoverPicture: {
    ...ROUTES.updateCoverPicture,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Change the cover photo',
    description: "The url must be one of the caller's own uploads (else 400). Answers 'ok'.",
    body: pictureUrlSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  listImages: {
    ...ROUTES.listImages,
    auth: true,
    access: 'memberViewer',
    reads: 'images',
    tags: ['media'],
    summary: "List a member's uploaded images",
    description:
      "`{path:'{username}/*', sort, max, cursor?}`: that member's uploads, newest first for " +
      "'desc' (oldest first for 'asc'), at most `max` (30). `next_cursor` is present when more " +
      'exist; send it back as `cursor`. Each resource lists its WebP `variants`. Another member ' +
      'sees only the uploads something they may see shows (a photo of a post whose audience ' +
      'includes them, the image of a comment they may see on one, a profile picture or cover), ' +
      '`total_count` counting the same; the owner sees all but those whose every use is in ' +
      'trash. The files of `friends` and `only_me` posts (and of comments on them) are given ' +
      'as expiring signed addresses (`/media/{key}?exp=&sig=`), the same for every viewer ' +
      'allowed; without a valid signature they answer 404 as a missing file. Unknown username, ' +
      'or a block either way: 404.',
    body: listImagesSchema,
    responses: { 200: imageListingSchema },
    errors: MEDIA_ERRORS,
  },

  addFriend: {
    ...ROUTES.addFriend,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Send a friend request',
    description:
      'none -> request sent, and the caller follows the member. If the member had already asked ' +
      `the caller, this accepts instead. To oneself, already friends, or already sent: 400. ${FRIENDSHIP}`,
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  cancelFriendRequest: {
    ...ROUTES.cancelFriendRequest,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Cancel a sent friend request',
    description:
      'request sent -> none; the caller stops following the member. No request of the caller: ' +
      `400. ${FRIENDSHIP}`,
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  acceptRequest: {
    ...ROUTES.acceptRequest,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Accept a friend request',
    description:
      'request received -> friends; both follow each other. No request from the member: 400. ' +
      FRIENDSHIP,
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  deleteRequest: {
    ...ROUTES.deleteRequest,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Decline a friend request',
    description:
      'request received -> none; the member who asked stops following the caller. No request ' +
      `from the member: 400. ${FRIENDSHIP}`,
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  unfriend: {
    ...ROUTES.unfriend,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Unfriend',
    description: `friends -> none; neither follows the other any more. Not friends: 400. ${FRIENDSHIP}`,
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  follow: {
    ...ROUTES.follow,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Follow a member',
    description:
      "The member's posts reach the caller's home feed. Already following: nothing changes, " +
      `'ok'. Oneself: 400. ${FRIENDSHIP}`,
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  unfollow: {
    ...ROUTES.unfollow,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Stop following a member',
    description:
      "The member's posts leave the caller's home feed. Not following: nothing changes, 'ok'. " +
      `Oneself: 400. ${FRIENDSHIP}`,
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  getFriendsPageInfos: {
    ...ROUTES.getFriendsPageInfos,
    auth: true,
    access: 'member',
    reads: 'members',
    tags: ['users'],
    summary: "The friends page's lists",
    description:
      'Requests received, requests sent and friends (each `_id, username, picture, ' +
      'first_name, last_name`), most recent first.',
    responses: { 200: friendsPageSchema },
    errors: USER_ERRORS,
  },

  block: {
    ...ROUTES.block,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Block a member',
    description:
      'Ends friendship, friend requests and follows both ways at once; from then on neither ' +
      'member sees the other anywhere (profile, posts, comments, search, friends lists, ' +
      'notifications, live updates) and neither can add, follow, comment on or react to the ' +
      "other's posts: each such answer is the one a missing id gets. Already blocked: nothing " +
      "changes. Oneself: 400. Unknown member, or one who blocked the caller: 404. Answers 'ok'.",
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  unblock: {
    ...ROUTES.unblock,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Unblock a member',
    description:
      'Removes the caller’s block of the member; nothing else comes back by itself (friendship ' +
      "and follows stay ended). Not blocked: nothing changes. Oneself: 400. Answers 'ok'.",
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  getBlocked: {
    ...ROUTES.getBlocked,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'The members the caller blocked',
    description:
      'Most recent first: `_id, username, picture, first_name, last_name, blockedAt`. Settings ' +
      '& privacy → Blocking lists them.',
    responses: { 200: blockedListSchema },
    errors: USER_ERRORS,
  },
  mute: {
    ...ROUTES.mute,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Mute a member',
    description:
      'Their posts leave the caller’s feed and their actions stop notifying the caller; they ' +
      'are not told, and the caller can still open their profile and posts. Already muted: ' +
      "nothing changes. Oneself: 400. Unknown member, or one blocked either way: 404. Answers 'ok'.",
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  unmute: {
    ...ROUTES.unmute,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Unmute a member',
    description:
      "Their posts come back to the caller's feed and their actions notify again. Not muted: " +
      "nothing changes. Oneself: 400. Answers 'ok'.",
    params: idParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  getMuted: {
    ...ROUTES.getMuted,
    auth: true,
    access: 'member',
    reads: 'members',
    tags: ['users'],
    summary: 'The members the caller muted',
    description:
      'Most recent first: `_id, username, picture, first_name, last_name, mutedAt`. Settings & ' +
      'privacy → Muted lists them.',
    responses: { 200: mutedListSchema },
    errors: USER_ERRORS,
  },
  changeName: {
    ...ROUTES.changeName,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: "Change one's first and last name",
    description:
      "`{first_name, last_name}` under the sign-up's rules and sentences (400); the username " +
      'stays. Search finds the new name at once; posts, comments and the friends lists show it ' +
      'on every process. Answers `{message, first_name, last_name}` as stored.',
    body: changeNameSchema,
    responses: { 200: changeNameAnswerSchema },
    errors: USER_ERRORS,
  },
  changePassword: {
    ...ROUTES.changePassword,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: "Change one's password",
    description:
      '`{currentPassword, password, confPassword}`: a wrong current password is 400 (limited ' +
      "like login); the new one follows the reset's rules. Every other session of the member " +
      "ends at once on every process (their sockets close with 4401); the caller's goes on. A " +
      'mail tells the member. Answers `{message}`.',
    body: changePasswordSchema,
    responses: { 200: messageSchema },
    errors: USER_ERRORS,
  },
  getAccount: {
    ...ROUTES.getAccount,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: "The caller's account, for the Settings page",
    description:
      'The e-mail address, the address a sent link would change it to (`pendingEmail`, null ' +
      'when none waits), and whether two-factor sign-in is on with how many recovery codes ' +
      'are left.',
    responses: { 200: accountSchema },
    errors: SESSION_ERRORS,
  },
  changeEmail: {
    ...ROUTES.changeEmail,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: "Change one's e-mail address (by a link to the new one)",
    description:
      '`{email, currentPassword}`: the address under the sign-up rules and sentences, the ' +
      "password right (400 otherwise). An address in use is 409 with the sign-up's sentence; " +
      'a refused one is 400 as at sign-up. Nothing changes yet: a link valid 24 hours, once, ' +
      'goes to the new address (a newer request replaces it). Limited per member. Answers ' +
      '`{message}`.',
    body: changeEmailSchema,
    responses: { 200: messageSchema },
    errors: [400, 401, 409, 429],
  },
  changeLanguage: {
    ...ROUTES.changeLanguage,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: "Change one's language (screens and mails)",
    description:
      "`{language}`: one of the login footer's languages by code (`en`, `fr`, `ar`, `zgh`, `es`, " +
      '`it`, `de`, `pt-BR`, `hi`, `zh-Hans`, `ja`; 400 otherwise). Kept with the account: every ' +
      'device picks it up at its next login, and the mails the member gets are in it. ' +
      'Server answers stay in English. Limited per member. Answers `{message, language}`.',
    body: changeLanguageSchema,
    responses: { 200: changeLanguageAnswerSchema },
    errors: [400, 401, 429],
  },
  confirmEmail: {
    ...ROUTES.confirmEmail,
    auth: false,
    access: 'anyone',
    tags: ['users'],
    summary: 'Open the link that confirms a new e-mail address',
    description:
      '`{token}` from the link (/confirm-email/{token}); no session needed, the link is the ' +
      'proof. Expired, used or unknown: 400. The address changes (and counts as verified), ' +
      'the old address is told by mail; an address taken meanwhile is 409. Limited per IP. ' +
      'Answers `{message, email}`.',
    body: confirmEmailSchema,
    responses: { 200: confirmEmailAnswerSchema },
    errors: [400, 409, 429],
  },
  listSessions: {
    ...ROUTES.listSessions,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: "Where you're logged in",
    description:
      "The caller's live sessions, newest activity first: the device named from its user " +
      'agent, the IP address it last came from, when it signed in and was last active ' +
      '(written at most once a minute), and `current` for the session making the call.',
    responses: { 200: accountSessionsSchema },
    errors: SESSION_ERRORS,
  },
  endSession: {
    ...ROUTES.endSession,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Log out one of your sessions',
    description:
      'Ends that session at once on every process (its socket closes with 4401); someone ' +
      "else's or an unknown session is 404. Ending the current one is a logout. Answers " +
      '`{message}`.',
    params: sessionIdParamsSchema,
    responses: { 200: messageSchema },
    errors: USER_ERRORS,
  },
  twoFactorSetup: {
    ...ROUTES.twoFactorSetup,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Start turning on two-factor sign-in',
    description:
      '`{currentPassword}` (400 when wrong). Makes a new secret, kept encrypted, not yet in ' +
      'force (a later setup replaces it); answers it in base32, as an otpauth:// URI and as ' +
      'a QR code (SVG). Already on: 400.',
    body: twoFactorSetupSchema,
    responses: { 200: twoFactorSetupAnswerSchema },
    errors: USER_ERRORS,
  },
  twoFactorEnable: {
    ...ROUTES.twoFactorEnable,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Turn on two-factor sign-in with a first code',
    description:
      '`{code}`: a code the app made from the secret setup answered (400 when wrong, or when ' +
      'no setup waits). Two-factor sign-in is on from now; answers ten single-use recovery ' +
      'codes, shown this once (only their hashes are kept).',
    body: twoFactorEnableSchema,
    responses: { 200: twoFactorEnableAnswerSchema },
    errors: USER_ERRORS,
  },
  twoFactorDisable: {
    ...ROUTES.twoFactorDisable,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Turn off two-factor sign-in',
    description:
      '`{currentPassword, code}`: the password and a code from the app or a recovery code ' +
      '(400 when either is wrong, or when it is not on). The secret and recovery codes are ' +
      'deleted. Answers `{message}`.',
    body: twoFactorDisableSchema,
    responses: { 200: messageSchema },
    errors: USER_ERRORS,
  },
  deleteAccount: {
    ...ROUTES.deleteAccount,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Delete my account',
    description:
      '`{currentPassword, code?}`: the password, and a code when two-factor sign-in is on ' +
      '(400 when wrong or missing). Every session ends at once on every process; the profile ' +
      'and everything the member made are hidden from everyone at once. A login within 30 ' +
      'days offers to cancel (`deletionScheduled`); then everything is purged, media files ' +
      'included, and the address may sign up again. The username is never given to anyone ' +
      'else. Moderators and admins cannot (400: another admin makes them a member first). ' +
      'Answers `{message}`.',
    body: deleteAccountSchema,
    responses: { 200: messageSchema },
    errors: USER_ERRORS,
  },
  requestExport: {
    ...ROUTES.requestExport,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Download your information: ask for a zip',
    description:
      "Queues a zip of the caller's information (profile, posts with their edits, comments, " +
      'reactions, saved posts, friends and follows, blocks and mutes, search history and ' +
      'notifications as JSON, and every image they uploaded), built in the background; a ' +
      'notification and a mail say when it is ready. One at a time: while one is queued or ' +
      'being built, 409. Limited per member. Answers the export as queued.',
    body: emptyBodySchema,
    responses: { 200: dataExportSchema },
    errors: [400, 401, 409, 429],
  },
  listExports: {
    ...ROUTES.listExports,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Download your information: your zips',
    description:
      "The caller's exports, newest first, each `queued`, `building`, `ready` (with its size " +
      'and until when it can be downloaded: 7 days) or `failed`.',
    responses: { 200: dataExportsSchema },
    errors: SESSION_ERRORS,
  },
  exportLink: {
    ...ROUTES.exportLink,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: "Download your information: a ready zip's address",
    description:
      'A signed address of the ready zip, valid 5 minutes, that a browser opens without a ' +
      "Bearer header. Someone else's, unknown, not ready or expired: 404.",
    params: exportIdParamsSchema,
    body: emptyBodySchema,
    responses: { 200: dataExportLinkSchema },
    errors: USER_ERRORS,
  },
  getPrivacy: {
    ...ROUTES.getPrivacy,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'The caller’s privacy settings',
    description:
      '`defaultAudience` (what a new post gets when it names none, a profile-picture and cover ' +
      "post included), `friendRequestsFrom` (`everyone`, `friends_of_friends`: anyone else's " +
      'addFriend gets the answer an unknown member gets), `friendsListVisibleTo` (`public`, ' +
      '`friends`, `only_me`: who sees the friends on the profile). Defaults: `members`, ' +
      '`everyone`, `public`.',
    responses: { 200: privacySchema },
    errors: USER_ERRORS,
  },
  updatePrivacy: {
    ...ROUTES.updatePrivacy,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Change privacy settings',
    description:
      'Any of `defaultAudience`, `friendRequestsFrom`, `friendsListVisibleTo` (at least one; a ' +
      'value outside the choices or an unknown key: 400, nothing saved). Answers all the ' +
      'settings as they are now.',
    body: privacyInputSchema,
    responses: { 200: privacySchema },
    errors: USER_ERRORS,
  },

  search: {
    ...ROUTES.search,
    auth: true,
    access: 'member',
    reads: 'members',
    tags: ['users'],
    summary: 'Search members by name',
    description: SEARCH_DESCRIPTION,
    params: searchTermParamSchema,
    responses: { 200: searchResultsSchema },
    errors: USER_ERRORS,
  },
  addToSearchHistory: {
    ...ROUTES.addToSearchHistory,
    auth: true,
    access: 'memberViewer',
    tags: ['users'],
    summary: 'Keep a member in the recent searches',
    description:
      "`searchUser` is the chosen member's `_id`. A new entry, or the member's existing " +
      'entry moved to the top with its `createdAt` raised: one entry per member, even for ' +
      `two adds at once. Only the newest ${SEARCH_HISTORY_MAX} entries are kept; adding ` +
      "one more forgets the oldest. Unknown member: 404. Answers 'ok'.",
    body: searchUserSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  getSearchHistory: {
    ...ROUTES.getSearchHistory,
    auth: true,
    access: 'member',
    reads: 'members',
    tags: ['users'],
    summary: 'The recent searches',
    description:
      `The caller's recent searches, newest first, at most ${SEARCH_HISTORY_MAX}: each ` +
      '`{_id, createdAt, user: {_id, username, picture, first_name, last_name}}`, ' +
      '`createdAt` being when that member was last chosen. A member whose account is ' +
      'removed leaves the history with it.',
    responses: { 200: searchHistorySchema },
    errors: USER_ERRORS,
  },
  removeFromSearch: {
    ...ROUTES.removeFromSearch,
    auth: true,
    access: 'member',
    tags: ['users'],
    summary: 'Remove a member from the recent searches',
    description:
      "`searchUser` is the member's `_id`. Removes their entry from the caller's history; " +
      "a member not in it (or unknown) changes nothing. Answers 'ok'.",
    body: searchUserSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },

  notifications: {
    ...ROUTES.notifications,
    auth: true,
    access: 'member',
    reads: 'notifications',
    tags: ['notifications'],
    summary: "The caller's notifications",
    description:
      'Newest first. A member is notified when someone else reacts to their post (one ' +
      'notification per reacting member and post, changed with the reaction, removed when it is ' +
      'withdrawn), comments on their post, sends them a friend request (removed when it is ' +
      'cancelled or declined), or accepts theirs; moderators and admins are notified of each ' +
      'application to join (`application`, its actor the applicant, removed once a moderator ' +
      'decides); their own actions never notify. Notifications ' +
      'of a trashed post are hidden. Keyset pagination: `limit` (default ' +
      `${NOTIFICATIONS_PAGE_DEFAULT}, at most ${NOTIFICATIONS_PAGE_MAX}) and \`cursor\` (the ` +
      `\`${NEXT_CURSOR_HEADER}\` header of the previous page). Texts are cut to ` +
      `${NOTIFICATION_PREVIEW_MAX} characters.`,
    query: notificationsQuerySchema,
    responses: { 200: notificationsSchema },
    errors: SESSION_ERRORS,
    nextCursorHeader: true,
  },
  unreadCount: {
    ...ROUTES.unreadCount,
    auth: true,
    access: 'member',
    tags: ['notifications'],
    summary: 'How many notifications are unread',
    description: "`{count}`: the caller's unread notifications (the bell's badge).",
    responses: { 200: unreadCountSchema },
    errors: SESSION_ERRORS,
  },
  markNotificationsRead: {
    ...ROUTES.markNotificationsRead,
    auth: true,
    access: 'member',
    tags: ['notifications'],
    summary: 'Mark notifications as read',
    description:
      `\`{ids}\` (at most ${NOTIFICATIONS_READ_IDS_MAX}): marks those of the caller's ` +
      'notifications as read (ids of others or unknown ids change nothing); without `ids`, ' +
      'all of them. Answers `{count}`, the number still unread.',
    body: markReadSchema,
    responses: { 200: unreadCountSchema },
    errors: SESSION_ERRORS,
  },

  createConversation: {
    ...ROUTES.createConversation,
    auth: true,
    access: 'member',
    tags: ['messages'],
    summary: 'Start a conversation',
    description:
      `\`{memberIds, name?}\`: 1 to ${CONVERSATION_MEMBERS_MAX - 1} other members (the caller is ` +
      'added), a group name of at most ' +
      `${CONVERSATION_NAME_MAX} characters. With one other member the pair's conversation is ` +
      'answered if it exists (200), else created (201); with more, a group is created (201). ' +
      'An unknown member, or one blocked by the caller or who blocked them: 404, the answer a ' +
      "random id gets. For each member who is not the caller's friend the conversation is a " +
      'message request until they accept it or reply. Limited per member. Answers the ' +
      'conversation.',
    body: createConversationSchema,
    responses: { 200: conversationSchema, 201: conversationSchema },
    errors: USER_ERRORS,
  },
  conversations: {
    ...ROUTES.conversations,
    auth: true,
    access: 'member',
    tags: ['messages'],
    summary: "The caller's conversations",
    description:
      'Latest activity first. `folder=inbox` (default): conversations the caller started, ' +
      'accepted or replied in; `folder=requests`: message requests from members who are not ' +
      "the caller's friends. Conversations holding no message yet are listed to their starter " +
      'only. A conversation with a member blocked either way is left out when it has only the ' +
      `two of them. Keyset pagination: \`limit\` (default ${CONVERSATIONS_PAGE_DEFAULT}, at most ` +
      `${CONVERSATIONS_PAGE_MAX}) and \`cursor\` (the \`${NEXT_CURSOR_HEADER}\` header).`,
    query: conversationsQuerySchema,
    responses: { 200: conversationsSchema },
    errors: SESSION_ERRORS,
    nextCursorHeader: true,
  },
  getConversation: {
    ...ROUTES.getConversation,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: 'One conversation',
    description: 'As the list shows it. Not a member of it, or unknown: 404.',
    params: conversationIdParamSchema,
    responses: { 200: conversationSchema },
    errors: USER_ERRORS,
  },
  conversationMessages: {
    ...ROUTES.conversationMessages,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: "A conversation's messages",
    description:
      'Newest first, older than `cursor` (the ' +
      `\`${NEXT_CURSOR_HEADER}\` header of the previous page); \`limit\` default ` +
      `${MESSAGES_PAGE_DEFAULT}, at most ${MESSAGES_PAGE_MAX}. Messages of a member the caller ` +
      'blocked, or who blocked them, are left out. A member who joined later sees messages from ' +
      'their joining on. Unsent messages stay as `removed` without text or image.',
    params: conversationIdParamSchema,
    query: messagesQuerySchema,
    responses: { 200: chatMessagesSchema },
    errors: USER_ERRORS,
    nextCursorHeader: true,
  },
  sendMessage: {
    ...ROUTES.sendMessage,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: 'Send a message',
    description:
      `\`{text, image?}\`: text of at most ${MESSAGE_TEXT_MAX} characters and at most one ` +
      "image, which must be one of the caller's uploads to `{me}/message_images` (400 " +
      'otherwise); both empty once trimmed: 400. In a conversation of two, a block either way ' +
      'makes it missing (404). Sending accepts a message request. Delivered live (`message`) to ' +
      'every socket of every member; members who muted it are not notified. Limited per member. ' +
      'Answers the message (201).',
    params: conversationIdParamSchema,
    body: sendMessageSchema,
    responses: { 201: chatMessageSchema },
    errors: USER_ERRORS,
  },
  markConversationRead: {
    ...ROUTES.markConversationRead,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: 'Mark a conversation read',
    description:
      "Moves the caller's read mark to the newest message; the other members see 'Seen' " +
      '(`messageRead`, live). Answers the Messenger figures `{count, requests}` after it.',
    params: conversationIdParamSchema,
    responses: { 200: messagesUnreadSchema },
    errors: USER_ERRORS,
  },
  acceptConversation: {
    ...ROUTES.acceptConversation,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: 'Accept a message request',
    description:
      'Moves the conversation from the requests to the inbox (nothing changes if it is there). ' +
      'Answers the conversation.',
    params: conversationIdParamSchema,
    responses: { 200: conversationSchema },
    errors: USER_ERRORS,
  },
  addConversationMembers: {
    ...ROUTES.addConversationMembers,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: 'Add members to a group',
    description:
      `\`{add: [ids]}\`: a group only (400 for a conversation of two); at most ` +
      `${CONVERSATION_MEMBERS_MAX} members in all (400). Members already in it are skipped; an ` +
      'unknown one, or one blocked either way by the caller: 404. Answers the conversation.',
    params: conversationIdParamSchema,
    body: addMembersSchema,
    responses: { 200: conversationSchema },
    errors: USER_ERRORS,
  },
  leaveConversation: {
    ...ROUTES.leaveConversation,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: 'Leave a conversation',
    description:
      'The caller leaves: it is gone from their list and its messages from their reach; the ' +
      "others see the members change. Answers 'ok'.",
    params: conversationIdParamSchema,
    responses: { 200: okAnswerSchema },
    errors: USER_ERRORS,
  },
  muteConversation: {
    ...ROUTES.muteConversation,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: 'Mute or unmute a conversation',
    description:
      '`{muted}`: a muted conversation does not count on the Messenger button and its messages ' +
      'do not notify; they still arrive. Answers `{muted}`.',
    params: conversationIdParamSchema,
    body: muteConversationSchema,
    responses: { 200: mutedAnswerSchema },
    errors: USER_ERRORS,
  },
  unsendMessage: {
    ...ROUTES.unsendMessage,
    auth: true,
    access: 'conversationMember',
    tags: ['messages'],
    summary: 'Unsend a message',
    description:
      'Its sender only (another member of the conversation: 403; anyone else: 404). The text ' +
      "and image are erased; everyone sees 'Message removed' (`messageRemoved`, live). Already " +
      "unsent: nothing changes. Answers 'ok'.",
    params: messageIdParamSchema,
    responses: { 200: okAnswerSchema },
    errors: POST_ERRORS,
  },
  messagesUnreadCount: {
    ...ROUTES.messagesUnreadCount,
    auth: true,
    access: 'member',
    tags: ['messages'],
    summary: "The Messenger button's figures",
    description:
      '`{count, requests}`: conversations (not muted, not requests) holding messages the caller ' +
      'has not read, and message requests waiting for them.',
    responses: { 200: messagesUnreadSchema },
    errors: SESSION_ERRORS,
  },

  about: {
    ...ROUTES.about,
    auth: false,
    access: 'anyone',
    tags: ['community'],
    summary: 'The server: name, description, rules, privacy policy, who may join',
    description:
      'What the admin wrote about the server (the login page’s About link, the sign-up’s ' +
      'rules) and the sign-up mode: `open`, `approval`, `invite` or `closed`. ' +
      '`membersMayInvite`: whether members may make invite links.',
    responses: { 200: aboutSchema },
    errors: [429],
  },
  moderationSettings: {
    ...ROUTES.moderationSettings,
    auth: true,
    access: 'admin',
    tags: ['moderation'],
    summary: 'The server settings',
    description:
      "/about's fields, `blockedEmailDomains` (refused at sign-up, subdomains included) and " +
      '`autoApprovalAt`: when `open` last switched itself to `approval` because no moderator ' +
      `or admin had made a request for ${STAFF_INACTIVE_DAYS} days (the admins are mailed).`,
    responses: { 200: moderationSettingsSchema },
    errors: MODERATION_ERRORS,
  },
  updateModerationSettings: {
    ...ROUTES.updateModerationSettings,
    auth: true,
    access: 'admin',
    tags: ['moderation'],
    summary: 'Change the server settings',
    description:
      'Any of `signupMode`, `name` (1 to ' +
      `${SERVER_NAME_MAX} characters), \`description\`, \`rules\` (at most ${SERVER_RULES_MAX}), ` +
      '`privacyPolicy`, `blockedEmailDomains` (domain names; lower-cased, a leading @ dropped, ' +
      'sorted, duplicates once), `membersMayInvite`: at least one; anything invalid is 400 and ' +
      'nothing is saved. Every process sees the change at once; the audit log keeps who changed ' +
      'what. Answers the settings as they are now.',
    body: moderationSettingsInputSchema,
    responses: { 200: moderationSettingsSchema },
    errors: MODERATION_ERRORS,
  },
  setRole: {
    ...ROUTES.setRole,
    auth: true,
    access: 'admin',
    tags: ['moderation'],
    summary: "Change a member's role",
    description:
      '`{role}`: `member`, `moderator` or `admin`, at once on every process (the session user ' +
      'carries it from the next login; the calls check it on every request). The last admin ' +
      'cannot be made anything else (400). Unknown member: 404. Into the audit log.',
    params: userIdParamSchema,
    body: roleInputSchema,
    responses: { 200: roleAnswerSchema },
    errors: MODERATION_ERRORS,
  },
  moderationMembers: {
    ...ROUTES.moderationMembers,
    auth: true,
    access: 'moderator',
    reads: 'members',
    tags: ['moderation'],
    summary: 'Members, for moderators',
    description:
      `Newest first, ${MODERATION_PAGE_SIZE} a page: \`q\` finds names, usernames and e-mail ` +
      'addresses containing it; each with `email`, `role`, `createdAt` and, for moderators ' +
      'and admins, `lastActiveAt`. Applicants waiting for approval are under applications.',
    query: moderationMembersQuerySchema,
    responses: { 200: moderationMembersSchema },
    errors: MODERATION_ERRORS,
    nextCursorHeader: true,
  },
  applications: {
    ...ROUTES.applications,
    auth: true,
    access: 'moderator',
    reads: 'members',
    tags: ['moderation'],
    summary: 'Applicants waiting for approval',
    description:
      `Oldest first, ${MODERATION_PAGE_SIZE} a page, each with \`email\`, \`reason\` and ` +
      '`createdAt`.',
    query: moderationPageQuerySchema,
    responses: { 200: applicationsSchema },
    errors: MODERATION_ERRORS,
    nextCursorHeader: true,
  },
  decideApplication: {
    ...ROUTES.decideApplication,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'Approve or reject an applicant',
    description:
      '`{approve, reason?}`. Approved: the member can log in, and is mailed (with the link that ' +
      'confirms the address). Rejected: the application and the account are deleted, and the ' +
      'applicant is mailed, with the reason when given. Not an applicant waiting (never one, ' +
      "already decided, unknown): 404. Into the audit log. Answers 'ok'.",
    params: userIdParamSchema,
    body: applicationDecisionSchema,
    responses: { 200: okAnswerSchema },
    errors: MODERATION_ERRORS,
  },
  invites: {
    ...ROUTES.invites,
    auth: true,
    access: 'inviter',
    tags: ['moderation'],
    summary: 'Invite links',
    description:
      'Newest first: an admin sees every invite, a member their own; expired and used-up ' +
      'ones included for a day after they end.',
    responses: { 200: invitesSchema },
    errors: MODERATION_ERRORS,
  },
  createInvite: {
    ...ROUTES.createInvite,
    auth: true,
    access: 'inviter',
    tags: ['moderation'],
    summary: 'Make an invite link',
    description:
      `\`{uses}\` (1 to ${INVITE_USES_MAX} sign-ups) and \`{expiresInDays}\` (1 to ` +
      `${INVITE_DAYS_MAX}). Answers the invite: its \`code\` and \`url\` (\`/?invite=CODE\` on ` +
      'the app), which opens the sign-up with the code filled in. Limited per member.',
    body: inviteInputSchema,
    responses: { 201: inviteSchema },
    errors: MODERATION_ERRORS,
  },
  revokeInvite: {
    ...ROUTES.revokeInvite,
    auth: true,
    access: 'inviter',
    tags: ['moderation'],
    summary: 'Revoke an invite link',
    description:
      "The code stops working at once. Another member's invite, or an unknown code: 404. " +
      "Answers 'ok'.",
    params: inviteCodeParamSchema,
    responses: { 200: okAnswerSchema },
    errors: MODERATION_ERRORS,
  },

  report: {
    ...ROUTES.report,
    auth: true,
    access: 'member',
    tags: ['moderation'],
    summary: 'Report a post, a comment, a member or a message',
    description:
      '`{target: {postId} | {commentId} | {userId} | {messageId}, reason, details?}`: reasons `spam`, ' +
      '`harassment`, `hate`, `violence`, `nudity`, `false_information`, `other`; details up to ' +
      `${REPORT_DETAILS_MAX} characters. What the caller may not see (its audience, a block, ` +
      'trash; a message: not a current member of its conversation, or the message not shown to ' +
      "them) is 404 as everywhere; one's own post, comment, profile or message is 400. One open " +
      'report per member and target: a second is 409. The report keeps the content as the ' +
      'reporter saw it; a message report keeps the message and up to ' +
      `${REPORTED_MESSAGES_AROUND} messages before and after it as the reporter could read them, ` +
      "and nothing else of the conversation reaches the moderators (the queue's `messages`). " +
      'Moderators and admins are notified (`report`). Limited per member. Answers the report ' +
      'as the Support Inbox shows it.',
    body: reportInputSchema,
    responses: { 201: myReportSchema },
    errors: [400, 401, 404, 409, 429],
  },
  myReports: {
    ...ROUTES.myReports,
    auth: true,
    access: 'member',
    tags: ['moderation'],
    summary: "The caller's reports and their outcome (the Support Inbox)",
    description:
      'Newest first (at most 100): what was reported (a preview), why, whether it is still ' +
      'open, and once resolved what the moderators did (`dismiss`, `remove`, `warn`). Who ' +
      'decided is not said.',
    responses: { 200: myReportsSchema },
    errors: SESSION_ERRORS,
  },
  reports: {
    ...ROUTES.reports,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'The reports queue',
    description:
      `\`status\` \`open\` (the default; oldest first) or \`resolved\` (newest first), ${REPORTS_PAGE_SIZE} ` +
      'a page. Each report: the reporter, the member reported, the content as it was reported ' +
      "(kept if the author has since edited or trashed it, or it was removed), the member's " +
      'earlier reports and the actions taken against them, and the resolution.',
    query: reportsQuerySchema,
    responses: { 200: moderationReportsSchema },
    errors: MODERATION_ERRORS,
    nextCursorHeader: true,
  },
  resolveReport: {
    ...ROUTES.resolveReport,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'Act on a report',
    description:
      '`{action, reason}`: `dismiss` (reason optional), `remove` (the post or comment is gone ' +
      'for everyone at once, on every process; the author is told why by notification and ' +
      'mail), `warn` (the member is told why by notification and mail), `suspend` (as ' +
      '`PUT /moderation/suspend/{userId}`; a moderator or admin reported: 400). Every open report of ' +
      'the same target is resolved with it. A resolved report: 409. `remove` on a member report: ' +
      "400. Unknown report: 404. Into the audit log. Answers 'ok'.",
    params: reportIdParamSchema,
    body: resolveReportSchema,
    responses: { 200: okAnswerSchema },
    errors: [400, 401, 404, 409, 429],
  },
  removePost: {
    ...ROUTES.removePost,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'Remove a post',
    description:
      '`{reason}`: the post is gone for everyone at once, its author included (as trash hides ' +
      'it, on every read path and process); the author is told why by notification and mail; ' +
      "its open reports are resolved. Unknown or already gone: 404. Into the audit log. Answers 'ok'.",
    params: postIdParamSchema,
    body: actionReasonSchema,
    responses: { 200: okAnswerSchema },
    errors: MODERATION_ERRORS,
  },
  removeComment: {
    ...ROUTES.removeComment,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'Remove a comment',
    description:
      "`{reason}`: the comment is gone for everyone at once (the post's comments and its count " +
      'on every read path and process); its author is told why by notification and mail; its ' +
      "open reports are resolved. Unknown or already gone: 404. Into the audit log. Answers 'ok'.",
    params: commentIdParamSchema,
    body: actionReasonSchema,
    responses: { 200: okAnswerSchema },
    errors: MODERATION_ERRORS,
  },
  warnMember: {
    ...ROUTES.warnMember,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'Warn a member',
    description:
      '`{reason}`: the member is told why by notification and mail. Unknown member: 404. Into ' +
      "the audit log. Answers 'ok'.",
    params: userIdParamSchema,
    body: actionReasonSchema,
    responses: { 200: okAnswerSchema },
    errors: MODERATION_ERRORS,
  },
  moderationSummary: {
    ...ROUTES.moderationSummary,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'What waits for moderators',
    description: "`{openReports, applications}`: the counts the header's Moderation entry shows.",
    responses: { 200: moderationSummarySchema },
    errors: MODERATION_ERRORS,
  },
  moderationLog: {
    ...ROUTES.moderationLog,
    auth: true,
    access: 'admin',
    tags: ['moderation'],
    summary: 'The audit log',
    description:
      `Newest first, ${REPORTS_PAGE_SIZE} a page: every moderation action, role and settings ` +
      'change, application decision and invite: who (the server itself for the automatic ' +
      'switch to approval), what, on whom, when, and the details (the reason, before and ' +
      'after). Never edited; kept when the members it names are gone.',
    query: moderationPageQuerySchema,
    responses: { 200: auditLogSchema },
    errors: MODERATION_ERRORS,
    nextCursorHeader: true,
  },
  suspendMember: {
    ...ROUTES.suspendMember,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'Suspend a member',
    description:
      '`{reason}`: every session of theirs ends and every socket closes (4401), at once on ' +
      'every process; login answers 403 saying the account is suspended; their posts, ' +
      'comments, reactions and profile are hidden on every read path (counts recounted) until ' +
      'unsuspended. They are told why by mail; their open reports are resolved. Moderators and ' +
      "admins, and the caller: 400. Already suspended: 409. Unknown: 404. Audit log. Answers 'ok'.",
    params: userIdParamSchema,
    body: actionReasonSchema,
    responses: { 200: okAnswerSchema },
    errors: [400, 401, 404, 409, 429],
  },
  unsuspendMember: {
    ...ROUTES.unsuspendMember,
    auth: true,
    access: 'moderator',
    tags: ['moderation'],
    summary: 'Lift a suspension',
    description:
      '`{reason}`: the member may log in again and everything they made shows again, as it ' +
      "was. They are told by mail. Not suspended: 409. Unknown: 404. Audit log. Answers 'ok'.",
    params: userIdParamSchema,
    body: actionReasonSchema,
    responses: { 200: okAnswerSchema },
    errors: [400, 401, 404, 409, 429],
  },
  deleteMember: {
    ...ROUTES.deleteMember,
    auth: true,
    access: 'admin',
    tags: ['moderation'],
    summary: "Delete a member's account",
    description:
      '`{reason}`: logged out everywhere at once; the account and everything it made (posts, ' +
      'comments, reactions, friendships, media files) purged as the unverified-account purge ' +
      'does; told by mail. A hash of the e-mail address is kept so that it cannot sign up ' +
      'again until an admin lifts it (`/moderation/emailBlocks`). Moderators and admins, and ' +
      "the caller: 400. Unknown: 404. Audit log (kept). Answers 'ok'.",
    params: userIdParamSchema,
    body: actionReasonSchema,
    responses: { 200: okAnswerSchema },
    errors: MODERATION_ERRORS,
  },
  memberRecord: {
    ...ROUTES.memberRecord,
    auth: true,
    access: 'moderator',
    reads: 'members',
    tags: ['moderation'],
    summary: "A member's record",
    description:
      'The member as the members list shows them (status and suspension included), the ' +
      'reports naming them and the actions taken about them, newest first, 50 of each. ' +
      'Unknown or still applying: 404.',
    params: userIdParamSchema,
    responses: { 200: memberRecordSchema },
    errors: MODERATION_ERRORS,
  },
  emailBlocks: {
    ...ROUTES.emailBlocks,
    auth: true,
    access: 'admin',
    tags: ['moderation'],
    summary: 'Addresses refused after a deletion',
    description:
      "Newest first (at most 200): the deleted member's name, the reason and when. The " +
      'address itself is not kept, only its hash.',
    responses: { 200: emailBlocksSchema },
    errors: MODERATION_ERRORS,
  },
  liftEmailBlock: {
    ...ROUTES.liftEmailBlock,
    auth: true,
    access: 'admin',
    tags: ['moderation'],
    summary: "Let a deleted account's address sign up again",
    description: "Unknown: 404. Into the audit log. Answers 'ok'.",
    params: emailBlockIdParamSchema,
    responses: { 200: okAnswerSchema },
    errors: MODERATION_ERRORS,
  },
} as const satisfies { [Name in EndpointName]: EndpointSpec & Routes[Name] };

export type Endpoints = typeof ENDPOINTS;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The success status of a call: 201 for the calls that create, 200 for the others. */
export type SuccessStatus<Name extends EndpointName> =
  201 extends keyof Endpoints[Name]['responses'] ? 201 : 200;

/** What a call answers on success, as the client reads it. */
export type Answer<Name extends EndpointName> = Output<
  Endpoints[Name]['responses'][SuccessStatus<Name> & keyof Endpoints[Name]['responses']]
>;

/** What a call takes, as the client sends it: path parameters, query and body. */
export interface CallParts<Name extends EndpointName> {
  params: Endpoints[Name] extends { params: infer P } ? Input<P> : undefined;
  query: Endpoints[Name] extends { query: infer Q } ? Input<Q> : undefined;
  body: Endpoints[Name] extends { multipart: true }
    ? FormData
    : Endpoints[Name] extends { body: infer B }
      ? Input<B>
      : undefined;
}

/** The parts of a call as the server's handler receives them, validated and defaulted. */
export interface ReceivedParts<Name extends EndpointName> {
  params: Endpoints[Name] extends { params: infer P } ? Output<P> : undefined;
  query: Endpoints[Name] extends { query: infer Q } ? Output<Q> : undefined;
  body: Endpoints[Name] extends { body: infer B } ? Output<B> : undefined;
}

type IsOptional<T> = undefined extends T ? true : object extends T ? true : false;

/**
 * What a caller passes for a call: `params`, `query` and `body`, each required only when the
 * call has one that cannot be left out (`{ params: { postId } }` for getReacts, nothing for
 * getFriendsPageInfos).
 */
export type CallInput<Name extends EndpointName> = {
  [K in keyof CallParts<Name> as IsOptional<CallParts<Name>[K]> extends true
    ? never
    : K]: CallParts<Name>[K];
} & {
  [K in keyof CallParts<Name> as IsOptional<CallParts<Name>[K]> extends true ? K : never]?: Exclude<
    CallParts<Name>[K],
    undefined
  >;
};

/** A call's input as a rest argument: optional when nothing in it is required. */
export type CallArgs<Name extends EndpointName> =
  object extends CallInput<Name> ? [input?: CallInput<Name>] : [input: CallInput<Name>];
