import {
  type AuthResponse,
  type BlockedList,
  type Comment,
  DEFAULT_AUDIENCE,
  DEFAULT_PICTURE,
  type Post,
  type Profile,
  type PublicUser,
  REACTIONS,
  type Reaction,
  type ReactionSummary,
  SERVER_MESSAGES,
  type SearchHistoryEntry,
} from '@hearth/contract';

export function authAnswer(overrides: Partial<AuthResponse> = {}): AuthResponse {
  return {
    message: SERVER_MESSAGES.loginSuccess,
    id: '01JADA',
    username: 'adaowen',
    picture: DEFAULT_PICTURE,
    first_name: 'Ada',
    last_name: 'Owen',
    token: 'token-of-ada',
    verified: true,
    role: 'member',
    ...overrides,
  };
}

/** The session user as stored: the answer without its message. */
export function sessionUser(overrides: Partial<AuthResponse> = {}) {
  const { message: _message, ...user } = authAnswer(overrides);
  return user;
}

type PostAuthor = Post['user'];

export const ada: PostAuthor = {
  _id: '01JADA',
  username: 'adaowen',
  first_name: 'Ada',
  last_name: 'Owen',
  picture: DEFAULT_PICTURE,
  cover: '',
  gender: 'female',
};

export const grace: PostAuthor = {
  _id: '01JGRACE',
  username: 'gracehopper',
  first_name: 'Grace',
  last_name: 'Hopper',
  picture: DEFAULT_PICTURE,
  cover: '',
  gender: 'female',
};

/** A reaction summary with all six names, most used first, as getReacts answers. */
export function reactionSummary(
  counts: Partial<Record<Reaction, number>> = {},
  overrides: Partial<Omit<ReactionSummary, 'reacts' | 'total'>> = {},
): ReactionSummary {
  const reacts = REACTIONS.map((react) => ({ react, count: counts[react] ?? 0 })).sort(
    (a, b) => b.count - a.count,
  );
  const total = reacts.reduce((sum, entry) => sum + entry.count, 0);
  return { check: null, checkSaved: false, notificationsOn: false, ...overrides, reacts, total };
}

let sequence = 0;

export function buildComment(overrides: Partial<Comment> = {}): Comment {
  sequence += 1;
  return {
    _id: `c${sequence}`,
    comment: `Comment ${sequence}`,
    image: '',
    commentBy: {
      _id: grace._id,
      username: grace.username,
      first_name: grace.first_name,
      last_name: grace.last_name,
      picture: grace.picture,
    },
    commentAt: new Date(Date.UTC(2024, 0, 1, 0, sequence)).toISOString(),
    ...overrides,
  };
}

/** `count` comments, newest first, as the server sends them. */
export function buildComments(count: number): Comment[] {
  return Array.from({ length: count }, () => buildComment()).reverse();
}

export function buildPost(overrides: Partial<Post> = {}): Post {
  sequence += 1;
  return {
    _id: `p${sequence}`,
    user: ada,
    type: null,
    text: `Post ${sequence}`,
    background: null,
    images: [],
    comments: [],
    commentCount: overrides.comments?.length ?? 0,
    reactions: reactionSummary(),
    createdAt: new Date().toISOString(),
    audience: DEFAULT_AUDIENCE,
    editedAt: null,
    ...overrides,
  };
}

/** A friend as getProfile lists them. */
export function buildFriend(index: number): Profile['friends'][number] {
  return {
    username: `friend${index}`,
    first_name: 'Friend',
    last_name: `Number${index}`,
    picture: `/media/friend${index}/p.webp`,
  };
}

/** getProfile's answer: Grace as a stranger sees her, unless told otherwise. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    ok: true,
    _id: grace._id,
    username: grace.username,
    first_name: grace.first_name,
    last_name: grace.last_name,
    picture: grace.picture,
    cover: '',
    gender: 'female',
    friends: [],
    friendsCount: overrides.friends?.length ?? 0,
    friendship: { friends: false, following: false, requestSent: false, requestReceived: false },
    muted: false,
    acceptsFriendRequests: true,
    friendsVisible: true,
    details: {},
    posts: [],
    ...overrides,
  };
}

/** Ada's own profile, as getProfile answers it to her. */
export function buildOwnProfile(overrides: Partial<Profile> = {}): Profile {
  return buildProfile({
    _id: ada._id,
    username: ada.username,
    first_name: ada.first_name,
    last_name: ada.last_name,
    picture: ada.picture,
    ...overrides,
  });
}

/** listImages' answer with `count` images, newest first. */
export function buildImages(username: string, count: number) {
  return {
    resources: Array.from({ length: count }, (_, i) => ({
      secure_url: `/media/${username}/img${i + 1}.webp`,
      public_id: `${username}/img${i + 1}`,
      folder: `${username}/post_images`,
    })),
    total_count: count,
  };
}

/** A member as search results and the friends page list them. */
export function buildMember(first: string, last: string): PublicUser {
  const username = `${first}${last}`.toLowerCase();
  return {
    _id: `01J${username.toUpperCase()}`,
    username,
    picture: `/media/${username}/p.webp`,
    first_name: first,
    last_name: last,
  };
}

/** A member as getBlocked lists them, blocked `daysAgo` days ago. */
export function buildBlockedMember(member: PublicUser, daysAgo = 0): BlockedList[number] {
  return { ...member, blockedAt: new Date(Date.now() - daysAgo * 24 * 60 * 60_000).toISOString() };
}

/** A recent-search entry for `member`, recorded `minutesAgo` minutes ago. */
export function buildHistoryEntry(member: PublicUser, minutesAgo = 0): SearchHistoryEntry {
  return {
    _id: `h-${member._id}`,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    user: member,
  };
}

/** Members as the friends page and the search list them, by name. */
export const members = {
  adaByron: buildMember('Ada', 'Byron'),
  alanTuring: buildMember('Alan', 'Turing'),
  barbaraLiskov: buildMember('Barbara', 'Liskov'),
  edsgerDijkstra: buildMember('Edsger', 'Dijkstra'),
  graceHopper: buildMember('Grace', 'Hopper'),
  linusTorvalds: buildMember('Linus', 'Torvalds'),
};
