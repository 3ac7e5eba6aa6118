import { LANGUAGES } from './i18n.js';
export const REACTIONS = ['like', 'love', 'haha', 'wow', 'sad', 'angry'] as const;
export type Reaction = (typeof REACTIONS)[number];

export const GENDERS = ['male', 'female', 'custom'] as const;
export type Gender = (typeof GENDERS)[number];

export const RELATIONSHIPS = ['Single', 'In a relationship', 'Married', 'Divorced'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const DETAIL_FIELDS = [
  'bio',
  'otherName',
  'job',
  'workplace',
  'highSchool',
  'college',
  'currentCity',
  'hometown',
  'relationship',
  'instagram',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

export const POST_TYPES = ['profilePicture', 'coverPicture'] as const;
export type PostType = (typeof POST_TYPES)[number] | null;

/** The nine built-in post backgrounds, served by the web app. */
export const BUILTIN_BACKGROUNDS = Array.from(
  { length: 9 },
  (_, i) => `/backgrounds/${i + 1}.svg`,
) as readonly string[];

export const FRIENDS_PAGE_TYPES = ['requests', 'sent', 'all'] as const;
export type FriendsPageType = (typeof FRIENDS_PAGE_TYPES)[number];

/** The login footer's languages (spec: English UK … Japanese), each in its own name. */
export const LOGIN_LANGUAGES = LANGUAGES.map((language) => language.name);

export const LOGIN_PRODUCT_LINKS = [
  'Sign Up',
  'Log in',
  'Messenger',
  'Watch',
  'Places',
  'Games',
  'Marketplace',
  'Groups',
  'About',
  'Create ad',
  'Create Page',
  'Developers',
  'Careers',
  'Privacy',
  'Cookies',
  'AdChoices',
  'Terms',
  'Help',
] as const;

/** What a notification is about (API.md, Notifications). */
export const NOTIFICATION_TYPES = [
  'react',
  'comment',
  'friendRequest',
  'friendAccepted',
  /** A comment on someone else's post whose notifications the member turned on. */
  'followedPostComment',
  /** Moderators and admins: someone applied to join (approval mode); gone once decided. */
  'application',
  /** Moderators and admins: a member reported something (the actor: the reporter). */
  'report',
  /** To the author: a moderator removed their post or comment; `note` says why. */
  'postRemoved',
  'commentRemoved',
  /** To the member: a moderator's warning; `note` says why. */
  'warning',
  /** To the member: their 'Download your information' zip is ready (the actor: themself). */
  'exportReady',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Who may see a post (API.md, Who sees what): anyone (and the fediverse once the host turns
 * federation on), every member of this server, the author's friends, or the author alone.
 */
export const AUDIENCES = ['public', 'members', 'friends', 'only_me'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The audience a post gets when its author names none (until members choose their own). */
export const DEFAULT_AUDIENCE: Audience = 'members';

/** What each audience is called where a member chooses it, and its tooltip on a card. */
export const AUDIENCE_LABELS: Record<Audience, { name: string; description: string }> = {
  public: { name: 'Public', description: 'Anyone on or off Hearth' },
  members: { name: 'Members of this server', description: 'Everyone with an account here' },
  friends: { name: 'Friends', description: 'Your friends on Hearth' },
  only_me: { name: 'Only me', description: 'Only you' },
};

/** Who may send a member friend requests (a privacy setting; API.md, Who sees what). */
export const FRIEND_REQUESTS_FROM = ['everyone', 'friends_of_friends'] as const;
export type FriendRequestsFrom = (typeof FRIEND_REQUESTS_FROM)[number];

/** Who may see a member's friends list on their profile (a privacy setting). */
export const FRIENDS_LIST_VISIBLE_TO = ['public', 'friends', 'only_me'] as const;
export type FriendsListVisibleTo = (typeof FRIENDS_LIST_VISIBLE_TO)[number];

/** A member's privacy settings until they change them: what every member had before. */
export const DEFAULT_PRIVACY = {
  defaultAudience: DEFAULT_AUDIENCE,
  friendRequestsFrom: 'everyone' as FriendRequestsFrom,
  friendsListVisibleTo: 'public' as FriendsListVisibleTo,
};

/** What each choice is called on the privacy page. */
export const FRIEND_REQUESTS_FROM_LABELS: Record<FriendRequestsFrom, string> = {
  everyone: 'Everyone',
  friends_of_friends: 'Friends of friends',
};
export const FRIENDS_LIST_VISIBLE_TO_LABELS: Record<FriendsListVisibleTo, string> = {
  public: 'Everyone',
  friends: 'Friends',
  only_me: 'Only me',
};

/** A member's role (API.md, Hosts in charge): `member` unless the host or an admin says so. */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may use the moderation area (`/admin`, the calls under `/moderation/…`). */
export const STAFF_ROLES: readonly Role[] = ['moderator', 'admin'];

/** What each role is called on the admin screens. */
export const ROLE_LABELS: Record<Role, string> = {
  member: 'Member',
  moderator: 'Moderator',
  admin: 'Admin',
};

/** Who may join (API.md, Hosts in charge): the admin's choice, `open` until they choose. */
export const SIGNUP_MODES = ['open', 'approval', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** What each sign-up mode is called on the admin settings page, and what it does. */
export const SIGNUP_MODE_LABELS: Record<SignupMode, { name: string; description: string }> = {
  open: { name: 'Open', description: 'Anyone can sign up.' },
  approval: {
    name: 'Approval',
    description: 'Anyone can apply; a moderator approves each new member.',
  },
  invite: { name: 'Invite only', description: 'Sign-up needs an invite link.' },
  closed: { name: 'Closed', description: 'Nobody can sign up.' },
};

/** Why a member reports a post, a comment or a member (API.md, Hosts in charge). */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'nudity',
  'false_information',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the report dialog calls each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  violence: 'Violence or threats',
  nudity: 'Nudity or sexual content',
  false_information: 'False information',
  other: 'Something else',
};

/** What was reported. */
export const REPORT_TARGETS = ['post', 'comment', 'member', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** How a report ended: what a moderator did about it, or the account deleted by an admin. */
export const REPORT_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend', 'delete'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** What a moderator does about a report from the queue (deletion is its own call, admins'). */
export const RESOLVE_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** A report's outcome as its reporter reads it in the Support Inbox. */
export const REPORT_OUTCOME_LABELS: Record<ReportAction, string> = {
  dismiss: 'No rule was broken',
  remove: 'Removed',
  warn: 'The member was warned',
  suspend: 'The member was suspended',
  delete: "The member's account was deleted",
};

/** A member's standing, as moderators see it. */
export const MEMBER_STATUSES = ['active', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
