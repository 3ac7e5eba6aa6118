import {
  ACCOUNT_MESSAGES,
  BLOCK_MESSAGES,
  COMMENT_MESSAGES,
  DETAILS_MESSAGES,
  defineMessages,
  FILE_MESSAGES,
  FIND_ACCOUNT_MESSAGES,
  FRIENDSHIP_MESSAGES,
  LOGIN_MESSAGES,
  MEDIA_MESSAGES,
  MESSENGER_MESSAGES,
  MODERATION_MESSAGES,
  MUTE_MESSAGES,
  NEW_PASSWORD_MESSAGES,
  NOTIFICATION_MESSAGES,
  POST_MESSAGES,
  PRIVACY_MESSAGES,
  PROFILE_MESSAGES,
  REGISTER_MESSAGES,
  REPORT_MESSAGES,
  RESET_CODE_MESSAGES,
  SEARCH_MESSAGES,
  SERVER_MESSAGES,
  SIGNUP_MESSAGES,
} from '@hearth/contract';
import { serverUiMessages } from './server-ui.messages';

/*
 * The contract's sentences (packages/contract/src/*messages.ts): what the server answers and the
 * form checks say, in English for every client written for the spec. Hearth's web app shows
 * them in the member's language, finding each by its English text (server-text.ts). Sentences
 * the server fills in ({file}, {minutes}) are written out below as ICU, so their values survive
 * translation; a test holds them to the contract's text.
 */

/** Every sentence of the contract without a placeholder, by namespace. */
export const contractMessages = {
  login: defineMessages('server.login', LOGIN_MESSAGES),
  register: defineMessages('server.register', REGISTER_MESSAGES),
  findAccount: defineMessages('server.findAccount', FIND_ACCOUNT_MESSAGES),
  resetCode: defineMessages('server.resetCode', RESET_CODE_MESSAGES),
  newPassword: defineMessages('server.newPassword', NEW_PASSWORD_MESSAGES),
  account: defineMessages('server.account', ACCOUNT_MESSAGES),
  details: defineMessages('server.details', DETAILS_MESSAGES),
  post: defineMessages('server.post', POST_MESSAGES),
  mute: defineMessages('server.mute', MUTE_MESSAGES),
  privacy: defineMessages('server.privacy', PRIVACY_MESSAGES),
  block: defineMessages('server.block', BLOCK_MESSAGES),
  comment: defineMessages('server.comment', COMMENT_MESSAGES),
  messenger: defineMessages('server.messenger', MESSENGER_MESSAGES),
  profile: defineMessages('server.profile', PROFILE_MESSAGES),
  friendship: defineMessages('server.friendship', FRIENDSHIP_MESSAGES),
  search: defineMessages('server.search', SEARCH_MESSAGES),
  notification: defineMessages('server.notification', NOTIFICATION_MESSAGES),
  signup: defineMessages('server.signup', SIGNUP_MESSAGES),
  report: defineMessages('server.report', REPORT_MESSAGES),
  moderation: defineMessages('server.moderation', MODERATION_MESSAGES),
  server: defineMessages('server.server', withoutPlaceholders(SERVER_MESSAGES)),
  ui: serverUiMessages,
  media: defineMessages('server.media', withoutPlaceholders(MEDIA_MESSAGES)),
  fileCover: defineMessages('server.fileCover', FILE_MESSAGES.cover),
};

function withoutPlaceholders<T extends Record<string, string>>(messages: T): T {
  return Object.fromEntries(Object.entries(messages).filter(([, text]) => !/[{}]/.test(text))) as T;
}

/** The contract's sentences the server fills in, written as ICU (server-text.test.ts checks them). */
export const filledMessages = defineMessages('server.filled', {
  tooManyRequests:
    'Too many attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.',
  pathForbidden:
    'You can only upload into your own folders: {me}/post_images, {me}/post_images/{postId}, {me}/profile_pictures or {me}/cover_pictures.',
  tooManyPixels: '{file} has too many pixels: at most {megapixels} megapixels are allowed.',
  unreadable: '{file} could not be read as an image.',
  pictureSize: '{file} is too large max 5mb allowed.',
  pictureType: '{file} format is not supported.',
  postType: '{file} format is unsupported ! only Jpeg, Png, Webp, Gif are allowed.',
  postSize: '{file} size is too large max 5mb allowed.',
  commentType: '{file} is not supported',
  commentSize: '{file} size is too large',
});
