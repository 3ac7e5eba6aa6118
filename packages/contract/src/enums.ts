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

export const LOGIN_LANGUAGES = [
  'English (UK)',
  'Français (FR)',
  'العربية',
  'ⵜⴰⵎⴰⵣⵉⵖⵜ',
  'Español (España)',
  'italiano',
  'Deutsch',
  'Português (Brasil)',
  'हिन्दी',
  '中文(简体)',
  '日本語',
] as const;

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
export const NOTIFICATION_TYPES = ['react', 'comment', 'friendRequest', 'friendAccepted'] as const;
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
