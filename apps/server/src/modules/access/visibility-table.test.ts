import {
  API_PREFIX,
  AUDIENCES,
  type Audience,
  ENDPOINTS,
  type EndpointName,
  FRIEND_REQUESTS_FROM,
  FRIENDS_LIST_VISIBLE_TO,
  type LiveServerMessage,
  liveServerMessageSchema,
  ROUTES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { register, setSignupMode } from '../../test-support/community-api.js';
import { type BuiltUser, buildUser, grantRole, signupForm } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { removeComment, removePost } from '../../test-support/moderation-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import { befriend, friendship } from '../../test-support/users-api.js';

/**
 * The visibility table (API.md, Who sees what): every read path of the endpoint table (the
 * calls whose entry names what they `reads`) and every live message type, as seen by seven
 * viewers of one author's four posts, one per audience. Each cell is WRITTEN BY HAND below;
 * never derive it from the rule. A hidden cell is also compared with what a random missing id
 * gets (status and body), so no answer confirms what the rule hides.
 *
 * The viewers, all relative to the author A:
 * - author: A;
 * - friend: A's friend (and so a follower);
 * - follower: follows A, not a friend;
 * - stranger: no relation with A;
 * - blocked: A blocked them (they followed A and had A in their searches before);
 * - blocker: they blocked A (same history);
 * - third: a member related to the blocked and the blocker (a friend of both), not to A;
 * - muter: follows A and muted A (the blocked and the blocker muted A too, before the blocks).
 * The follower is also a friend of A's friend (a friend of a friend, for A's friend-request
 * setting). Every post of A's was edited once after it was made. After the blocks, the blocked's and the blocker's follows of A are written back into the
 * database, so the feed's rule, not the block's clean-up, is what hides A's posts from them.
 *
 * Removal (API.md, Hosts in charge): A has a fifth post, public like the first, that a moderator
 * (not a viewer) removed through the API: the column `removed`, hidden from every viewer, A
 * included. A commented twice on A's public post and the moderator removed the second comment;
 * the rows that show comments end with cells about them: the comment kept, the comment
 * removed (listed, or counted in the card's `commentCount`). A also commented twice on each
 * other viewer's own post before the blocks, the second removed the same way (the notifications
 * row).
 *
 * Suspension (API.md, Hosts in charge): S, a member every viewer would see everything of, is
 * suspended by the moderator through the API once the world is built: the column `suspended`
 * is S's public post (with a photo, edited once), hidden from every viewer. Every viewer but A
 * follows S and is S's friend; A follows S, and S's friend request to A waits. S commented on
 * A's public post (the third comment cell), reacted to it (getReacts' last cell), reacted to
 * and commented on every viewer's own post (the notifications row), is in every viewer's
 * recent searches and in the muter's muted list. The rows about A as a member gain a second
 * cell, about S; only the moderation area still lists S.
 *
 * Deleting one's account (API.md, One's own account): the last table runs every row again in a
 * world where S, instead of being suspended, asks to delete their account through the API. A
 * member deleting their account is hidden everywhere exactly as a suspended one, so every row
 * reads the same; only the moderators' record says 'active' (no moderator suspended them).
 */
const VIEWERS = [
  'author',
  'friend',
  'follower',
  'stranger',
  'blocked',
  'blocker',
  'third',
  'muter',
] as const;
type ViewerName = (typeof VIEWERS)[number];

/**
 * The columns of a row about A's posts: A's post of each audience, then A's public post that a
 * moderator removed, then the suspended member S's public post.
 */
const COLUMNS = [...AUDIENCES, 'removed', 'suspended'] as const;
type Column = (typeof COLUMNS)[number];

/**
 * Per viewer, what a read shows: for a row about A's posts, one character per column in the
 * order public, members, friends, only_me, removed, suspended ('Y' shown, '-' hidden), then for
 * a row showing comments '|' and the three comments on A's public post: A's kept, A's removed,
 * S's; for a row about members, one character for A and one for S; for the profiles and image
 * listings, both: 'Y-|YY----'.
 */
type Cells = Record<ViewerName, string>;

/** A's five posts and S's as every row about posts is written. */
const POSTS_SEEN_BY_RULE: Cells = {
  author: 'YYYY--',
  friend: 'YYY---',
  follower: 'YY----',
  stranger: 'YY----',
  blocked: '------',
  blocker: '------',
  third: 'YY----',
  muter: 'YY----',
};

/**
 * The posts, then the comments on A's public post: A's kept one, never A's removed one nor
 * the suspended S's.
 */
const POSTS_AND_COMMENTS_SEEN_BY_RULE: Cells = {
  author: 'YYYY--|Y--',
  friend: 'YYY---|Y--',
  follower: 'YY----|Y--',
  stranger: 'YY----|Y--',
  blocked: '------|---',
  blocker: '------|---',
  third: 'YY----|Y--',
  muter: 'YY----|Y--',
};

/** Every row, written by hand: one per read call of the endpoint table and per live message type. */
const EXPECTED: Record<string, Cells> = {
  // Read calls of the endpoint table.
  feed: {
    // Only those who follow A get A's posts in their feed: author, friend, follower (the
    // blocked and the blocker still have a follow row: the rule hides the posts from them; the
    // muter follows A but muted A). The cards carry the comments kept. Everyone follows S, whose
    // post the suspension hides.
    author: 'YYYY--|Y--',
    friend: 'YYY---|Y--',
    follower: 'YY----|Y--',
    stranger: '------|---',
    blocked: '------|---',
    blocker: '------|---',
    third: '------|---',
    muter: '------|---',
  },
  // The post's card, with its newest comments and their count.
  getPost: POSTS_AND_COMMENTS_SEEN_BY_RULE,
  // The earlier versions of each post, to whoever sees the post.
  postEdits: POSTS_SEEN_BY_RULE,
  comments: POSTS_AND_COMMENTS_SEEN_BY_RULE,
  // The posts, then S's reaction to A's public post: counted ('Y') or not (its only reaction).
  getReacts: {
    author: 'YYYY--|-',
    friend: 'YYY---|-',
    follower: 'YY----|-',
    stranger: 'YY----|-',
    blocked: '------|-',
    blocker: '------|-',
    third: 'YY----|-',
    muter: 'YY----|-',
  },
  comment: POSTS_AND_COMMENTS_SEEN_BY_RULE,
  // A's profile and S's ('-': `{ok:false}`, as an unknown username), then their posts' cards
  // and the comments the cards carry.
  getProfile: {
    author: 'Y-|YYYY--|Y--',
    friend: 'Y-|YYY---|Y--',
    follower: 'Y-|YY----|Y--',
    stranger: 'Y-|YY----|Y--',
    blocked: '--|------|---',
    blocker: '--|------|---',
    third: 'Y-|YY----|Y--',
    muter: 'Y-|YY----|Y--',
  },
  // A's listing and S's ('-': 404, as an unknown username), then the posts' photos listed.
  listImages: {
    author: 'Y-|YYYY--',
    friend: 'Y-|YYY---',
    follower: 'Y-|YY----',
    stranger: 'Y-|YY----',
    blocked: '--|------',
    blocker: '--|------',
    third: 'Y-|YY----',
    muter: 'Y-|YY----',
  },
  // A, then S, as members: found by name, kept in the recent searches, on the friends page,
  // notifying.
  search: {
    author: 'Y-',
    friend: 'Y-',
    follower: 'Y-',
    stranger: 'Y-',
    blocked: '--',
    blocker: '--',
    third: 'Y-',
    muter: 'Y-',
  },
  getSearchHistory: {
    author: 'Y-',
    friend: 'Y-',
    follower: 'Y-',
    stranger: 'Y-',
    blocked: '--',
    blocker: '--',
    third: 'Y-',
    muter: 'Y-',
  },
  // A, then S, in the viewer's muted list: the muter's; the blocked and the blocker muted A
  // before the blocks, and a block hides A there too; the muter muted S too.
  getMuted: {
    author: '--',
    friend: '--',
    follower: '--',
    stranger: '--',
    blocked: '--',
    blocker: '--',
    third: '--',
    muter: 'Y-',
  },
  // A, then S, on the viewer's friends page: S is every viewer's friend but A's, whose page
  // has S's request.
  getFriendsPageInfos: {
    author: '--',
    friend: 'Y-',
    follower: '--',
    stranger: '--',
    blocked: '--',
    blocker: '--',
    third: '--',
    muter: '--',
  },
  // A reacted to a post of every other viewer before the blocks, and commented on it twice, the
  // second comment removed by a moderator; one's own reaction never notifies, nor does a muted
  // member's. S reacted to and commented on every viewer's own post, A's included, and became
  // their friend (A: asked to). Cells: A's reaction | A's comment kept | A's comment removed |
  // S's reaction, comment, friendship.
  notifications: {
    author: '-|-|-|---',
    friend: 'Y|Y|-|---',
    follower: 'Y|Y|-|---',
    stranger: 'Y|Y|-|---',
    blocked: '-|-|-|---',
    blocker: '-|-|-|---',
    third: 'Y|Y|-|---',
    muter: '-|-|-|---',
  },
  // Not a read call, but it answers by the rule: what the caller may not see is 404, as a
  // random id ('-'); one's own post, comment or profile is 400 ('x'); a report taken is 'Y'.
  // Cells: the posts | the comments on A's public post | A, then S, as members.
  report: {
    author: 'xxxx--|x--|x-',
    friend: 'YYY---|Y--|Y-',
    follower: 'YY----|Y--|Y-',
    stranger: 'YY----|Y--|Y-',
    blocked: '------|---|--',
    blocker: '------|---|--',
    third: 'YY----|Y--|Y-',
    muter: 'YY----|Y--|Y-',
  },
  // The moderation area's lists (API.md, Hosts in charge) are for the host's staff only, and
  // moderation must see everyone: no block hides a member from it, nor does a suspension. Each
  // viewer reads them as the member they are ('-': the 404 of a path that does not exist), then
  // made a moderator. An applicant waiting for approval is listed under applications only, never
  // as a member. Cells: as a member | as a moderator, A listed | as a moderator, the applicant
  // listed | as a moderator, S listed.
  moderationMembers: {
    author: '-|Y|-|Y',
    friend: '-|Y|-|Y',
    follower: '-|Y|-|Y',
    stranger: '-|Y|-|Y',
    blocked: '-|Y|-|Y',
    blocker: '-|Y|-|Y',
    third: '-|Y|-|Y',
    muter: '-|Y|-|Y',
  },
  // A member's record (moderators): cells as moderationMembers' (A's record, the applicant's,
  // S's, which says S is suspended); an applicant has none yet (404).
  memberRecord: {
    author: '-|Y|-|Y',
    friend: '-|Y|-|Y',
    follower: '-|Y|-|Y',
    stranger: '-|Y|-|Y',
    blocked: '-|Y|-|Y',
    blocker: '-|Y|-|Y',
    third: '-|Y|-|Y',
    muter: '-|Y|-|Y',
  },
  // Cells: as a member | as a moderator, the applicant listed | the applicant found by the
  // viewer's search or by their profile's address, as a member or as a moderator.
  applications: {
    author: '-|Y|-',
    friend: '-|Y|-',
    follower: '-|Y|-',
    stranger: '-|Y|-',
    blocked: '-|Y|-',
    blocker: '-|Y|-',
    third: '-|Y|-',
    muter: '-|Y|-',
  },
  // Live messages, to a socket of each viewer watching A's five posts and S's. Acting on the
  // removed post or on S's is refused (404), so nothing about them is heard.
  'live post': {
    // A new post is announced to the author and to the followers who may see it (not muted).
    // Four columns only: the new posts, one per audience (a removed post is never new; S, every
    // session ended, posts nothing).
    author: 'YYYY',
    friend: 'YYY-',
    follower: 'YY--',
    stranger: '----',
    blocked: '----',
    blocker: '----',
    third: '----',
    muter: '----',
  },
  'live postEdited': POSTS_SEEN_BY_RULE,
  'live comment': POSTS_SEEN_BY_RULE,
  'live reactions': POSTS_SEEN_BY_RULE,
  // A reacts to a post of the viewer's: the bell hears it (A cannot see the blocked's and the
  // blocker's posts at all, so those reactions are refused and nothing is heard).
  'live notification': {
    author: '-',
    friend: 'Y',
    follower: 'Y',
    stranger: 'Y',
    blocked: '-',
    blocker: '-',
    third: 'Y',
    muter: '-',
  },
};

/** The live message types the table covers; a new type without a row fails the table. */
const LIVE_TYPES: ReadonlyArray<LiveServerMessage['type']> = [
  'post',
  'postEdited',
  'comment',
  'reactions',
  'notification',
];

/**
 * The live message types that carry nothing of a post or a member's posts, or whose rule is not
 * the posts' (a conversation's members: modules/messages/messages-live.test.ts and
 * messages.test.ts assert who gets them), each with why it has no row. A new type must go into
 * `LIVE_TYPES` with a row, or here with its reason: the table's first test fails otherwise.
 */
const LIVE_TYPES_ELSEWHERE: Readonly<Partial<Record<LiveServerMessage['type'], string>>> = {
  ready: 'the socket is authenticated',
  pong: 'an answer to ping',
  stale: 'refetch what is on screen',
  notificationsRead: "the member's own unread count",
  notificationRemoved: "the member's own notification went away",
  friendship: "the member's own flags with another member",
  message: "a conversation's members only (messages-live.test.ts)",
  messageRemoved: "a conversation's members only (messages-live.test.ts)",
  messageRead: "a conversation's members only (messages-live.test.ts)",
  typing: "a conversation's members only (messages-live.test.ts)",
  conversation: "a conversation's members only (messages-live.test.ts)",
};

/** How S is hidden once the world is built: a moderator's suspension, or S's own deletion. */
type Hiding = 'suspension' | 'deletion';

interface World {
  ctx: TestContext;
  members: Record<ViewerName, BuiltUser>;
  /** The member suspended (or deleting their account) once the world is built. */
  suspended: BuiltUser;
  hiddenBy: Hiding;
  /**
   * A's post of each audience, the one a moderator removed and S's, and the storage url of its
   * image.
   */
  posts: Record<Column, { id: string; image: string }>;
  /** The comments on A's public post: A's kept, A's a moderator removed, S's. */
  comments: { kept: string; removed: string; suspended: string };
  /** A post of each viewer's own (public), for A's reactions. */
  own: Record<ViewerName, string>;
}

async function ok(res: Promise<LightMyRequestResponse>, what: string): Promise<unknown> {
  const done = await res;
  if (done.statusCode >= 300) throw new Error(`${what}: ${done.statusCode} ${done.body}`);
  return done.json();
}

async function newPost(
  ctx: TestContext,
  member: BuiltUser,
  audience: Audience,
  text: string,
  images: string[] = [],
): Promise<string> {
  const post = (await ok(
    callEndpoint(ctx.app, ROUTES.createPost, {
      rawBody: {
        type: null,
        text,
        background: null,
        images: images.map((url) => ({ url })),
        audience,
      },
      token: member.token,
    }),
    'createPost',
  )) as { _id: string };
  return post._id;
}

async function buildWorld(ctx: TestContext, hiddenBy: Hiding = 'suspension'): Promise<World> {
  const members = {} as Record<ViewerName, BuiltUser>;
  for (const name of VIEWERS) {
    members[name] = await buildUser(ctx, { first_name: `Vis${name}`, last_name: 'Table' });
  }
  const { author, friend, follower, blocked, blocker, third, muter } = members;
  const act = (who: BuiltUser, call: 'follow' | 'addFriend', target: BuiltUser) =>
    ok(friendship(ctx.app, who.token, call, target.user.id), call);
  await befriend(ctx.app, author, friend);
  await act(follower, 'follow', author);
  await act(blocked, 'follow', author);
  await act(blocker, 'follow', author);
  await befriend(ctx.app, third, blocked);
  await befriend(ctx.app, third, blocker);
  await befriend(ctx.app, friend, follower);
  await act(muter, 'follow', author);
  for (const who of [muter, blocked, blocker]) {
    await ok(
      callEndpoint(ctx.app, ROUTES.mute, { params: { id: author.user.id }, token: who.token }),
      'mute',
    );
  }
  // S: every viewer's friend but A's, whom S asked; A follows S; the muter muted S too.
  const suspended = await buildUser(ctx, { first_name: 'Vissuspended', last_name: 'Table' });
  for (const name of VIEWERS) {
    if (name !== 'author') await befriend(ctx.app, members[name], suspended);
  }
  await act(suspended, 'addFriend', author);
  await act(author, 'follow', suspended);
  await ok(
    callEndpoint(ctx.app, ROUTES.mute, { params: { id: suspended.user.id }, token: muter.token }),
    'mute',
  );

  const posts = {} as World['posts'];
  for (const column of COLUMNS) {
    const poster = column === 'suspended' ? suspended : author;
    const image = await uploadedUrl(
      ctx.app,
      poster.token,
      `${poster.user.username}/post_images`,
      await jpeg(),
    );
    const audience = column === 'removed' || column === 'suspended' ? 'public' : column;
    const text = `${column === 'suspended' ? 'S' : 'A'} ${column}`;
    const id = await newPost(ctx, poster, audience, text, [image]);
    await ok(editPost(ctx, poster, id, `${text}, edited`, [image]), 'editPost');
    posts[column] = { id, image };
  }
  // A moderator, not a viewer, removes A's fifth post and A's second comment on the public post.
  const moderator = await buildUser(ctx, { role: 'moderator' });
  await ok(
    removePost(ctx.app, moderator.token, posts.removed.id, 'Advertising is not allowed.'),
    'removePost',
  );
  const comments = {
    kept: await commentOn(ctx, author, posts.public.id, 'A kept comment'),
    removed: await commentOn(ctx, author, posts.public.id, 'A removed comment'),
    suspended: await commentOn(ctx, suspended, posts.public.id, 'S comment'),
  };
  await ok(
    callEndpoint(ctx.app, ROUTES.react, {
      body: { postId: posts.public.id, react: 'like' },
      token: suspended.token,
    }),
    'react',
  );
  await ok(
    removeComment(ctx.app, moderator.token, comments.removed, 'Insults are not allowed.'),
    'removeComment',
  );
  const own = {} as Record<ViewerName, string>;
  for (const name of VIEWERS) {
    const member = members[name];
    own[name] = await newPost(ctx, member, 'public', `${name}'s own`);
    for (const searched of [author, suspended]) {
      await ok(
        callEndpoint(ctx.app, ROUTES.addToSearchHistory, {
          body: { searchUser: searched.user.id },
          token: member.token,
        }),
        'addToSearchHistory',
      );
    }
    await ok(
      callEndpoint(ctx.app, ROUTES.react, {
        body: { postId: own[name], react: 'like' },
        token: suspended.token,
      }),
      'react',
    );
    await commentOn(ctx, suspended, own[name], 'S note');
    if (name !== 'author') {
      await ok(
        callEndpoint(ctx.app, ROUTES.react, {
          body: { postId: own[name], react: 'love' },
          token: author.token,
        }),
        'react',
      );
      await commentOn(ctx, author, own[name], KEPT_NOTE);
      const removed = await commentOn(ctx, author, own[name], REMOVED_NOTE);
      await ok(
        removeComment(ctx.app, moderator.token, removed, 'Insults are not allowed.'),
        'removeComment',
      );
    }
  }
  await ok(
    callEndpoint(ctx.app, ROUTES.block, { params: { id: blocked.user.id }, token: author.token }),
    'block',
  );
  await ok(
    callEndpoint(ctx.app, ROUTES.block, { params: { id: author.user.id }, token: blocker.token }),
    'block',
  );
  // Follows and notifications left behind (as a race with the block could leave them): the
  // rule, not the block's clean-up, must hide A from them.
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('follows')
    .values([
      { follower_id: blocked.user.id, followee_id: author.user.id, created_at: now },
      { follower_id: blocker.user.id, followee_id: author.user.id, created_at: now },
    ])
    .execute();
  await ctx.db
    .insertInto('notifications')
    .values(
      [blocked, blocker].map((member) => ({
        id: uuidv7(),
        user_id: member.user.id,
        actor_id: author.user.id,
        type: 'friendRequest',
        post_id: null,
        react: null,
        comment_id: null,
        read: 0,
        created_at: now,
      })),
    )
    .execute();
  // Last, the moderator suspends S through the API, or S deletes their own account.
  if (hiddenBy === 'suspension') {
    await ok(
      callEndpoint(ctx.app, ROUTES.suspendMember, {
        params: { userId: suspended.user.id },
        body: { reason: 'Spam everywhere.' },
        token: moderator.token,
      }),
      'suspendMember',
    );
  } else {
    await ok(
      callEndpoint(ctx.app, ROUTES.deleteAccount, {
        body: { currentPassword: suspended.password },
        token: suspended.token,
      }),
      'deleteAccount',
    );
  }
  return { ctx, members, suspended, hiddenBy, posts, comments, own };
}

/** A's comments on each other viewer's own post: the one kept, the one a moderator removed. */
const KEPT_NOTE = 'A note kept';
const REMOVED_NOTE = 'A note removed';

/** The member's comment through the API: its id, found by its text in the comments answered. */
async function commentOn(
  ctx: TestContext,
  member: BuiltUser,
  postId: string,
  text: string,
): Promise<string> {
  const answered = (await ok(
    callEndpoint(ctx.app, ROUTES.comment, {
      rawBody: { postId, comment: text, image: '' },
      token: member.token,
    }),
    'comment',
  )) as Array<{ _id: string; comment: string }>;
  const made = answered.find((c) => c.comment === text);
  if (!made) throw new Error(`comment: "${text}" is not among the comments answered`);
  return made._id;
}

/** The author's edit of a post: its new text, the same photos. */
function editPost(
  ctx: TestContext,
  author: BuiltUser,
  postId: string,
  text: string,
  images: string[],
) {
  return callEndpoint(ctx.app, ROUTES.editPost, {
    params: { postId },
    rawBody: { text, background: null, images: images.map((url) => ({ url })) },
    token: author.token,
  });
}

/** What a random missing post id gets from a call about one post. */
type PostCall = (world: World, token: string, postId: string) => Promise<LightMyRequestResponse>;

const POST_CALLS: Record<'getPost' | 'comments' | 'getReacts' | 'comment' | 'postEdits', PostCall> =
  {
    getPost: ({ ctx }, token, postId) =>
      callEndpoint(ctx.app, ROUTES.getPost, { params: { postId }, token }),
    // Seen: the one earlier version, as it was posted.
    postEdits: async ({ ctx }, token, postId) => {
      const res = await callEndpoint(ctx.app, ROUTES.postEdits, { params: { postId }, token });
      if (res.statusCode === 200) {
        const versions = res.json() as Array<{ text: string | null }>;
        expect(versions.map((v) => v.text)).toHaveLength(1);
        expect(versions[0]?.text).toMatch(/^[AS] [a-z_]+$/);
      }
      return res;
    },
    comments: ({ ctx }, token, postId) =>
      callEndpoint(ctx.app, ROUTES.comments, { params: { postId }, token }),
    getReacts: ({ ctx }, token, postId) =>
      callEndpoint(ctx.app, ROUTES.getReacts, { params: { postId }, token }),
    // An empty comment stores nothing and answers the comments: a read through a write path.
    comment: ({ ctx }, token, postId) =>
      callEndpoint(ctx.app, ROUTES.comment, {
        rawBody: { postId, comment: '', image: '' },
        token,
      }),
  };

/** Observes one row for one viewer: its cells, as written in EXPECTED. */
type Observe = (world: World, viewer: ViewerName) => Promise<string>;

/** One cell per column of a row about A's posts (or per column given, in their order). */
function perColumn(
  seen: (column: Column) => boolean,
  columns: readonly Column[] = COLUMNS,
): string {
  return columns.map((column) => (seen(column) ? 'Y' : '-')).join('');
}

/** The comments of A's public post as one answer shows them: a list, and a card's count. */
interface CommentsShown {
  list: Array<{ _id: string }>;
  /** The card's `commentCount`; undefined for a plain list of comments. */
  count?: number;
}

/**
 * The three comment cells: A's comment kept (listed, and counted when a count is shown), A's
 * comment removed and S's (each listed, or counted: the public post has no comment but these
 * three, so a count above one shows both).
 */
function commentCells(world: World, shown: CommentsShown | undefined): string {
  if (!shown) return '---';
  const listed = (id: string) => shown.list.some((c) => c._id === id);
  const kept = listed(world.comments.kept) && (shown.count ?? 1) >= 1;
  const counted = (shown.count ?? 0) > 1;
  const removed = listed(world.comments.removed) || counted;
  const suspended = listed(world.comments.suspended) || counted;
  return [kept, removed, suspended].map((cell) => (cell ? 'Y' : '-')).join('');
}

/** A card's comments as `commentCells` reads them. */
function cardComments(card: { comments: Array<{ _id: string }>; commentCount: number }) {
  return { list: card.comments, count: card.commentCount };
}

/**
 * The row of a call about one post: 200 is seen; a hidden one answers as a random id does. With
 * `tailOf`, the row ends with the cells it reads of the public post's answer (undefined when
 * hidden).
 */
function postCallRow(
  call: PostCall,
  tailOf?: (world: World, res: LightMyRequestResponse | undefined) => string,
): Observe {
  return async (world, viewer) => {
    const token = world.members[viewer].token;
    const missing = await call(world, token, uuidv7());
    expect(missing.statusCode).toBe(404);
    const cells: string[] = [];
    let publicAnswer: LightMyRequestResponse | undefined;
    for (const column of COLUMNS) {
      const res = await call(world, token, world.posts[column].id);
      if (res.statusCode === 200) {
        cells.push('Y');
        if (column === 'public') publicAnswer = res;
      } else {
        expect({ status: res.statusCode, body: res.json() }, `${viewer} ${column}`).toEqual({
          status: missing.statusCode,
          body: missing.json(),
        });
        cells.push('-');
      }
    }
    if (!tailOf) return cells.join('');
    return `${cells.join('')}|${tailOf(world, publicAnswer)}`;
  };
}

/** `postCallRow`'s tail of the comment cells, from the comments an answer shows. */
function commentsTail(
  commentsOf: (res: LightMyRequestResponse) => CommentsShown,
): (world: World, res: LightMyRequestResponse | undefined) => string {
  return (world, res) => commentCells(world, res && commentsOf(res));
}

function has<T>(list: T[], test: (item: T) => boolean): string {
  return list.some(test) ? 'Y' : '-';
}

/** A row's cells about members: A's, then S's. */
function memberCells(world: World, cell: (memberId: string) => string): string {
  return cell(world.members.author.user.id) + cell(world.suspended.user.id);
}

/** An applicant waiting for approval, beside a world's members. */
interface Applicant {
  id: string;
  username: string;
}
const applicants = new WeakMap<World, Applicant>();

/**
 * The world's applicant: signs up through the API while an admin (not a viewer) has chosen
 * approval, then the admin opens sign-up again. Made once per world, by the rows that need it.
 */
async function applicantOf(world: World): Promise<Applicant> {
  const known = applicants.get(world);
  if (known) return known;
  const { ctx } = world;
  const admin = await buildUser(ctx, { role: 'admin', first_name: 'Visadmin', last_name: 'Table' });
  await setSignupMode(ctx.app, admin.token, 'approval');
  const res = await register(
    ctx.app,
    signupForm({ first_name: 'Vispending', last_name: 'Table', reason: 'My neighbours.' }),
  );
  const body = res.json() as { id: string; username: string; pending?: boolean };
  if (res.statusCode !== 201 || body.pending !== true) {
    throw new Error(`register in approval mode: ${res.statusCode} ${res.body}`);
  }
  await setSignupMode(ctx.app, admin.token, 'open');
  const applicant = { id: body.id, username: body.username };
  applicants.set(world, applicant);
  return applicant;
}

/**
 * A moderation list as the viewer sees it: as the member they are, '-' when it answers what a
 * path that does not exist answers (a 200 would be a leak: 'Y'); then `asModerator`'s cells,
 * read while the viewer holds the moderator role (the role is read on every request).
 */
async function staffRow(
  world: World,
  viewer: ViewerName,
  call: () => Promise<LightMyRequestResponse>,
  asModerator: () => Promise<string[]>,
): Promise<string> {
  const { ctx, members } = world;
  const member = members[viewer];
  const res = await call();
  let asMember = 'Y';
  if (res.statusCode !== 200) {
    const nowhere = await ctx.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/moderation/no-such-page`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect({ status: res.statusCode, body: res.json() }, viewer).toEqual({
      status: nowhere.statusCode,
      body: nowhere.json(),
    });
    expect(res.statusCode).toBe(404);
    asMember = '-';
  }
  await grantRole(ctx, member, 'moderator');
  try {
    return [asMember, ...(await asModerator())].join('|');
  } finally {
    await grantRole(ctx, member, 'member');
  }
}

/** Whether the viewer finds the applicant by name in search or by their profile's address. */
async function findsApplicant(world: World, token: string, applicant: Applicant) {
  const found = await callEndpoint(world.ctx.app, ROUTES.search, {
    params: { searchTerm: 'vispending' },
    token,
  });
  expect(found.statusCode).toBe(200);
  const profile = await callEndpoint(world.ctx.app, ROUTES.getProfile, {
    params: { username: applicant.username },
    token,
  });
  return (
    (found.json() as Array<{ _id: string }>).some((m) => m._id === applicant.id) ||
    (profile.json() as { ok: boolean }).ok
  );
}

const OBSERVE: Record<string, Observe> = {
  feed: async (world, viewer) => {
    const { ctx, members } = world;
    const res = await callEndpoint(ctx.app, ROUTES.feed, {
      query: { limit: 50 },
      token: members[viewer].token,
    });
    const cards = res.json() as Card[];
    return cardsRow(world, cards);
  },
  getPost: postCallRow(
    POST_CALLS.getPost,
    commentsTail((res) => cardComments(res.json() as Card)),
  ),
  postEdits: postCallRow(POST_CALLS.postEdits),
  comments: postCallRow(
    POST_CALLS.comments,
    commentsTail((res) => ({ list: res.json() as Card['comments'] })),
  ),
  // S's like is the public post's only reaction: counted, it shows in the total.
  getReacts: postCallRow(POST_CALLS.getReacts, (_world, res) =>
    res && (res.json() as { total: number }).total > 0 ? 'Y' : '-',
  ),
  comment: postCallRow(
    POST_CALLS.comment,
    commentsTail((res) => ({ list: res.json() as Card['comments'] })),
  ),
  getProfile: async (world, viewer) => {
    const { ctx, members, suspended } = world;
    const token = members[viewer].token;
    const profileOf = async (username: string) => {
      const res = await callEndpoint(ctx.app, ROUTES.getProfile, {
        params: { username },
        query: { limit: 50 },
        token,
      });
      const body = res.json() as { ok: boolean; posts?: Card[] };
      if (!body.ok) {
        const missing = await callEndpoint(ctx.app, ROUTES.getProfile, {
          params: { username: 'nobodyhasthisname' },
          token,
        });
        expect({ status: res.statusCode, body }, `${viewer} ${username}`).toEqual({
          status: missing.statusCode,
          body: missing.json(),
        });
      }
      return body;
    };
    const profiles = [
      await profileOf(members.author.user.username),
      await profileOf(suspended.user.username),
    ];
    const shown = profiles.map((body) => (body.ok ? 'Y' : '-')).join('');
    return `${shown}|${cardsRow(
      world,
      profiles.flatMap((body) => body.posts ?? []),
    )}`;
  },
  listImages: async ({ ctx, members, suspended, posts }, viewer) => {
    const token = members[viewer].token;
    const listingOf = async (username: string) => {
      const res = await callEndpoint(ctx.app, ROUTES.listImages, {
        rawBody: { path: `${username}/*`, sort: 'desc', max: 30 },
        token,
      });
      if (res.statusCode !== 200) {
        const missing = await callEndpoint(ctx.app, ROUTES.listImages, {
          rawBody: { path: 'nobodyhasthisname/*', sort: 'desc', max: 30 },
          token,
        });
        expect({ status: res.statusCode, body: res.json() }, `${viewer} ${username}`).toEqual({
          status: missing.statusCode,
          body: missing.json(),
        });
        return undefined;
      }
      const listed = res.json() as {
        resources: Array<{ secure_url: string }>;
        total_count: number;
      };
      expect(listed.total_count).toBe(listed.resources.length);
      return listed.resources;
    };
    const listings = [
      await listingOf(members.author.user.username),
      await listingOf(suspended.user.username),
    ];
    const keyOf = (url: string) => new URL(url).pathname;
    const keys = listings.flatMap((listed) => listed ?? []).map((r) => keyOf(r.secure_url));
    const shown = listings.map((listed) => (listed ? 'Y' : '-')).join('');
    return `${shown}|${perColumn((column) => keys.includes(keyOf(posts[column].image)))}`;
  },
  search: async ({ ctx, members, suspended }, viewer) => {
    const found = async (term: string, id: string) => {
      const res = await callEndpoint(ctx.app, ROUTES.search, {
        params: { searchTerm: term },
        token: members[viewer].token,
      });
      return has(res.json() as Array<{ _id: string }>, (m) => m._id === id);
    };
    return (
      (await found('visauthor', members.author.user.id)) +
      (await found('vissuspended', suspended.user.id))
    );
  },
  getSearchHistory: async (world, viewer) => {
    const { ctx, members } = world;
    const res = await callEndpoint(ctx.app, ROUTES.getSearchHistory, {
      token: members[viewer].token,
    });
    const entries = res.json() as Array<{ user: { _id: string } }>;
    return memberCells(world, (id) => has(entries, (entry) => entry.user._id === id));
  },
  getFriendsPageInfos: async (world, viewer) => {
    const { ctx, members } = world;
    const res = await callEndpoint(ctx.app, ROUTES.getFriendsPageInfos, {
      token: members[viewer].token,
    });
    const page = res.json() as Record<string, Array<{ _id: string }>>;
    const everyone = Object.values(page).flat();
    return memberCells(world, (id) => has(everyone, (m) => m._id === id));
  },
  getMuted: async (world, viewer) => {
    const { ctx, members } = world;
    const res = await callEndpoint(ctx.app, ROUTES.getMuted, { token: members[viewer].token });
    const muted = res.json() as Array<{ _id: string }>;
    return memberCells(world, (id) => has(muted, (m) => m._id === id));
  },
  moderationMembers: async (world, viewer) => {
    const { ctx, members } = world;
    const applicant = await applicantOf(world);
    const token = members[viewer].token;
    const listed = async (q: string, id: string) => {
      const res = await callEndpoint(ctx.app, ROUTES.moderationMembers, { query: { q }, token });
      expect(res.statusCode).toBe(200);
      return has(res.json() as Array<{ _id: string }>, (m) => m._id === id);
    };
    return staffRow(
      world,
      viewer,
      () => callEndpoint(ctx.app, ROUTES.moderationMembers, { query: { q: 'visauthor' }, token }),
      async () => [
        await listed('visauthor', members.author.user.id),
        await listed('vispending', applicant.id),
        await listed('vissuspended', world.suspended.user.id),
      ],
    );
  },
  memberRecord: async (world, viewer) => {
    const { ctx, members, suspended } = world;
    const applicant = await applicantOf(world);
    const token = members[viewer].token;
    const recordOf = (userId: string) =>
      callEndpoint(ctx.app, ROUTES.memberRecord, { params: { userId }, token });
    const shown = async (userId: string) => {
      const res = await recordOf(userId);
      if (res.statusCode !== 200) {
        const missing = await recordOf(uuidv7());
        expect({ status: res.statusCode, body: res.json() }, `${viewer} ${userId}`).toEqual({
          status: missing.statusCode,
          body: missing.json(),
        });
        return '-';
      }
      const record = res.json() as { member: { _id: string; status: string } };
      expect(record.member._id).toBe(userId);
      // S deleting their own account is no suspension: the record says 'active'.
      const suspendedByModerator = userId === suspended.user.id && world.hiddenBy === 'suspension';
      expect(record.member.status).toBe(suspendedByModerator ? 'suspended' : 'active');
      return 'Y';
    };
    return staffRow(
      world,
      viewer,
      () => recordOf(members.author.user.id),
      async () => [
        await shown(members.author.user.id),
        await shown(applicant.id),
        await shown(suspended.user.id),
      ],
    );
  },
  applications: async (world, viewer) => {
    const { ctx, members } = world;
    const applicant = await applicantOf(world);
    const token = members[viewer].token;
    const asMemberFinds = await findsApplicant(world, token, applicant);
    return staffRow(
      world,
      viewer,
      () => callEndpoint(ctx.app, ROUTES.applications, { token }),
      async () => {
        const res = await callEndpoint(ctx.app, ROUTES.applications, { token });
        expect(res.statusCode).toBe(200);
        const listed = has(res.json() as Array<{ _id: string }>, (a) => a._id === applicant.id);
        const finds = asMemberFinds || (await findsApplicant(world, token, applicant));
        return [listed, finds ? 'Y' : '-'];
      },
    );
  },
  notifications: async ({ ctx, members, suspended }, viewer) => {
    const res = await callEndpoint(ctx.app, ROUTES.notifications, {
      query: { limit: 50 },
      token: members[viewer].token,
    });
    const all = res.json() as Array<Notification>;
    const fromA = all.filter((n) => n.actor._id === members.author.user.id);
    const fromS = all.filter((n) => n.actor._id === suspended.user.id);
    const comments = fromA.filter((n) => n.type === 'comment');
    return [
      has(fromA, (n) => n.type === 'react'),
      has(comments, (n) => n.comment === KEPT_NOTE),
      // Any other comment notification of A's: the removed comment's, whatever it shows.
      has(comments, (n) => n.comment !== KEPT_NOTE),
      [
        has(fromS, (n) => n.type === 'react'),
        has(fromS, (n) => n.type === 'comment'),
        has(fromS, (n) => n.type === 'friendRequest' || n.type === 'friendAccepted'),
      ].join(''),
    ].join('|');
  },
  report: async (world, viewer) => {
    const { ctx, members, suspended, posts, comments } = world;
    const token = members[viewer].token;
    const reportOf = (target: Record<string, string>) =>
      callEndpoint(ctx.app, ROUTES.report, { rawBody: { target, reason: 'spam' }, token });
    const cell = async (key: string, id: string) => {
      const res = await reportOf({ [key]: id });
      if (res.statusCode === 201) return 'Y';
      if (res.statusCode === 400) return 'x';
      const missing = await reportOf({ [key]: uuidv7() });
      expect(missing.statusCode).toBe(404);
      expect({ status: res.statusCode, body: res.json() }, `${viewer} ${key} ${id}`).toEqual({
        status: missing.statusCode,
        body: missing.json(),
      });
      return '-';
    };
    const postCells: string[] = [];
    for (const column of COLUMNS) postCells.push(await cell('postId', posts[column].id));
    const commentReports = [
      await cell('commentId', comments.kept),
      await cell('commentId', comments.removed),
      await cell('commentId', comments.suspended),
    ];
    const memberReports = [
      await cell('userId', members.author.user.id),
      await cell('userId', suspended.user.id),
    ];
    return `${postCells.join('')}|${commentReports.join('')}|${memberReports.join('')}`;
  },
};

/** A post's card as the feed, getPost and profiles answer it (what the rows read of it). */
interface Card {
  _id: string;
  comments: Array<{ _id: string }>;
  commentCount: number;
}

/** A notification as the notifications row reads it. */
interface Notification {
  type: string;
  actor: { _id: string };
  comment: string | null;
}

/** A's five posts and S's among the cards, then the comments carried by A's public post's card. */
function cardsRow(world: World, cards: Card[]): string {
  const cardOf = (column: Column) => cards.find((card) => card._id === world.posts[column].id);
  const publicCard = cardOf('public');
  return `${perColumn((column) => cardOf(column) !== undefined)}|${commentCells(
    world,
    publicCard && cardComments(publicCard),
  )}`;
}

/** Sockets of the viewers, each watching A's five posts (the removed one included) and S's. */
async function watchers(world: World): Promise<Record<ViewerName, LiveClient>> {
  const url = await listenForLive(world.ctx.app);
  const sockets = {} as Record<ViewerName, LiveClient>;
  const postIds = [...COLUMNS.map((column) => world.posts[column].id), world.own.author];
  for (const name of VIEWERS) {
    const socket = await LiveClient.ready(url, world.members[name].token);
    opened.push(socket);
    socket.send({ type: 'watch', postIds });
    // A pong after the watch: the server has handled the watch.
    socket.send({ type: 'ping' });
    await socket.next('pong');
    sockets[name] = socket;
  }
  return sockets;
}

/**
 * What each socket heard, taken from it: every message before a pong answering a ping sent now
 * (after `LiveService.idle`, every message routed so far is on its way before that pong).
 */
async function heardBefore(
  sockets: Record<ViewerName, LiveClient>,
): Promise<Record<ViewerName, LiveServerMessage[]>> {
  const heard = {} as Record<ViewerName, LiveServerMessage[]>;
  for (const name of VIEWERS) {
    const socket = sockets[name];
    socket.send({ type: 'ping' });
    await socket.next('pong');
    heard[name] = socket.messages.splice(0);
  }
  return heard;
}

/** The posts a live row's events are about: one per column, or per audience for new posts. */
type EventPosts = Partial<Record<Column, string>>;

/**
 * A live row: sockets of every viewer watch A's posts, `act` makes the events, and each socket's
 * cells say which of its messages `heard` finds (per column `act` names, or one cell for a
 * member row).
 */
function liveRow(
  act: (world: World) => Promise<EventPosts | undefined>,
  heard: (message: LiveServerMessage, world: World, postId: string) => boolean,
): (world: World) => Promise<Record<ViewerName, string>> {
  return async (world) => {
    const sockets = await watchers(world);
    const ids = await act(world);
    // Every event published so far has been routed (LiveService.idle).
    await world.ctx.app.live.idle();
    const messages = await heardBefore(sockets);
    const out = {} as Record<ViewerName, string>;
    for (const name of VIEWERS) {
      const got = messages[name];
      out[name] = ids
        ? perColumn(
            (column) => got.some((m) => heard(m, world, ids[column] ?? '')),
            COLUMNS.filter((column) => ids[column] !== undefined),
          )
        : got.some((m) => heard(m, world, ''))
          ? 'Y'
          : '-';
    }
    return out;
  };
}

/**
 * A's call about each of A's five posts and S's; answers their ids. The removed post is gone
 * for A too, and S's while S is suspended: the call about them is refused with 404, as for a
 * post that does not exist.
 */
async function onEachPost(
  world: World,
  call: (postId: string, column: Column) => Promise<LightMyRequestResponse>,
): Promise<EventPosts> {
  const ids: EventPosts = {};
  for (const column of COLUMNS) {
    const postId = world.posts[column].id;
    ids[column] = postId;
    if (column === 'removed' || column === 'suspended') {
      const refused = await call(postId, column);
      expect(refused.statusCode, `a call about the ${column} post`).toBe(404);
    } else {
      await ok(call(postId, column), column);
    }
  }
  return ids;
}

const LIVE: Record<string, (world: World) => Promise<Record<ViewerName, string>>> = {
  'live post': liveRow(
    async (world) => {
      const ids: EventPosts = {};
      for (const audience of AUDIENCES) {
        ids[audience] = await newPost(world.ctx, world.members.author, audience, `new ${audience}`);
      }
      return ids;
    },
    (m, _world, postId) => m.type === 'post' && m.payload.postId === postId,
  ),
  'live postEdited': liveRow(
    (world) =>
      onEachPost(world, (postId, column) =>
        editPost(world.ctx, world.members.author, postId, `A ${column}, again`, [
          world.posts[column].image,
        ]),
      ),
    (m, _world, postId) => m.type === 'postEdited' && m.payload.postId === postId,
  ),
  'live comment': liveRow(
    (world) =>
      onEachPost(world, (postId, column) =>
        callEndpoint(world.ctx.app, ROUTES.comment, {
          rawBody: { postId, comment: `on ${column}`, image: '' },
          token: world.members.author.token,
        }),
      ),
    (m, _world, postId) => m.type === 'comment' && m.payload.postId === postId,
  ),
  'live reactions': liveRow(
    (world) =>
      onEachPost(world, (postId) =>
        callEndpoint(world.ctx.app, ROUTES.react, {
          body: { postId, react: 'wow' },
          token: world.members.author.token,
        }),
      ),
    (m, _world, postId) => m.type === 'reactions' && m.payload.postId === postId,
  ),
  'live notification': liveRow(
    async (world) => {
      for (const name of VIEWERS) {
        // Refused (404) for the blocked's and the blocker's posts; A's own never notifies.
        await callEndpoint(world.ctx.app, ROUTES.react, {
          body: { postId: world.own[name], react: 'haha' },
          token: world.members.author.token,
        });
      }
      return undefined;
    },
    (m, world) =>
      m.type === 'notification' &&
      m.payload.notification.actor._id === world.members.author.user.id,
  ),
};

const opened: LiveClient[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.close();
});

/**
 * Calls that are not reads but answer by the rule (what the caller may not see is 404, as a
 * random id): they have rows too.
 */
const ANSWER_BY_THE_RULE: readonly EndpointName[] = ['report'];

/** The read calls of the endpoint table: those whose entry says what they read. */
function readCalls(): EndpointName[] {
  return (Object.keys(ENDPOINTS) as EndpointName[]).filter(
    (name) => (ENDPOINTS[name] as { reads?: string }).reads !== undefined,
  );
}

describe('the visibility table', () => {
  it('has a hand-written row for every read call of the endpoint table and every live message type', () => {
    const rows = Object.keys(EXPECTED);
    const wanted = [
      ...readCalls(),
      ...ANSWER_BY_THE_RULE,
      ...LIVE_TYPES.map((type) => `live ${type}`),
    ];
    expect(rows.filter((row) => !wanted.includes(row))).toEqual([]);
    expect(wanted.filter((row) => !rows.includes(row))).toEqual([]);
    for (const row of rows) expect(OBSERVE[row] ?? LIVE[row], row).toBeDefined();
    // Every live message type of the contract has a row, or a reason for having none.
    const types = liveServerMessageSchema.options.map((option) => option.shape.type.value);
    const unaccounted = types.filter(
      (type) => !LIVE_TYPES.includes(type) && LIVE_TYPES_ELSEWHERE[type] === undefined,
    );
    expect(unaccounted).toEqual([]);
  });

  const ctx = useTestApp();

  for (const [row, expected] of Object.entries(EXPECTED)) {
    it(`${row}: what each viewer gets of the author's posts (public, members, friends, only me, removed) and the suspended member's`, async () => {
      const world = await buildWorld(ctx);
      const live = LIVE[row];
      let actual: Record<ViewerName, string>;
      if (live) {
        actual = await live(world);
      } else {
        const observe = OBSERVE[row];
        if (!observe) throw new Error(`no observation for ${row}`);
        actual = {} as Record<ViewerName, string>;
        for (const viewer of VIEWERS) actual[viewer] = await observe(world, viewer);
      }
      expect(actual).toEqual(expected);
    });
  }
});

/**
 * The same rows, every one, with S deleting their own account instead of being suspended. One
 * world serves them all, the live rows last: no row changes what an earlier one read (the
 * comment row stores nothing, the moderator role is given back, the reports and the live rows'
 * new posts, edits, comments and reactions come after every read).
 */
describe('the visibility table: a member deleting their account', () => {
  const ctx = useTestApp();

  it('every row reads as it does for the suspended member: hidden everywhere', {
    timeout: 180_000,
  }, async () => {
    const world = await buildWorld(ctx, 'deletion');
    const actual: Record<string, Record<ViewerName, string>> = {};
    const rows = Object.keys(EXPECTED);
    for (const row of rows.filter((name) => !LIVE[name])) {
      const observe = OBSERVE[row];
      if (!observe) throw new Error(`no observation for ${row}`);
      const cells = {} as Record<ViewerName, string>;
      for (const viewer of VIEWERS) cells[viewer] = await observe(world, viewer);
      actual[row] = cells;
    }
    for (const row of rows.filter((name) => LIVE[name])) {
      actual[row] = await (LIVE[row] as (world: World) => Promise<Record<ViewerName, string>>)(
        world,
      );
    }
    expect(actual).toEqual(EXPECTED);
  });
});

/**
 * A's privacy settings, per viewer, written by hand like the rows above: one character per value
 * of the setting, in the order of the contract's list.
 */
describe('the visibility table: privacy settings', () => {
  const ctx = useTestApp();

  async function setPrivacy(world: World, settings: Record<string, string>): Promise<void> {
    await ok(
      callEndpoint(world.ctx.app, ROUTES.updatePrivacy, {
        rawBody: settings,
        token: world.members.author.token,
      }),
      'updatePrivacy',
    );
  }

  it("A's friends on A's profile, as A shows them to public, friends, only me", async () => {
    const world = await buildWorld(ctx);
    const { members } = world;
    const actual = {} as Record<ViewerName, string>;
    for (const value of FRIENDS_LIST_VISIBLE_TO) {
      await setPrivacy(world, { friendsListVisibleTo: value });
      for (const viewer of VIEWERS) {
        const res = await callEndpoint(ctx.app, ROUTES.getProfile, {
          params: { username: members.author.user.username },
          token: members[viewer].token,
        });
        const body = res.json() as {
          ok: boolean;
          friends?: Array<{ username: string }>;
          friendsCount?: number;
          friendsVisible?: boolean;
        };
        const seen = body.friends?.some((f) => f.username === members.friend.user.username);
        if (body.ok && !seen) {
          // Hidden, not emptied by accident: the profile says so and counts nobody.
          expect({ visible: body.friendsVisible, count: body.friendsCount }).toEqual({
            visible: false,
            count: 0,
          });
        }
        actual[viewer] = (actual[viewer] ?? '') + (seen ? 'Y' : '-');
      }
    }
    expect(actual).toEqual({
      author: 'YYY',
      friend: 'YY-',
      follower: 'Y--',
      stranger: 'Y--',
      blocked: '---',
      blocker: '---',
      third: 'Y--',
      muter: 'Y--',
    });
  });

  it("a friend request to A under everyone and friends of friends ('Y' sent, '-' as an unknown member, 'x' refused)", async () => {
    const world = await buildWorld(ctx);
    const { members } = world;
    const actual = {} as Record<ViewerName, string>;
    for (const value of FRIEND_REQUESTS_FROM) {
      await setPrivacy(world, { friendRequestsFrom: value });
      for (const viewer of VIEWERS) {
        const token = members[viewer].token;
        const missing = await friendship(ctx.app, token, 'addFriend', uuidv7());
        const res = await friendship(ctx.app, token, 'addFriend', members.author.user.id);
        let cell: string;
        if (res.statusCode === 200) {
          cell = 'Y';
          // Taken back, so the next setting starts from the same relations.
          await ok(
            friendship(ctx.app, token, 'cancelFriendRequest', members.author.user.id),
            'cancelFriendRequest',
          );
        } else if (res.statusCode === missing.statusCode && res.body === missing.body) {
          cell = '-';
        } else {
          expect(res.statusCode, `${viewer} ${value}`).toBe(400);
          cell = 'x';
        }
        actual[viewer] = (actual[viewer] ?? '') + cell;
      }
    }
    expect(actual).toEqual({
      author: 'xx',
      friend: 'xx',
      follower: 'YY',
      stranger: 'Y-',
      blocked: '--',
      blocker: '--',
      third: 'Y-',
      muter: 'Y-',
    });
  });
});
