/** Business constants of spec section 9. Each value lives here once. */

export const BIO_MAX = 100;
export const DETAIL_MAX = 25;
export const POST_TEXT_MAX = 250;
export const NAME_MIN = 2;
export const NAME_MAX = 16;
export const SIGNUP_PASSWORD_MIN = 6;
export const SIGNUP_PASSWORD_MAX = 36;
export const RESET_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MAX = 50;
export const RESET_CODE_LENGTH = 5;
export const RESET_EMAIL_MAX = 50;
/** RFC 5321: no deliverable address is longer. */
export const EMAIL_MAX = 254;
export const IMAGE_MAX_BYTES = 5_242_880;
/** Decoding cap against decompression bombs: width x height (x frames) of an upload. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Uploads are scaled down to fit this many pixels on their longest side. */
export const IMAGE_MAX_SIDE = 2048;
export const BIRTH_YEAR_CHOICES = 108;
/** API.md: sign-up needs an age of at least 14 years. */
export const MIN_SIGNUP_AGE = 14;
export const IMAGE_LISTING_MAX = 30;
export const PROFILE_PHOTOS_SHOWN = 9;
export const PROFILE_FRIENDS_SHOWN = 9;
export const PROFILE_HEADER_FRIENDS_SHOWN = 6;
export const PICTURE_ZOOM = { min: 1, max: 3, step: 0.2 } as const;
export const PICTURE_CROP_ASPECT = 1;
export const COVER_CROP_HEIGHT = 350;
export const BUILTIN_BACKGROUND_COUNT = 9;
export const REDIRECT_DELAY_MS = {
  login: 1000,
  register: 3000,
  activation: 3000,
  reset: 2000,
} as const;
export const SUGGESTION_NAME_MAX = 11;
export const SCROLL_FIX = { minScreenWidth: 900, columnHeightThreshold: 1000 } as const;
export const MESSAGE_DISPLAY_MS = 5000;
export const REACTION_POPUP_DELAY_MS = 500;
export const COMMENTS_INITIAL = 2;
export const COMMENTS_STEP = 3;
export const POST_GRID_MAX_IMAGES = 5;
export const POST_REMOVAL_DELAY_MS = 200;
export const TRASH_RETENTION_DAYS = 30;
export const UNVERIFIED_LIFETIME_DAYS = 30;
export const RELATIVE_TIME_REFRESH_MS = 30_000;
export const SHORTCUTS_SHOWN = 8;
export const STORY_BREAKPOINTS = [
  { maxWidth: 885, count: 5 },
  { maxWidth: 960, count: 4 },
  { maxWidth: 1030, count: 5 },
  { maxWidth: 1175, count: 4 },
] as const;
export const STORY_COUNT_DEFAULT = 5;
export const STATIC_BADGES = { icons: '9+', circle: '5' } as const;
export const WIDE_LAYOUT_BREAKPOINTS = { form: 850, wide: 1050 } as const;
export const COOKIE_NAMES = { user: 'user', darkTheme: 'darkTheme', language: 'lang' } as const;
export const EMOJI_PICKER = {
  width: 350,
  height: 450,
  recentCap: 14,
  longPressMs: 500,
  searchDebounceMs: 100,
} as const;
export const EMOJI_CATEGORIES = [
  'suggested',
  'smileys_people',
  'animals_nature',
  'food_drink',
  'travel_places',
  'activities',
  'objects',
  'symbols',
  'flags',
] as const;
export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;
/** The web app's feed pages: a small first page paints sooner; the next load while scrolling. */
export const WEB_FEED_PAGE_SIZE = 10;
/**
 * The id of the data block in a signed-in member's home page (`<script type="application/json">`):
 * their first feed page as the API answers it, so the app shows it without asking again.
 */
export const HOME_FEED_ELEMENT_ID = 'hearth-home-feed';
/**
 * On #root when the server drew a member's home screen into their page (the phone issue): the
 * app mounts over it once the layout's and the home's code are here.
 */
export const HOME_SCREEN_ATTRIBUTE = 'data-home-screen';
export const SEARCH_RESULTS_MAX = 20;
export const SEARCH_TERM_MAX = 100;
/** Members kept in one member's recent searches; adding one more forgets the oldest. */
export const SEARCH_HISTORY_MAX = 50;
export const UPLOAD_FILES_MAX = 20;
/** The size of each older-comments page, and of the list a new comment answers with. */
export const COMMENTS_PAGE_SIZE = 10;
/**
 * Comments a post carries in the feed and on profiles: the two a card shows and the three the
 * first 'View more comments' adds, so those need no call; older ones come a page at a time.
 * Fewer than a page keeps a feed page's reads and size small (bench/RESULTS.md).
 */
export const FEED_COMMENTS_CARRIED = COMMENTS_INITIAL + COMMENTS_STEP;
export const COMMENTS_PAGE_MAX = 50;
/** Response header carrying the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** API.md: JWT sessions last 7 days. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const ACTIVATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_WINDOW_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_TRIES = 5;

// One's own account (API.md, One's own account).
/** A link confirming a new e-mail address works once, for 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Two-factor sign-in: the recovery codes shown once when it is turned on. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: two groups of five, from the reset code's unambiguous alphabet. */
export const RECOVERY_CODE_PATTERN = /^[A-HJ-KMNP-Z2-9]{5}-?[A-HJ-KMNP-Z2-9]{5}$/i;
/** An authenticator app's code. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** How long the ticket of a login's second step (a code, or cancelling a deletion) lasts. */
export const LOGIN_TICKET_TTL_SECONDS = 10 * 60;
/** A session's last activity and IP address are written at most once a minute. */
export const SESSION_ACTIVITY_WRITE_MS = 60 * 1000;
/** A deleted account can be taken back by logging in for 30 days, then it is purged. */
export const ACCOUNT_DELETION_GRACE_MS = 30 * 24 * 60 * 60 * 1000;
/** A ready 'Download your information' zip can be downloaded for 7 days, then it is deleted. */
export const DATA_EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The signed address of an export's download works this long (a download carries no Bearer). */
export const DATA_EXPORT_LINK_TTL_SECONDS = 5 * 60;
/** The IP address of a session that ended is kept no longer than this. */
export const ENDED_SESSION_IP_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Unambiguous upper-case letters and digits (no 0/O, 1/I/L). */
export const RESET_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const DEFAULT_PICTURE = '/images/default-avatar.svg';
export const COPYRIGHT_YEAR = 2022;

/** Story count for a window width, per spec section 2 (first matching breakpoint wins). */
export function storyCountForWidth(width: number): number {
  for (const bp of STORY_BREAKPOINTS) if (width <= bp.maxWidth) return bp.count;
  return STORY_COUNT_DEFAULT;
}

// Notifications and live updates (API.md; the live-network issue).
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** At most this many ids in one PUT /notifications/read. */
export const NOTIFICATIONS_READ_IDS_MAX = 100;
/** A notification carries at most this many characters of the post's text or the comment. */
export const NOTIFICATION_PREVIEW_MAX = 80;
/** The bell shows the count up to this, then '9+'. */
export const NOTIFICATION_BADGE_MAX = 9;
/** Posts one socket may watch at once (a `watch` message with more is refused). */
export const LIVE_WATCHED_POSTS_MAX = 200;
/** The largest message a client may send on the socket, in bytes. */
export const LIVE_CLIENT_MESSAGE_MAX_BYTES = 16 * 1024;
/** A socket that has not authenticated by then is closed (4401). */
export const LIVE_AUTH_TIMEOUT_MS = 10_000;

// Here rather than beside the socket's schemas (schemas/live.ts, which re-exports them): the
// browser imports these two values, and importing that file would bundle every schema in it.

/** The path of the WebSocket below `/api/v1`. */
export const STREAMING_PATH = '/streaming';

/** Close codes the server uses (4000–4999 are the application's own). */
export const LIVE_CLOSE_CODES = {
  /** No auth within the time allowed, a bad token, or the session ended. */
  unauthorized: 4401,
  /** A message that is not one of the client's messages below, or too large. */
  badMessage: 4400,
  /** Too many sockets for the member or the address. */
  tooManySockets: 4429,
  /** More messages per second than allowed. */
  tooManyMessages: 4408,
  /** The server is shutting down: reconnect (to another process). */
  goingAway: 1001,
} as const;

// Who may join (API.md, Hosts in charge).
/** The applicant's 'Why do you want to join?' in approval mode. */
export const JOIN_REASON_MAX = 500;
export const SERVER_NAME_MAX = 60;
export const SERVER_DESCRIPTION_MAX = 500;
export const SERVER_RULES_MAX = 20;
export const SERVER_RULE_MAX = 300;
export const PRIVACY_POLICY_MAX = 20_000;
export const BLOCKED_DOMAINS_MAX = 500;
export const INVITE_USES_MAX = 100;
export const INVITE_DAYS_MAX = 30;
/** An invite code: 12 characters of an unambiguous alphabet. */
export const INVITE_CODE_LENGTH = 12;
/** A moderator's reason when approving or rejecting an application. */
export const DECISION_REASON_MAX = 500;
/** Applications and members per page in the moderation area. */
export const MODERATION_PAGE_SIZE = 50;
/** The server's name until the admin gives it one. */
export const DEFAULT_SERVER_NAME = 'Hearth';
/**
 * /about's privacy policy until the admin writes their own (they start from it): what the server
 * keeps of where members log in from (Where you're logged in; ENDED_SESSION_IP_RETENTION_MS).
 */
export const DEFAULT_PRIVACY_POLICY =
  'The IP address each of your sessions last came from is kept while the session lasts, and ' +
  `deleted at most ${ENDED_SESSION_IP_RETENTION_MS / (24 * 60 * 60 * 1000)} days after it ends.`;
/**
 * `open` sign-up switches itself to `approval` when no moderator or admin has been active (any
 * request) for this many days (SIGNUP_AUTO_APPROVAL_DAYS overrides it; 0 turns it off).
 */
export const STAFF_INACTIVE_DAYS = 7;

// Reports and moderation actions (API.md, Hosts in charge).
/** A report's optional details. */
export const REPORT_DETAILS_MAX = 1000;
/** The reason a moderator gives with an action (the member reads it). */
export const ACTION_REASON_MAX = 1000;
/** Reports and audit lines per page. */
export const REPORTS_PAGE_SIZE = 30;

// Messages (API.md, Messages; the messaging issue).
/** A message's text, in characters. */
export const MESSAGE_TEXT_MAX = 2_000;
/** Members of one conversation, the creator included. */
export const CONVERSATION_MEMBERS_MAX = 50;
/** A group conversation's name, in characters. */
export const CONVERSATION_NAME_MAX = 100;
export const MESSAGES_PAGE_DEFAULT = 30;
export const MESSAGES_PAGE_MAX = 50;
export const CONVERSATIONS_PAGE_DEFAULT = 20;
export const CONVERSATIONS_PAGE_MAX = 50;
/** A report of a message carries this many messages before it and after it, at most. */
export const REPORTED_MESSAGES_AROUND = 3;
/** A 'typing' signal shows this long unless another comes (the client sends one every 3 s). */
export const TYPING_SHOWN_MS = 5_000;
