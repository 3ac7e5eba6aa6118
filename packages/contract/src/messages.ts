import {
  ACTION_REASON_MAX,
  BLOCKED_DOMAINS_MAX,
  DECISION_REASON_MAX,
  IMAGE_MAX_PIXELS,
  INVITE_DAYS_MAX,
  INVITE_USES_MAX,
  PRIVACY_POLICY_MAX,
  REPORT_DETAILS_MAX,
  SEARCH_TERM_MAX,
  SERVER_DESCRIPTION_MAX,
  SERVER_NAME_MAX,
  SERVER_RULE_MAX,
  SERVER_RULES_MAX,
  UPLOAD_FILES_MAX,
} from './constants.js';

/**
 * Every validation message of spec section 5, verbatim (typos included), and the server's own
 * sentences: the forms of logging in and signing up in auth-messages.ts, the server's and the
 * interface's in interface-messages.ts (each its own module, so a screen's code carries only the
 * ones it uses), the others here.
 */

export const DETAILS_MESSAGES = {
  bioMax: 'Bio must be at most 100 characters.',
  detailMax: 'Each detail must be at most 25 characters.',
  relationship: 'Relationship must be Single, In a relationship, Married or Divorced.',
} as const;

export const POST_MESSAGES = {
  textMax: 'A post can have at most 250 characters.',
  empty: 'Add some text, a background or a photo before posting.',
  background: 'Choose one of the built-in backgrounds.',
  backgroundLink:
    'A background must be one of the nine built-in backgrounds; links to other sites are not accepted.',
  imageNotYours: 'A post can only show photos you uploaded.',
  notFound: 'This post does not exist or was moved to trash.',
  notAuthor: 'Only the author can move this post to trash.',
  notAuthorAudience: 'Only the author can change who sees this post.',
  notAuthorEdit: 'Only the author can edit this post.',
  pictureNotEditable: 'A profile picture or cover photo post cannot be edited.',
} as const;

/** The mute calls' sentences (API.md, Who sees what). */
export const MUTE_MESSAGES = {
  self: 'You cannot mute or unmute yourself.',
} as const;

/** The privacy settings' sentences: a value outside the choices. */
export const PRIVACY_MESSAGES = {
  defaultAudience: 'Choose who sees your new posts: public, members, friends or only_me.',
  friendRequestsFrom: 'Choose who can send you friend requests: everyone or friends_of_friends.',
  friendsListVisibleTo: 'Choose who can see your friends list: public, friends or only_me.',
  empty: 'Send at least one privacy setting to change.',
} as const;

/** The messaging calls' sentences (API.md, Messages). */
export const MESSENGER_MESSAGES = {
  conversationNotFound: 'This conversation does not exist or you are not in it.',
  messageNotFound: 'This message does not exist.',
  empty: 'Write a message or add a photo before sending.',
  textMax: 'A message can have at most 2000 characters.',
  imageNotYours: 'A message can only show a photo you uploaded.',
  members: 'Choose between 1 and 49 other members.',
  memberNotFound: 'One of these members does not exist.',
  self: 'You cannot start a conversation with yourself alone.',
  nameMax: 'A conversation name can have at most 100 characters.',
  notGroup: 'Members can only be added to a group conversation.',
  tooManyMembers: 'A conversation can have at most 50 members.',
  notSender: 'Only its sender can unsend a message.',
} as const;

/** The block calls' sentences (API.md, Who sees what). */
export const BLOCK_MESSAGES = {
  self: 'You cannot block or unblock yourself.',
} as const;

export const COMMENT_MESSAGES = {
  imageNotYours: 'A comment can only show a photo you uploaded.',
} as const;

/** The profile calls' own sentences (getProfile, details, pictures). */
export const PROFILE_MESSAGES = {
  memberNotFound: 'This member does not exist.',
  pictureNotYours: 'Your profile picture must be a photo you uploaded.',
  coverNotYours: 'Your cover photo must be a photo you uploaded.',
} as const;

/** The friendship calls' sentences: each names why the transition is impossible. */
export const FRIENDSHIP_MESSAGES = {
  requestToSelf: 'You cannot send a friend request to yourself.',
  followSelf: 'You cannot follow or unfollow yourself.',
  self: 'You cannot do this with your own profile.',
  alreadyFriends: 'You are already friends with this member.',
  alreadySent: 'You already sent a friend request to this member.',
  noSentRequest: 'There is no friend request of yours to cancel.',
  noReceivedRequest: 'This member has not sent you a friend request.',
  notFriends: 'You are not friends with this member.',
} as const;

/** The search calls' sentences (the term and the history's member). */
export const SEARCH_MESSAGES = {
  termRequired: 'Type a name to search for.',
  termTooLong: `A search can have at most ${SEARCH_TERM_MAX} characters.`,
  termControlCharacters: 'A search cannot contain control characters.',
  memberRequired: 'Choose the member to keep in your recent searches.',
} as const;

/** The notification calls' own sentences. */
export const NOTIFICATION_MESSAGES = {
  badCursor: 'This cursor is not one the notifications list gave: start again from the first page.',
} as const;

/** The upload and image listing calls' own sentences; file type and size use FILE_MESSAGES. */
export const MEDIA_MESSAGES = {
  notMultipart: 'Send the images as multipart/form-data: a path field and one or more file fields.',
  pathMissing: 'The path field is missing: add the folder to upload into.',
  pathForbidden:
    'You can only upload into your own folders: {me}/post_images, {me}/post_images/{postId}, {me}/profile_pictures or {me}/cover_pictures.',
  noFile: 'Choose at least one image to upload.',
  unexpectedField: 'Only the fields path and file are accepted.',
  tooManyFiles: `At most ${UPLOAD_FILES_MAX} images can be uploaded at once.`,
  tooManyPixels: `{file} has too many pixels: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels are allowed.`,
  unreadable: '{file} could not be read as an image.',
  memberNotFound: 'This member does not exist.',
} as const;

/** File messages of spec section 5; `{file}` is replaced with the file name. */
export const FILE_MESSAGES = {
  cover: {
    type: 'image/file format is not supported',
    size: 'File size is too large.max 5mb allowed',
  },
  picture: {
    size: '{file} is too large max 5mb allowed.',
    type: '{file} format is not supported.',
  },
  post: {
    type: '{file} format is unsupported ! only Jpeg, Png, Webp, Gif are allowed.',
    size: '{file} size is too large max 5mb allowed.',
  },
  comment: {
    type: '{file} is not supported',
    size: '{file} size is too large',
  },
} as const;

export function fileMessage(template: string, fileName: string): string {
  return template.replaceAll('{file}', fileName);
}

/** Reports (API.md, Hosts in charge). */
export const REPORT_MESSAGES = {
  reasonRequired: 'Choose why you are reporting this.',
  target: 'Name one post, comment or member to report.',
  detailsMax: `Details must be at most ${REPORT_DETAILS_MAX} characters.`,
  yourOwn: 'You cannot report your own post, comment or profile.',
  alreadyReported: 'You already reported this. A moderator will look at it.',
  reported: 'Thanks for letting us know. A moderator will look at your report.',
} as const;

/** The moderation area's sentences (API.md, Hosts in charge). */
export const MODERATION_MESSAGES = {
  lastAdmin: 'The last admin cannot be revoked: make another member admin first.',
  settingsEmpty: 'Change at least one setting.',
  nameRequired: 'The server needs a name.',
  nameMax: `The name must be at most ${SERVER_NAME_MAX} characters.`,
  descriptionMax: `The description must be at most ${SERVER_DESCRIPTION_MAX} characters.`,
  rulesMax: `At most ${SERVER_RULES_MAX} rules, each of 1 to ${SERVER_RULE_MAX} characters.`,
  privacyPolicyMax: `The privacy policy must be at most ${PRIVACY_POLICY_MAX} characters.`,
  domainsInvalid: `Refused domains must be domain names (such as example.com), at most ${BLOCKED_DOMAINS_MAX}.`,
  signupMode: 'Choose open, approval, invite or closed.',
  role: 'Choose member, moderator or admin.',
  inviteUses: `An invite can be used 1 to ${INVITE_USES_MAX} times.`,
  inviteDays: `An invite lasts 1 to ${INVITE_DAYS_MAX} days.`,
  decisionReasonMax: `The reason must be at most ${DECISION_REASON_MAX} characters.`,
  approve: 'Say whether to approve (true) or reject (false).',
  action: 'Choose dismiss, remove, warn or suspend.',
  actionReasonRequired: 'Give a reason: the member is told.',
  actionReasonMax: `The reason must be at most ${ACTION_REASON_MAX} characters.`,
  reportResolved: 'This report has already been resolved.',
  nothingToRemove: 'A member report has no post or comment to remove: warn instead.',
  reportStatus: 'Choose open or resolved.',
  alreadySuspended: 'This member is already suspended.',
  notSuspended: 'This member is not suspended.',
  staffProtected:
    'Moderators and admins cannot be suspended or deleted: an admin makes them a member first.',
  notYourself: 'You cannot take this action on your own account.',
  /** The login answer (403) of a suspended member (API.md: a sentence saying so). */
  accountSuspended:
    'Your account is suspended: you cannot log in. The e-mail we sent you says why.',
} as const;
