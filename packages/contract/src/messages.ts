import {
  ACTION_REASON_MAX,
  BLOCKED_DOMAINS_MAX,
  DECISION_REASON_MAX,
  IMAGE_MAX_PIXELS,
  INVITE_DAYS_MAX,
  INVITE_USES_MAX,
  JOIN_REASON_MAX,
  PRIVACY_POLICY_MAX,
  REPORT_DETAILS_MAX,
  SEARCH_TERM_MAX,
  SERVER_DESCRIPTION_MAX,
  SERVER_NAME_MAX,
  SERVER_RULE_MAX,
  SERVER_RULES_MAX,
  UPLOAD_FILES_MAX,
} from './constants.js';

/** Every validation message of spec section 5, verbatim (typos included), and the server's own sentences. */

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide a valid email',
  passwordRequired: 'Please provide your password',
} as const;

export const REGISTER_MESSAGES = {
  firstNameRequired: "What's your First name ?",
  lastNameRequired: "What's your Last name ?",
  firstNameLength: 'First name must be between 2 and 16 characters.',
  lastNameLength: 'Last name must be between 2 and 16 characters.',
  nameLetters: 'Numbers and special characters are not allowed.',
  emailRequired: "You'll need this when you log in and if you ever need to reset your password.",
  emailInvalid: 'Enter a valid email address.',
  // The spec gives no message for an empty password; this one is ours.
  passwordRequired:
    'Enter a combination of at least six numbers, letters and punctuation marks (such as ! and &).',
  passwordMin: 'Password must be atleast 6 characters.',
  passwordMax: "Password can't be more than 36 characters",
  birthDate:
    'it looks like you(ve enetered the wrong info.Please make sure that you use your real date of birth.',
  genderRequired: 'Please choose a gender. You can change who can see this later.',
} as const;

export const FIND_ACCOUNT_MESSAGES = {
  emailRequired: 'Enter your Email to continue',
  emailInvalid: 'Enter a valid Email',
  emailMax: "Email can't be more than 50 characters",
} as const;

export const RESET_CODE_MESSAGES = {
  required: 'verification code is required to continue',
  min: 'must be 5 characters',
  max: 'maximum of 5 characters',
} as const;

export const NEW_PASSWORD_MESSAGES = {
  required: 'Enter new Password',
  min: 'Enter at least 6 characters',
  max: 'must be between 6 and 50 characters',
  confirmRequired: 'confirm password',
  mismatch: 'passwords do not match',
} as const;

/** One's own account (API.md, One's own account): the Settings page's sentences. */
export const ACCOUNT_MESSAGES = {
  // Language (the languages issue).
  languageChanged: 'Your language is changed.',
  languageInvalid: 'Choose one of the languages in the list.',
  nameChanged: 'Your name is changed.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordChanged: 'Your password is changed. Your other devices are logged out.',
  // E-mail.
  emailSame: 'That is already your e-mail address.',
  emailChangeSent: 'We sent a link to your new address. Your e-mail changes when you open it.',
  emailLinkInvalid: 'This link has expired or was already used.',
  emailChanged: 'Your e-mail address is changed.',
  // Where you're logged in.
  sessionEnded: 'That device is logged out.',
  // Two-factor sign-in.
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app.',
  twoFactorCodeWrong: 'That code is not right. Try the newest code from your app.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotSetUp: 'Start again: set up two-factor sign-in first.',
  twoFactorOn: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorOff: 'Two-factor sign-in is off.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  loginCodeNeeded: 'Enter the code from your authenticator app, or one of your recovery codes.',
  loginTicketExpired: 'That took too long. Log in again.',
  // Download your information.
  exportRequested:
    'We are getting your information ready. We will tell you when it can be downloaded.',
  exportUnderWay: 'Your information is already being prepared.',
  exportReady: 'Your information is ready to download.',
  // Delete my account.
  staffCannotDelete:
    'Moderators and admins cannot delete their account. Ask an admin to make you a member first.',
  accountDeleted: 'Your account is deleted. You can still log in within 30 days to keep it.',
  deletionScheduled: 'Your account is being deleted. Log in to keep it, or leave it to go.',
  deletionCancelled: 'Welcome back. Your account is no longer being deleted.',
} as const;

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

/** Sentences the server answers with; the web shows them as they are. */
/** Who may join (API.md, Hosts in charge): the sign-up's and login's sentences. */
export const SIGNUP_MESSAGES = {
  /** The sign-up answer in approval mode (API.md, verbatim). */
  awaitingApproval: 'Your request to join is waiting for approval.',
  loginPending:
    'Your request to join is still waiting for approval. You will get an e-mail when a moderator has looked at it.',
  closed: 'This server is not accepting new members at the moment.',
  inviteRequired: 'You need an invite to join this server.',
  inviteInvalid: 'This invite is not valid: it has expired or has been used up.',
  emailRefused: 'Sign-up with this e-mail address is not possible on this server.',
  reasonRequired: 'Please tell us why you want to join.',
  reasonMax: `Your answer must be at most ${JOIN_REASON_MAX} characters.`,
  rulesRequired: 'Please agree to the server rules to join.',
} as const;

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

export const SERVER_MESSAGES = {
  registerSuccess: 'Register Success ! please activate your email to start',
  loginSuccess: 'Login Success !',
  invalidCredentials: 'Invalid credentials.Please try again.',
  emailTaken: 'This email address already exists,try with a different email address',
  activated: 'Account has been activated successfully.',
  alreadyActivated: 'This account is already activated.',
  notYourActivation: "You don't have the authorization to complete this operation.",
  activationInvalid: 'This activation link is invalid or has expired.',
  verificationSent: 'Email verification link has been sent to your email.',
  accountNotFound: 'Account does not exists.',
  resetCodeSent: 'Email reset code has been sent to your email',
  resetCodeWrong: 'Verification code is wrong.',
  resetCodeExpired: 'This code has expired. Please send a new code.',
  resetCodeBurnt: 'Too many wrong codes. Please send a new code.',
  resetNotAllowed: 'Please verify the code sent to your email before changing your password.',
  passwordChanged: 'Your password has been changed. You can log in now.',
  unauthenticated: 'Please log in to continue.',
  sessionExpired: 'Your session has ended. Please log in again.',
  loggedOut: 'You are logged out.',
  loggedOutEverywhere: 'You are logged out of all devices.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many attempts. Please wait {minutes} and try again.',
  unexpected: 'Something went wrong on our side. Please try again.',
  invalidInput: 'The request is not valid.',
  activationTokenMissing: 'The activation link is missing its token.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'This kind of request body is not accepted here.',
  payloadTooLarge: 'The request is too large.',
  unstorableText:
    'Text cannot contain a NUL character or a broken Unicode character (an unpaired surrogate).',
} as const;

/** The 429 sentence with its wait filled in, rounded up to whole minutes. */
export function tooManyRequestsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return SERVER_MESSAGES.tooManyRequests.replace(
    '{minutes}',
    minutes === 1 ? '1 minute' : `${minutes} minutes`,
  );
}

export const UI_MESSAGES = {
  activationSuccess: 'Account verification succeeded. Redirecting!',
  activationFailure: 'Account verification failed.',
  unexpectedError: 'Unexpected Application Error!',
  verifyBanner:
    'Your account is not verified,verify your account before it gets deleted after a month from creating.',
  verifyBannerLink: 'click here to resend verification link',
  noPosts: 'No posts available',
  /** The page of a post that is missing, in trash or not shared with the member (/post/{postId}). */
  postUnavailable: "This post isn't available",
  postUnavailableDetail:
    'The author may have shared it with only some people or moved it to trash, or the link may be wrong.',
  postUnavailableHome: 'Go to News Feed',
  /** The notifications panel without any. */
  noNotifications: 'No notifications yet',
} as const;
