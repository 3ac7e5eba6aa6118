import { API_PREFIX, ENDPOINTS, ROUTES } from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  changeSettings,
  makeInvite,
  register,
  setSignupMode,
} from '../test-support/community-api.js';
import {
  type BuiltUser,
  buildComment,
  buildPost,
  buildUser,
  sessionFor,
  signupForm,
  uniqueEmail,
} from '../test-support/factories.js';
import { jpeg } from '../test-support/images.js';
import { activationTokenIn, lastMailTo, resetCodeIn } from '../test-support/mail.js';
import { callEndpoint, type TestContext, useTestApp } from '../test-support/test-app.js';
import {
  codeAt,
  loginTicket,
  setupTwoFactor,
  turnOnTwoFactor,
} from '../test-support/two-factor-api.js';
import { uploadedUrl, uploadImages } from '../test-support/uploads.js';
import { addToSearchHistory, befriend, friendship } from '../test-support/users-api.js';

/**
 * The authorization matrix: every call of the endpoint table as three callers.
 * - anonymous: no bearer token;
 * - other: a signed-in member who does not own what the call names;
 * - owner: the member who owns it (their post, their upload folder, their side of the
 *   friendship); for a call that names nothing owned, the signed-in member acting on their own
 *   things.
 * Each cell sets up its own state (fresh members, a post, a request…) and is checked by status.
 *
 * The calls of the moderation area (API.md, Hosts in charge) and GET /about have two more
 * callers, the host's staff: `moderator` and `admin`, members holding that role. In their rows,
 * `other` and `owner` are plain members: `owner` is the member the call names when it names one
 * (setRole: a member trying to change their own role); in the invite rows, `other` is a member
 * while members may not invite (the default) and `owner` a member after the admin let members
 * invite, acting on their own invites. Reporting (`report`, `myReports`) is for any member: those
 * two rows have the three callers only.
 */
type MemberCaller = 'anonymous' | 'other' | 'owner';
type StaffCaller = 'moderator' | 'admin';
type Caller = MemberCaller | StaffCaller;
const CALLERS: readonly MemberCaller[] = ['anonymous', 'other', 'owner'];
const STAFF_CALLERS: readonly StaffCaller[] = ['moderator', 'admin'];
/** A row: the three callers, and the staff for the calls of the moderation area. */
type Row = Record<MemberCaller, number> & Partial<Record<StaffCaller, number>>;

/**
 * The expected status of every cell, WRITTEN BY HAND from the API's documentation. Never derive
 * it from the table's `auth` flags or from what the server answers: a regression must show here.
 * A new call of the table needs a row (the completeness test below names the missing ones).
 */
const EXPECTED: Record<string, Row> = {
  // Public calls: a bearer token, anyone's, changes nothing.
  register: { anonymous: 201, other: 201, owner: 201 },
  login: { anonymous: 200, other: 200, owner: 200 },
  // A login's second step: the ticket is the proof, not a session (the owner's ticket, sent
  // by each caller).
  loginTwoFactor: { anonymous: 200, other: 200, owner: 200 },
  cancelDeletion: { anonymous: 200, other: 200, owner: 200 },
  // The owner's activation link: only its own account may use it.
  activateAccount: { anonymous: 401, other: 403, owner: 200 },
  // Owner: an unverified member; other: a verified member, so there is nothing to resend.
  resendVerification: { anonymous: 401, other: 400, owner: 200 },
  // A member ends their own session, or all of their own: nobody else's is named.
  logout: { anonymous: 401, other: 200, owner: 200 },
  logoutAll: { anonymous: 401, other: 200, owner: 200 },
  findUser: { anonymous: 200, other: 200, owner: 200 },
  sendResetCode: { anonymous: 200, other: 200, owner: 200 },
  // The reset flow is by e-mail and code, not by session: whoever holds the code may use it.
  validateResetCode: { anonymous: 200, other: 200, owner: 200 },
  resetPassword: { anonymous: 200, other: 200, owner: 200 },

  // Other: sends `user` naming the owner, and is the author anyway.
  createPost: { anonymous: 401, other: 201, owner: 201 },
  feed: { anonymous: 401, other: 200, owner: 200 },
  // The owner's post: any member may read, react, comment and save it.
  comments: { anonymous: 401, other: 200, owner: 200 },
  react: { anonymous: 401, other: 200, owner: 200 },
  getReacts: { anonymous: 401, other: 200, owner: 200 },
  comment: { anonymous: 401, other: 200, owner: 200 },
  savePost: { anonymous: 401, other: 200, owner: 200 },
  // Any member may read any post, as on profiles.
  getPost: { anonymous: 401, other: 200, owner: 200 },
  // Only the author may trash it.
  deletePost: { anonymous: 401, other: 403, owner: 200 },
  // Only the author may change who sees it (other sees the post, so 403 rather than 404).
  editAudience: { anonymous: 401, other: 403, owner: 200 },
  // Only the author may edit it (other sees the post: 403); its history is for whoever sees it.
  editPost: { anonymous: 401, other: 403, owner: 200 },
  postEdits: { anonymous: 401, other: 200, owner: 200 },
  // The author turns them off, anyone who sees the post turns them on.
  postNotifications: { anonymous: 401, other: 200, owner: 200 },
  // The owner's upload folder.
  uploadImages: { anonymous: 401, other: 403, owner: 200 },

  getProfile: { anonymous: 401, other: 200, owner: 200 },
  updateUserDetails: { anonymous: 401, other: 200, owner: 200 },
  // One's own account: each member changes their own name and password, no one else's.
  changeName: { anonymous: 401, other: 200, owner: 200 },
  changePassword: { anonymous: 401, other: 200, owner: 200 },
  // Two-factor sign-in: each member sets up their own with their own password. The owner set
  // up (or turned on) theirs; other sends the owner's code, which turns nothing of theirs on or
  // off: 400.
  twoFactorSetup: { anonymous: 401, other: 200, owner: 200 },
  twoFactorEnable: { anonymous: 401, other: 400, owner: 200 },
  twoFactorDisable: { anonymous: 401, other: 400, owner: 200 },
  // Each member lists their own sessions; the session ended is the owner's (another device of
  // theirs): another member naming it gets the 404 of a session that does not exist.
  listSessions: { anonymous: 401, other: 200, owner: 200 },
  endSession: { anonymous: 401, other: 404, owner: 200 },
  // Each member reads their own account and asks for their own new address. The link is the
  // proof, not the session: whoever holds the owner's link confirms it, signed in or not.
  getAccount: { anonymous: 401, other: 200, owner: 200 },
  changeEmail: { anonymous: 401, other: 200, owner: 200 },
  // Each member chooses their own language (the languages issue).
  changeLanguage: { anonymous: 401, other: 200, owner: 200 },
  confirmEmail: { anonymous: 200, other: 200, owner: 200 },
  // Each member deletes their own account with their own password, no one else's.
  deleteAccount: { anonymous: 401, other: 200, owner: 200 },
  // Download your information: each member asks for and lists their own zips; the address of
  // the owner's ready zip is theirs alone (another member gets the 404 of an unknown one).
  requestExport: { anonymous: 401, other: 200, owner: 200 },
  listExports: { anonymous: 401, other: 200, owner: 200 },
  exportLink: { anonymous: 401, other: 404, owner: 200 },
  // The url of the owner's upload: only its uploader may make it a picture.
  updateProfilePicture: { anonymous: 401, other: 400, owner: 200 },
  updateCoverPicture: { anonymous: 401, other: 400, owner: 200 },
  // The owner's images are public to members.
  listImages: { anonymous: 401, other: 200, owner: 200 },

  // Friendships: the owner is the member whose side of the relation it is; other names the same
  // member without being part of that relation.
  addFriend: { anonymous: 401, other: 200, owner: 200 },
  cancelFriendRequest: { anonymous: 401, other: 400, owner: 200 },
  acceptRequest: { anonymous: 401, other: 400, owner: 200 },
  deleteRequest: { anonymous: 401, other: 400, owner: 200 },
  unfriend: { anonymous: 401, other: 400, owner: 200 },
  follow: { anonymous: 401, other: 200, owner: 200 },
  // Not following changes nothing: 'ok'.
  unfollow: { anonymous: 401, other: 200, owner: 200 },
  getFriendsPageInfos: { anonymous: 401, other: 200, owner: 200 },
  // The target is the owner: blocking oneself is 400, anyone else may block them.
  block: { anonymous: 401, other: 200, owner: 400 },
  // The owner blocked a third member; other has no block of them: nothing changes, 'ok'.
  unblock: { anonymous: 401, other: 200, owner: 200 },
  getBlocked: { anonymous: 401, other: 200, owner: 200 },
  // Like block: the target is the owner, muting oneself is 400.
  mute: { anonymous: 401, other: 200, owner: 400 },
  unmute: { anonymous: 401, other: 200, owner: 200 },
  getMuted: { anonymous: 401, other: 200, owner: 200 },
  // Each member's own settings.
  getPrivacy: { anonymous: 401, other: 200, owner: 200 },
  updatePrivacy: { anonymous: 401, other: 200, owner: 200 },

  search: { anonymous: 401, other: 200, owner: 200 },
  addToSearchHistory: { anonymous: 401, other: 200, owner: 200 },
  getSearchHistory: { anonymous: 401, other: 200, owner: 200 },
  // A member not in the caller's history changes nothing: 'ok'.
  removeFromSearch: { anonymous: 401, other: 200, owner: 200 },

  // The owner was notified of the other member's reaction; each member reads their own list.
  notifications: { anonymous: 401, other: 200, owner: 200 },
  unreadCount: { anonymous: 401, other: 200, owner: 200 },
  // Ids of another member's notifications change nothing: 200 with the caller's own count.
  markNotificationsRead: { anonymous: 401, other: 200, owner: 200 },

  // Messages (API.md, Messages): the owner is a member of a conversation with a third member;
  // the other member is not in it, so for them it is missing (404), as a random id.
  createConversation: { anonymous: 401, other: 201, owner: 201 },
  conversations: { anonymous: 401, other: 200, owner: 200 },
  getConversation: { anonymous: 401, other: 404, owner: 200 },
  conversationMessages: { anonymous: 401, other: 404, owner: 200 },
  sendMessage: { anonymous: 401, other: 404, owner: 201 },
  markConversationRead: { anonymous: 401, other: 404, owner: 200 },
  acceptConversation: { anonymous: 401, other: 404, owner: 200 },
  addConversationMembers: { anonymous: 401, other: 404, owner: 200 },
  leaveConversation: { anonymous: 401, other: 404, owner: 200 },
  muteConversation: { anonymous: 401, other: 404, owner: 200 },
  // The owner's own message.
  unsendMessage: { anonymous: 401, other: 404, owner: 200 },
  messagesUnreadCount: { anonymous: 401, other: 200, owner: 200 },

  // Who may join (API.md, Hosts in charge). What the server says about itself: anyone.
  about: { anonymous: 200, other: 200, owner: 200, moderator: 200, admin: 200 },
  // Admin calls: any other member, moderators included, gets the 404 of a path that does not
  // exist. setRole's owner tries to make themselves a moderator.
  moderationSettings: { anonymous: 401, other: 404, owner: 404, moderator: 404, admin: 200 },
  updateModerationSettings: { anonymous: 401, other: 404, owner: 404, moderator: 404, admin: 200 },
  setRole: { anonymous: 401, other: 404, owner: 404, moderator: 404, admin: 200 },
  // Moderator calls: a moderator or an admin; members get 404. decideApplication approves an
  // applicant waiting (signed up while the admin had chosen approval).
  moderationMembers: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  applications: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  decideApplication: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  // Inviter calls: an admin, or a member while the admin lets members invite (owner); other, and
  // the moderator, call while members may not (the default): 404. The invite revoked is the
  // admin's (the owner's own for the owner).
  invites: { anonymous: 401, other: 404, owner: 200, moderator: 404, admin: 200 },
  createInvite: { anonymous: 401, other: 404, owner: 201, moderator: 404, admin: 201 },
  revokeInvite: { anonymous: 401, other: 404, owner: 200, moderator: 404, admin: 200 },

  // Reports (API.md, Hosts in charge). Any member reports what they see: other reports the
  // owner's post (201); the owner reporting their own post is 400. Each member reads their own
  // reports (other has one open, the owner none).
  report: { anonymous: 401, other: 201, owner: 400 },
  myReports: { anonymous: 401, other: 200, owner: 200 },
  // Moderator calls: members get 404, the owner included (the member the call names: the author
  // of the post reported or removed, of the comment removed, the member warned).
  reports: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  resolveReport: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  removePost: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  removeComment: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  warnMember: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  moderationSummary: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  // The audit log is for admins: a moderator gets 404 like any member.
  moderationLog: { anonymous: 401, other: 404, owner: 404, moderator: 404, admin: 200 },
  // Suspension is for moderators (the owner: the member suspended). To lift one, the cell's
  // admin suspended the owner first, which ended every session of theirs: the owner's 401.
  suspendMember: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  unsuspendMember: { anonymous: 401, other: 404, owner: 401, moderator: 200, admin: 200 },
  // Deleting an account is for admins (the owner: the member deleted), as are the addresses so
  // refused and lifting one (the cell's admin deleted a member first). A member's record is for
  // moderators too (the owner's own record: 404 for them as for any member).
  deleteMember: { anonymous: 401, other: 404, owner: 404, moderator: 404, admin: 200 },
  memberRecord: { anonymous: 401, other: 404, owner: 404, moderator: 200, admin: 200 },
  emailBlocks: { anonymous: 401, other: 404, owner: 404, moderator: 404, admin: 200 },
  liftEmailBlock: { anonymous: 401, other: 404, owner: 404, moderator: 404, admin: 200 },
};

/** Calls whose access depends on the caller's role: their rows need the staff's columns too. */
const STAFF_ACCESS: readonly string[] = ['moderator', 'admin', 'inviter'];

interface Staff {
  moderator: BuiltUser;
  admin: BuiltUser;
}

interface Cell {
  ctx: TestContext;
  who: Caller;
  owner: BuiltUser;
  other: BuiltUser;
  /** A moderator and an admin of the cell's own: built for the rows with staff columns only. */
  staff?: Staff;
  /** The caller's token: none, or the other member's, the owner's, the moderator's, the admin's. */
  token: { token?: string };
}

type Scenario = (cell: Cell) => Promise<LightMyRequestResponse>;

/** The owner asks for their information and this process's builder makes the zip: its id. */
async function ownersReadyExport(ctx: TestContext, owner: BuiltUser): Promise<string> {
  const asked = await callEndpoint(ctx.app, ROUTES.requestExport, { token: owner.token });
  expectOk(asked, 'requestExport');
  const built = await ctx.app.dataExports.runOnce();
  if (built.ready !== 1) throw new Error(`the export was not built: ${JSON.stringify(built)}`);
  return (asked.json() as { id: string }).id;
}

/** Signs up through the API: an unverified member, their session and activation link. */
async function signUp(ctx: TestContext) {
  const form = signupForm();
  const res = await callEndpoint(ctx.app, ROUTES.register, { rawBody: form });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const mail = await lastMailTo(ctx.db, form.email);
  return {
    email: form.email,
    token: res.json().token as string,
    link: activationTokenIn(mail.text_body),
  };
}

async function resetCode(ctx: TestContext, email: string): Promise<string> {
  const res = await callEndpoint(ctx.app, ROUTES.sendResetCode, { body: { email } });
  if (res.statusCode !== 200) throw new Error(`sendResetCode: ${res.statusCode} ${res.body}`);
  return resetCodeIn((await lastMailTo(ctx.db, email)).text_body);
}

function expectOk(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

function expectCreated(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 201) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

function staffOf(cell: Cell): Staff {
  if (!cell.staff) throw new Error('this scenario needs staff: give its row staff columns');
  return cell.staff;
}

/**
 * An applicant waiting for approval, signed up through the API while the admin had chosen
 * approval (then back to open, the default the other rows expect): their id.
 */
async function waitingApplicant(ctx: TestContext, admin: BuiltUser): Promise<string> {
  await setSignupMode(ctx.app, admin.token, 'approval');
  const res = await register(ctx.app, signupForm({ reason: 'My neighbours are here.' }));
  const body = res.json() as { id?: string; pending?: boolean; token?: string };
  if (res.statusCode !== 201 || body.pending !== true || body.token !== undefined || !body.id) {
    throw new Error(`register in approval mode: ${res.statusCode} ${res.body}`);
  }
  await setSignupMode(ctx.app, admin.token, 'open');
  return body.id;
}

/**
 * The state of an invite row's cell: members may invite for the owner's cell only (the admin's
 * choice, set in every cell), and an invite to act on, the owner's own for the owner, the admin's
 * for everyone else.
 */
async function inviteCell(cell: Cell): Promise<{ code: string }> {
  const { ctx, who, owner } = cell;
  const { admin } = staffOf(cell);
  await changeSettings(ctx.app, admin.token, { membersMayInvite: who === 'owner' });
  return makeInvite(ctx.app, who === 'owner' ? owner.token : admin.token);
}

/** How each call is made in a cell: the state it needs, then the call as the cell's caller. */
const SCENARIOS: Record<string, Scenario> = {
  register: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.register, { rawBody: signupForm(), ...token }),
  loginTwoFactor: async ({ ctx, owner, token }) => {
    const { secret } = await turnOnTwoFactor(ctx, owner);
    const ticket = await loginTicket(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.loginTwoFactor, {
      body: { ticket, code: codeAt(ctx, secret) },
      ...token,
    });
  },
  // The owner is deleting their account (its `suspensions` row), and logged in: the ticket.
  cancelDeletion: async ({ ctx, owner, token }) => {
    await ctx.db
      .insertInto('suspensions')
      .values({
        user_id: owner.user.id,
        reason: '',
        by_id: owner.user.id,
        by_name: owner.user.first_name,
        created_at: ctx.clock.now().toISOString(),
        kind: 'deletion',
      })
      .execute();
    const ticket = await loginTicket(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.cancelDeletion, { body: { ticket }, ...token });
  },
  login: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.login, {
      body: { email: owner.user.email, password: owner.password },
      ...token,
    }),
  activateAccount: async ({ ctx, who }) => {
    const account = await signUp(ctx);
    const stranger = await signUp(ctx);
    const caller = who === 'owner' ? { token: account.token } : who === 'other' ? stranger : {};
    return callEndpoint(ctx.app, ROUTES.activateAccount, {
      body: { token: account.link },
      ...(caller.token ? { token: caller.token } : {}),
    });
  },
  resendVerification: async ({ ctx, who, other }) => {
    const account = await signUp(ctx);
    const token = who === 'owner' ? account.token : who === 'other' ? other.token : undefined;
    return callEndpoint(ctx.app, ROUTES.resendVerification, {
      body: {},
      ...(token ? { token } : {}),
    });
  },
  logout: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.logout, { body: {}, ...token }),
  logoutAll: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.logoutAll, { body: {}, ...token }),
  findUser: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.findUser, { body: { email: owner.user.email }, ...token }),
  sendResetCode: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.sendResetCode, { body: { email: owner.user.email }, ...token }),
  validateResetCode: async ({ ctx, owner, token }) => {
    const code = await resetCode(ctx, owner.user.email);
    return callEndpoint(ctx.app, ROUTES.validateResetCode, {
      body: { email: owner.user.email, code },
      ...token,
    });
  },
  resetPassword: async ({ ctx, owner, token }) => {
    const email = owner.user.email;
    const code = await resetCode(ctx, email);
    expectOk(
      await callEndpoint(ctx.app, ROUTES.validateResetCode, { body: { email, code } }),
      'validateResetCode',
    );
    return callEndpoint(ctx.app, ROUTES.resetPassword, {
      body: { email, password: 'another-pass2', confPassword: 'another-pass2' },
      ...token,
    });
  },

  createPost: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.createPost, {
      rawBody: { type: null, text: 'Hello', background: null, images: null, user: owner.user.id },
      ...token,
    }),
  feed: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.feed, { ...token }),
  comments: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.comments, { params: { postId: post.id }, ...token });
  },
  react: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.react, {
      body: { react: 'like', postId: post.id },
      ...token,
    });
  },
  getReacts: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.getReacts, { params: { postId: post.id }, ...token });
  },
  comment: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.comment, {
      rawBody: { postId: post.id, comment: 'Nice', image: '' },
      ...token,
    });
  },
  savePost: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.savePost, { params: { postId: post.id }, ...token });
  },
  getPost: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.getPost, { params: { postId: post.id }, ...token });
  },
  deletePost: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.deletePost, { params: { postId: post.id }, ...token });
  },
  editAudience: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.editAudience, {
      params: { postId: post.id },
      body: { audience: 'friends' },
      ...token,
    });
  },
  editPost: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner, { text: 'before' });
    return callEndpoint(ctx.app, ROUTES.editPost, {
      params: { postId: post.id },
      rawBody: { text: 'after', background: null, images: null },
      ...token,
    });
  },
  postEdits: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.postEdits, { params: { postId: post.id }, ...token });
  },
  postNotifications: async ({ ctx, owner, who, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.postNotifications, {
      params: { postId: post.id },
      body: { on: who !== 'owner' },
      ...token,
    });
  },
  uploadImages: async ({ ctx, owner, token }) =>
    uploadImages(ctx.app, token.token ?? '', `${owner.user.username}/post_images`, [
      { name: 'photo.jpg', bytes: await jpeg() },
    ]),

  getProfile: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.getProfile, {
      params: { username: owner.user.username },
      ...token,
    }),
  updateUserDetails: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.updateUserDetails, {
      rawBody: { infos: { bio: 'Hello', job: 'Baker' } },
      ...token,
    }),
  changeName: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.changeName, {
      body: { first_name: 'Zoé', last_name: 'Benali' },
      ...token,
    }),
  // Each caller with their own current password (the owner's for the anonymous one).
  twoFactorSetup: ({ ctx, who, owner, other, token }) =>
    callEndpoint(ctx.app, ROUTES.twoFactorSetup, {
      body: { currentPassword: (who === 'other' ? other : owner).password },
      ...token,
    }),
  twoFactorEnable: async ({ ctx, owner, token }) => {
    const setup = await setupTwoFactor(ctx.app, owner.token, owner.password);
    expectOk(setup, 'twoFactorSetup');
    const code = codeAt(ctx, (setup.json() as { secret: string }).secret);
    return callEndpoint(ctx.app, ROUTES.twoFactorEnable, { body: { code }, ...token });
  },
  twoFactorDisable: async ({ ctx, who, owner, other, token }) => {
    const { secret } = await turnOnTwoFactor(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.twoFactorDisable, {
      body: {
        currentPassword: (who === 'other' ? other : owner).password,
        code: codeAt(ctx, secret),
      },
      ...token,
    });
  },
  // Each caller with their own current password (the owner's for the anonymous one).
  changePassword: ({ ctx, who, owner, other, token }) => {
    const currentPassword = (who === 'other' ? other : owner).password;
    return callEndpoint(ctx.app, ROUTES.changePassword, {
      body: { currentPassword, password: 'brand-new-pass1', confPassword: 'brand-new-pass1' },
      ...token,
    });
  },
  listSessions: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.listSessions, { ...token }),
  endSession: async ({ ctx, owner, token }) => {
    const phone = await sessionFor(ctx, owner.user);
    const listed = await callEndpoint(ctx.app, ROUTES.listSessions, { token: phone });
    expectOk(listed, 'listSessions');
    const { sessions } = listed.json() as { sessions: Array<{ id: string; current: boolean }> };
    const sessionId = sessions.find((session) => session.current)?.id;
    if (!sessionId) throw new Error('listSessions: no current session');
    return callEndpoint(ctx.app, ROUTES.endSession, { params: { sessionId }, ...token });
  },
  getAccount: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.getAccount, token),
  // Each caller with their own current password (the owner's for the anonymous one).
  changeEmail: ({ ctx, who, owner, other, token }) => {
    const currentPassword = (who === 'other' ? other : owner).password;
    return callEndpoint(ctx.app, ROUTES.changeEmail, {
      body: { email: uniqueEmail('moved'), currentPassword },
      ...token,
    });
  },
  changeLanguage: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.changeLanguage, { body: { language: 'fr' }, ...token }),
  // Each caller with their own current password (the owner's for the anonymous one).
  deleteAccount: ({ ctx, who, owner, other, token }) => {
    const currentPassword = (who === 'other' ? other : owner).password;
    return callEndpoint(ctx.app, ROUTES.deleteAccount, { body: { currentPassword }, ...token });
  },
  confirmEmail: async ({ ctx, owner, token }) => {
    const email = uniqueEmail('moved');
    expectOk(
      await callEndpoint(ctx.app, ROUTES.changeEmail, {
        body: { email, currentPassword: owner.password },
        token: owner.token,
      }),
      'changeEmail',
    );
    const link = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(
      (await lastMailTo(ctx.db, email)).text_body,
    );
    return callEndpoint(ctx.app, ROUTES.confirmEmail, {
      body: { token: link?.[1] ?? '' },
      ...token,
    });
  },
  requestExport: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.requestExport, token),
  // The owner has a ready zip, which every caller lists their own beside.
  listExports: async ({ ctx, owner, token }) => {
    await ownersReadyExport(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.listExports, token);
  },
  exportLink: async ({ ctx, owner, token }) => {
    const exportId = await ownersReadyExport(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.exportLink, { params: { exportId }, ...token });
  },
  updateProfilePicture: async ({ ctx, owner, token }) => {
    const url = await uploadedUrl(
      ctx.app,
      owner.token,
      `${owner.user.username}/profile_pictures`,
      await jpeg(),
    );
    return callEndpoint(ctx.app, ROUTES.updateProfilePicture, { body: { url }, ...token });
  },
  updateCoverPicture: async ({ ctx, owner, token }) => {
    const url = await uploadedUrl(
      ctx.app,
      owner.token,
      `${owner.user.username}/cover_pictures`,
      await jpeg(),
    );
    return callEndpoint(ctx.app, ROUTES.updateCoverPicture, { body: { url }, ...token });
  },
  listImages: async ({ ctx, owner, token }) => {
    await uploadedUrl(ctx.app, owner.token, `${owner.user.username}/post_images`, await jpeg());
    return callEndpoint(ctx.app, ROUTES.listImages, {
      rawBody: { path: `${owner.user.username}/*`, sort: 'desc', max: 10 },
      ...token,
    });
  },

  // The target is a third member, so owner and other differ only by their relation to them.
  addFriend: async ({ ctx, token }) => {
    const target = await buildUser(ctx);
    return callEndpoint(ctx.app, ROUTES.addFriend, { params: { id: target.user.id }, ...token });
  },
  cancelFriendRequest: async ({ ctx, owner, token }) => {
    const target = await buildUser(ctx);
    expectOk(await friendship(ctx.app, owner.token, 'addFriend', target.user.id), 'addFriend');
    return callEndpoint(ctx.app, ROUTES.cancelFriendRequest, {
      params: { id: target.user.id },
      ...token,
    });
  },
  acceptRequest: async ({ ctx, owner, token }) => {
    const asker = await buildUser(ctx);
    expectOk(await friendship(ctx.app, asker.token, 'addFriend', owner.user.id), 'addFriend');
    return callEndpoint(ctx.app, ROUTES.acceptRequest, { params: { id: asker.user.id }, ...token });
  },
  deleteRequest: async ({ ctx, owner, token }) => {
    const asker = await buildUser(ctx);
    expectOk(await friendship(ctx.app, asker.token, 'addFriend', owner.user.id), 'addFriend');
    return callEndpoint(ctx.app, ROUTES.deleteRequest, { params: { id: asker.user.id }, ...token });
  },
  unfriend: async ({ ctx, owner, token }) => {
    const friend = await buildUser(ctx);
    await befriend(ctx.app, owner, friend);
    return callEndpoint(ctx.app, ROUTES.unfriend, { params: { id: friend.user.id }, ...token });
  },
  follow: async ({ ctx, token }) => {
    const target = await buildUser(ctx);
    return callEndpoint(ctx.app, ROUTES.follow, { params: { id: target.user.id }, ...token });
  },
  unfollow: async ({ ctx, owner, token }) => {
    const target = await buildUser(ctx);
    expectOk(await friendship(ctx.app, owner.token, 'follow', target.user.id), 'follow');
    return callEndpoint(ctx.app, ROUTES.unfollow, { params: { id: target.user.id }, ...token });
  },
  getFriendsPageInfos: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.getFriendsPageInfos, { ...token }),
  block: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.block, { params: { id: owner.user.id }, ...token }),
  unblock: async ({ ctx, owner, token }) => {
    const blocked = await ownerBlocksSomeone(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.unblock, { params: { id: blocked }, ...token });
  },
  getBlocked: async ({ ctx, owner, token }) => {
    await ownerBlocksSomeone(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.getBlocked, { ...token });
  },
  mute: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.mute, { params: { id: owner.user.id }, ...token }),
  unmute: async ({ ctx, owner, token }) => {
    const muted = await buildUser(ctx);
    expectOk(
      await callEndpoint(ctx.app, ROUTES.mute, {
        params: { id: muted.user.id },
        token: owner.token,
      }),
      'mute',
    );
    return callEndpoint(ctx.app, ROUTES.unmute, { params: { id: muted.user.id }, ...token });
  },
  getMuted: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.getMuted, { ...token }),
  getPrivacy: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.getPrivacy, { ...token }),
  updatePrivacy: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.updatePrivacy, {
      rawBody: { friendsListVisibleTo: 'friends' },
      ...token,
    }),

  search: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.search, {
      params: { searchTerm: owner.user.first_name },
      ...token,
    }),
  addToSearchHistory: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.addToSearchHistory, {
      body: { searchUser: owner.user.id },
      ...token,
    }),
  getSearchHistory: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.getSearchHistory, { ...token }),
  removeFromSearch: async ({ ctx, owner, token }) => {
    const found = await buildUser(ctx);
    expectOk(await addToSearchHistory(ctx.app, owner.token, found.user.id), 'addToSearchHistory');
    return callEndpoint(ctx.app, ROUTES.removeFromSearch, {
      body: { searchUser: found.user.id },
      ...token,
    });
  },
  notifications: async ({ ctx, owner, other, token }) => {
    await ownerNotified(ctx, owner, other);
    return callEndpoint(ctx.app, ROUTES.notifications, { ...token });
  },
  unreadCount: async ({ ctx, owner, other, token }) => {
    await ownerNotified(ctx, owner, other);
    return callEndpoint(ctx.app, ROUTES.unreadCount, { ...token });
  },
  markNotificationsRead: async ({ ctx, owner, other, token }) => {
    const id = await ownerNotified(ctx, owner, other);
    return callEndpoint(ctx.app, ROUTES.markNotificationsRead, { body: { ids: [id] }, ...token });
  },

  createConversation: async ({ ctx, token }) => {
    const third = await buildUser(ctx);
    return callEndpoint(ctx.app, ROUTES.createConversation, {
      body: { memberIds: [third.user.id] },
      ...token,
    });
  },
  conversations: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.conversations, { ...token }),
  getConversation: async ({ ctx, owner, token }) => {
    const params = { conversationId: await ownersConversation(ctx, owner) };
    return callEndpoint(ctx.app, ROUTES.getConversation, { params, ...token });
  },
  conversationMessages: async ({ ctx, owner, token }) => {
    const params = { conversationId: await ownersConversation(ctx, owner) };
    return callEndpoint(ctx.app, ROUTES.conversationMessages, { params, ...token });
  },
  sendMessage: async ({ ctx, owner, token }) => {
    const params = { conversationId: await ownersConversation(ctx, owner) };
    return callEndpoint(ctx.app, ROUTES.sendMessage, { params, body: { text: 'Hi' }, ...token });
  },
  markConversationRead: async ({ ctx, owner, token }) => {
    const params = { conversationId: await ownersConversation(ctx, owner) };
    return callEndpoint(ctx.app, ROUTES.markConversationRead, { params, ...token });
  },
  acceptConversation: async ({ ctx, owner, token }) => {
    const params = { conversationId: await ownersConversation(ctx, owner) };
    return callEndpoint(ctx.app, ROUTES.acceptConversation, { params, ...token });
  },
  addConversationMembers: async ({ ctx, owner, token }) => {
    const params = { conversationId: await ownersConversation(ctx, owner, 'group') };
    const newcomer = await buildUser(ctx);
    return callEndpoint(ctx.app, ROUTES.addConversationMembers, {
      params,
      body: { add: [newcomer.user.id] },
      ...token,
    });
  },
  leaveConversation: async ({ ctx, owner, token }) => {
    const params = { conversationId: await ownersConversation(ctx, owner) };
    return callEndpoint(ctx.app, ROUTES.leaveConversation, { params, ...token });
  },
  muteConversation: async ({ ctx, owner, token }) => {
    const params = { conversationId: await ownersConversation(ctx, owner) };
    return callEndpoint(ctx.app, ROUTES.muteConversation, {
      params,
      body: { muted: true },
      ...token,
    });
  },
  unsendMessage: async ({ ctx, owner, token }) => {
    const conversationId = await ownersConversation(ctx, owner);
    const sent = await callEndpoint(ctx.app, ROUTES.sendMessage, {
      params: { conversationId },
      body: { text: 'Oops' },
      token: owner.token,
    });
    expectCreated(sent, 'sendMessage');
    return callEndpoint(ctx.app, ROUTES.unsendMessage, {
      params: { messageId: sent.json()._id },
      ...token,
    });
  },
  messagesUnreadCount: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.messagesUnreadCount, { ...token }),

  about: ({ ctx, token }) => callEndpoint(ctx.app, ROUTES.about, { ...token }),
  moderationSettings: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.moderationSettings, { ...token }),
  updateModerationSettings: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.updateModerationSettings, {
      body: { description: 'Neighbours of the river street.' },
      ...token,
    }),
  setRole: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.setRole, {
      params: { userId: owner.user.id },
      body: { role: 'moderator' },
      ...token,
    }),
  moderationMembers: ({ ctx, token }) =>
    callEndpoint(ctx.app, ROUTES.moderationMembers, { ...token }),
  applications: async (cell) => {
    await waitingApplicant(cell.ctx, staffOf(cell).admin);
    return callEndpoint(cell.ctx.app, ROUTES.applications, { ...cell.token });
  },
  decideApplication: async (cell) => {
    const applicant = await waitingApplicant(cell.ctx, staffOf(cell).admin);
    return callEndpoint(cell.ctx.app, ROUTES.decideApplication, {
      params: { userId: applicant },
      body: { approve: true },
      ...cell.token,
    });
  },
  invites: async (cell) => {
    await inviteCell(cell);
    return callEndpoint(cell.ctx.app, ROUTES.invites, { ...cell.token });
  },
  createInvite: async (cell) => {
    await changeSettings(cell.ctx.app, staffOf(cell).admin.token, {
      membersMayInvite: cell.who === 'owner',
    });
    return callEndpoint(cell.ctx.app, ROUTES.createInvite, {
      body: { uses: 3, expiresInDays: 7 },
      ...cell.token,
    });
  },
  revokeInvite: async (cell) => {
    const invite = await inviteCell(cell);
    return callEndpoint(cell.ctx.app, ROUTES.revokeInvite, {
      params: { code: invite.code },
      ...cell.token,
    });
  },

  report: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.report, {
      body: { target: { postId: post.id }, reason: 'spam', details: 'Sells watches.' },
      ...token,
    });
  },
  myReports: async ({ ctx, owner, other, token }) => {
    await otherReportsOwnersPost(ctx, owner, other);
    return callEndpoint(ctx.app, ROUTES.myReports, { ...token });
  },
  reports: async ({ ctx, owner, other, token }) => {
    await otherReportsOwnersPost(ctx, owner, other);
    return callEndpoint(ctx.app, ROUTES.reports, { query: { status: 'open' }, ...token });
  },
  resolveReport: async ({ ctx, owner, other, token }) => {
    const { reportId } = await otherReportsOwnersPost(ctx, owner, other);
    return callEndpoint(ctx.app, ROUTES.resolveReport, {
      params: { reportId },
      body: { action: 'remove', reason: 'Advertising is not allowed here.' },
      ...token,
    });
  },
  removePost: async ({ ctx, owner, token }) => {
    const post = await buildPost(ctx, owner);
    return callEndpoint(ctx.app, ROUTES.removePost, {
      params: { postId: post.id },
      body: { reason: 'Advertising is not allowed here.' },
      ...token,
    });
  },
  removeComment: async ({ ctx, owner, other, token }) => {
    const post = await buildPost(ctx, other);
    const commentId = await buildComment(ctx, post, owner);
    return callEndpoint(ctx.app, ROUTES.removeComment, {
      params: { commentId },
      body: { reason: 'Insults are not allowed here.' },
      ...token,
    });
  },
  warnMember: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.warnMember, {
      params: { userId: owner.user.id },
      body: { reason: 'Please keep it friendly.' },
      ...token,
    }),
  moderationSummary: async ({ ctx, owner, other, token }) => {
    await otherReportsOwnersPost(ctx, owner, other);
    return callEndpoint(ctx.app, ROUTES.moderationSummary, { ...token });
  },
  moderationLog: async (cell) => {
    // A line to read: the cell's admin warned the owner.
    const res = await callEndpoint(cell.ctx.app, ROUTES.warnMember, {
      params: { userId: cell.owner.user.id },
      body: { reason: 'Please keep it friendly.' },
      token: staffOf(cell).admin.token,
    });
    expectOk(res, 'warnMember');
    return callEndpoint(cell.ctx.app, ROUTES.moderationLog, { ...cell.token });
  },
  suspendMember: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.suspendMember, {
      params: { userId: owner.user.id },
      body: { reason: 'Spam, again and again.' },
      ...token,
    }),
  unsuspendMember: async (cell) => {
    const { ctx, owner } = cell;
    expectOk(
      await callEndpoint(ctx.app, ROUTES.suspendMember, {
        params: { userId: owner.user.id },
        body: { reason: 'Spam, again and again.' },
        token: staffOf(cell).admin.token,
      }),
      'suspendMember',
    );
    return callEndpoint(ctx.app, ROUTES.unsuspendMember, {
      params: { userId: owner.user.id },
      body: { reason: 'The appeal was heard.' },
      ...cell.token,
    });
  },
  deleteMember: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.deleteMember, {
      params: { userId: owner.user.id },
      body: { reason: 'Spam, again and again.' },
      ...token,
    }),
  memberRecord: ({ ctx, owner, token }) =>
    callEndpoint(ctx.app, ROUTES.memberRecord, { params: { userId: owner.user.id }, ...token }),
  emailBlocks: async (cell) => {
    await adminDeletesSomeone(cell);
    return callEndpoint(cell.ctx.app, ROUTES.emailBlocks, { ...cell.token });
  },
  liftEmailBlock: async (cell) => {
    const blockId = await adminDeletesSomeone(cell);
    return callEndpoint(cell.ctx.app, ROUTES.liftEmailBlock, {
      params: { blockId },
      ...cell.token,
    });
  },
};

/** The cell's admin deletes a new member through the API: the id of the address so refused. */
async function adminDeletesSomeone(cell: Cell): Promise<string> {
  const { ctx } = cell;
  const { admin } = staffOf(cell);
  const member = await buildUser(ctx);
  expectOk(
    await callEndpoint(ctx.app, ROUTES.deleteMember, {
      params: { userId: member.user.id },
      body: { reason: 'Spam, again and again.' },
      token: admin.token,
    }),
    'deleteMember',
  );
  const res = await callEndpoint(ctx.app, ROUTES.emailBlocks, { token: admin.token });
  expectOk(res, 'emailBlocks');
  return (res.json() as Array<{ _id: string }>)[0]?._id as string;
}

/** `other` reports a post of the owner's through the API: an open report, its id. */
async function otherReportsOwnersPost(ctx: TestContext, owner: BuiltUser, other: BuiltUser) {
  const post = await buildPost(ctx, owner);
  const res = await callEndpoint(ctx.app, ROUTES.report, {
    body: { target: { postId: post.id }, reason: 'spam' },
    token: other.token,
  });
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
  return { postId: post.id, reportId: (res.json() as { _id: string })._id };
}

/** The owner blocks a new member: their id. */
async function ownerBlocksSomeone(ctx: TestContext, owner: BuiltUser): Promise<string> {
  const blocked = await buildUser(ctx);
  const res = await callEndpoint(ctx.app, ROUTES.block, {
    params: { id: blocked.user.id },
    token: owner.token,
  });
  expectOk(res, 'block');
  return blocked.user.id;
}

/** `other` reacts to the owner's post: the owner's notification, its id. */
async function ownerNotified(ctx: TestContext, owner: BuiltUser, other: BuiltUser) {
  const post = await buildPost(ctx, owner);
  expectOk(
    await callEndpoint(ctx.app, ROUTES.react, {
      body: { postId: post.id, react: 'like' },
      token: other.token,
    }),
    'react',
  );
  const row = await ctx.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', owner.user.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A conversation of the owner with a third member (two more for a group), started by that
 * member with a first message: the owner is in it, the other caller is not. Its id.
 */
async function ownersConversation(
  ctx: TestContext,
  owner: BuiltUser,
  kind: 'pair' | 'group' = 'pair',
): Promise<string> {
  const third = await buildUser(ctx);
  const others = kind === 'group' ? [owner, await buildUser(ctx)] : [owner];
  const started = await callEndpoint(ctx.app, ROUTES.createConversation, {
    body: { memberIds: others.map((member) => member.user.id) },
    token: third.token,
  });
  expectCreated(started, 'createConversation');
  const conversationId = started.json()._id as string;
  expectCreated(
    await callEndpoint(ctx.app, ROUTES.sendMessage, {
      params: { conversationId },
      body: { text: 'Hello' },
      token: third.token,
    }),
    'sendMessage',
  );
  return conversationId;
}

/** Calls of the table missing from `names`, and names that are not calls of the table. */
function difference(names: string[]) {
  const table = Object.keys(ENDPOINTS);
  return {
    missing: table.filter((name) => !names.includes(name)),
    unknown: names.filter((name) => !table.includes(name)),
  };
}

describe('the authorization matrix', () => {
  it('has a hand-written row for exactly the calls of the endpoint table', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    const rows = difference(Object.keys(EXPECTED));
    expect(rows.missing, `calls without a row in EXPECTED: ${rows.missing.join(', ')}`).toEqual([]);
    expect(rows.unknown, `rows naming no call: ${rows.unknown.join(', ')}`).toEqual([]);
    const scenarios = difference(Object.keys(SCENARIOS));
    expect(
      scenarios.missing,
      `calls without a scenario in SCENARIOS: ${scenarios.missing.join(', ')}`,
    ).toEqual([]);
    expect(scenarios.unknown, `scenarios naming no call: ${scenarios.unknown.join(', ')}`).toEqual(
      [],
    );
    // A call for staff only needs the staff's columns, written by hand like the others.
    const staffCalls = Object.entries(ENDPOINTS)
      .filter(([, spec]) => STAFF_ACCESS.includes(spec.access))
      .map(([name]) => name);
    expect(staffCalls.length).toBeGreaterThan(0);
    const withoutStaff = staffCalls.filter((name) =>
      STAFF_CALLERS.some((who) => EXPECTED[name]?.[who] === undefined),
    );
    expect(
      withoutStaff,
      `calls for staff without moderator and admin cells: ${withoutStaff.join(', ')}`,
    ).toEqual([]);
  });

  const ctx = useTestApp();
  const tally = { tested: 0, wrong: [] as string[] };
  afterAll(() => {
    console.log(
      `[reliability] matrix ${process.env.TEST_DB ?? 'sqlite'}: ${tally.tested} cells tested, ` +
        `${tally.wrong.length} wrong${tally.wrong.length ? ` (${tally.wrong.join(', ')})` : ''}`,
    );
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    const hasStaff = STAFF_CALLERS.every((who) => expected[who] !== undefined);
    const callers: readonly Caller[] = hasStaff ? [...CALLERS, ...STAFF_CALLERS] : CALLERS;
    const title = callers.map((who) => `${who} ${expected[who]}`).join(', ');
    it(`${name}: ${title}`, async () => {
      const scenario = SCENARIOS[name];
      if (!scenario) throw new Error(`no scenario for ${name}: add one to SCENARIOS`);
      const actual = {} as Row;
      for (const who of callers) {
        // Fresh members per cell, so no cell sees another's state.
        const owner = await buildUser(ctx);
        const other = await buildUser(ctx);
        const staff = hasStaff
          ? {
              moderator: await buildUser(ctx, { role: 'moderator' }),
              admin: await buildUser(ctx, { role: 'admin' }),
            }
          : undefined;
        const tokens: Record<Caller, string | undefined> = {
          anonymous: undefined,
          other: other.token,
          owner: owner.token,
          moderator: staff?.moderator.token,
          admin: staff?.admin.token,
        };
        const caller = tokens[who];
        const token = caller === undefined ? {} : { token: caller };
        const res = await scenario({ ctx, who, owner, other, token, ...(staff ? { staff } : {}) });
        actual[who] = res.statusCode;
        tally.tested += 1;
        if (res.statusCode !== expected[who]) {
          tally.wrong.push(`${name} as ${who}: ${res.statusCode}, not ${expected[who]}`);
        }
        if (res.statusCode === 401) {
          expect(res.json(), `${name} as ${who}: 401 comes with a message`).toEqual({
            message: expect.any(String),
          });
        }
        if (hasStaff && res.statusCode === 404) {
          // Refused by role: the answer of a path that does not exist, nothing more.
          const nowhere = await ctx.app.inject({
            method: 'GET',
            url: `${API_PREFIX}/moderation/no-such-page`,
            ...(caller === undefined ? {} : { headers: { authorization: `Bearer ${caller}` } }),
          });
          expect(
            { status: res.statusCode, body: res.json() },
            `${name} as ${who}: 404 as for a path that does not exist`,
          ).toEqual({ status: nowhere.statusCode, body: nowhere.json() });
        }
      }
      expect(actual).toEqual(expected);
    });
  }

  // The report row names a post; a message target has its own rule (a current member of its
  // conversation who may read it), written here by hand like the rows above.
  it('report of a message: anonymous 401, a non-member 404 (as a random id), a member 201, its sender 400', async () => {
    const sender = await buildUser(ctx);
    const member = await buildUser(ctx);
    const outsider = await buildUser(ctx);
    const started = await callEndpoint(ctx.app, ROUTES.createConversation, {
      body: { memberIds: [member.user.id] },
      token: sender.token,
    });
    expectCreated(started, 'createConversation');
    const sent = await callEndpoint(ctx.app, ROUTES.sendMessage, {
      params: { conversationId: started.json()._id },
      body: { text: 'Hello' },
      token: sender.token,
    });
    expectCreated(sent, 'sendMessage');
    const reportAs = (token: string | undefined, messageId: string = sent.json()._id) =>
      callEndpoint(ctx.app, ROUTES.report, {
        body: { target: { messageId }, reason: 'spam' },
        ...(token === undefined ? {} : { token }),
      });
    const random = await reportAs(outsider.token, '0190a000-0000-7000-8000-00000000ffff');
    const statuses = {
      anonymous: (await reportAs(undefined)).statusCode,
      nonMember: (await reportAs(outsider.token)).statusCode,
      member: (await reportAs(member.token)).statusCode,
      sender: (await reportAs(sender.token)).statusCode,
    };
    expect(statuses).toEqual({ anonymous: 401, nonMember: 404, member: 201, sender: 400 });
    const nonMember = await reportAs(outsider.token);
    expect({ status: nonMember.statusCode, body: nonMember.json() }).toEqual({
      status: random.statusCode,
      body: random.json(),
    });
  });
});
