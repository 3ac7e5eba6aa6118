import {
  ACCOUNT_DELETION_GRACE_MS,
  ACCOUNT_MESSAGES,
  type DeletionScheduled,
  imageVariants,
  LIVE_CLOSE_CODES,
  type ModerationMember,
  POST_MESSAGES,
  type Post,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { login, register } from '../../test-support/community-api.js';
import { type BuiltUser, buildUser, sessionFor, signupForm } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { mailsTo } from '../../test-support/mail.js';
import { filesUnder, mediaStatus } from '../../test-support/media-files.js';
import {
  commentOf,
  countsOf,
  postOf,
  reacted,
  worldAround,
} from '../../test-support/member-world.js';
import { myReports, queuePage, report } from '../../test-support/moderation-api.js';
import { notificationsOf } from '../../test-support/notifications-api.js';
import {
  commentsRequest,
  commentTexts,
  feedPage,
  getPostRequest,
  getReacts,
} from '../../test-support/posts-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import {
  befriend,
  friendsPage,
  getProfile,
  profileRequest,
  search,
  searchHistory,
} from '../../test-support/users-api.js';
import { DELETED_BY_MEMBER_REASON } from './deletion-service.js';

// Delete my account (API.md, One's own account): the password (and a code) confirm it; the
// member is hidden from everyone at once and logged out everywhere; a login within 30 days
// keeps the account; then the purge takes everything, and the address may sign up again under
// a username nobody had.

const DAY_MS = 24 * 60 * 60 * 1000;

function deleteAccount(app: App, token: string, body: unknown) {
  return callEndpoint(app, ROUTES.deleteAccount, { rawBody: body, token });
}

/** The member deletes their account; fails the test unless the server took it. */
async function deleted(app: App, member: BuiltUser): Promise<void> {
  const res = await deleteAccount(app, member.token, { currentPassword: member.password });
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 200,
    body: { message: ACCOUNT_MESSAGES.accountDeleted },
  });
}

function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message } });
}

/** The leaver L (their post with a photo) in the small world of `worldAround`. */
async function buildWorld(ctx: TestContext) {
  const leaver = await buildUser(ctx, { first_name: 'Leontyne', last_name: 'Farewell' });
  const photo = await uploadedUrl(
    ctx.app,
    leaver.token,
    `${leaver.user.username}/post_images`,
    await jpeg(),
  );
  const { viewer, poster, memberPost, posterPost, viewerPost } = await worldAround(ctx, leaver, {
    called: 'leaver',
    photos: [photo],
  });
  return { leaver, viewer, poster, photo, leaverPost: memberPost, posterPost, viewerPost };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

/** Everything the viewer reads that the leaver could show up in. */
async function viewerReads(app: App, world: World) {
  const { viewer, leaver, posterPost, leaverPost } = world;
  const token = viewer.token;
  const post = await getPostRequest(app, token, posterPost);
  const ownProfile = await getProfile(app, token, viewer.user.username);
  return {
    feed: (await feedPage(app, token, 'limit=50')).posts,
    posterPost: post.json() as Post,
    leaverPost: (await getPostRequest(app, token, leaverPost)).statusCode,
    comments: commentTexts((await commentsRequest(app, token, posterPost)).json()),
    reactions: countsOf(await getReacts(app, token, posterPost)),
    leaverProfile: (await profileRequest(app, token, leaver.user.username)).json(),
    search: (await search(app, token, 'leontyne')).map((m) => m._id),
    history: (await searchHistory(app, token)).map((entry) => entry.user._id),
    friendsPage: await friendsPage(app, token),
    ownFriends: { friends: ownProfile.friends, count: ownProfile.friendsCount },
    notifications: (await notificationsOf(app, token)).map((n) => [n.type, n.actor._id]),
  };
}

/** A login to an account being deleted: no session, a ticket to keep it. */
async function deletionScheduled(app: App, member: BuiltUser): Promise<DeletionScheduled> {
  const res = await login(app, member.user.email, member.password);
  expect(res.statusCode).toBe(200);
  const body = res.json() as DeletionScheduled & { token?: string };
  expect(body).toMatchObject({ deletionScheduled: true, ticket: expect.any(String) });
  expect(body.token).toBeUndefined();
  return body;
}

/** Turns two-factor sign-in on through the API; answers a code for the step after the first. */
async function turnOnTwoFactor(ctx: TestContext, member: BuiltUser) {
  const setup = await callEndpoint(ctx.app, ROUTES.twoFactorSetup, {
    body: { currentPassword: member.password },
    token: member.token,
  });
  expect(setup.statusCode).toBe(200);
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(setup.json().secret),
  });
  const codeAt = (ms: number) => totp.generate({ timestamp: ms });
  const enable = await callEndpoint(ctx.app, ROUTES.twoFactorEnable, {
    body: { code: codeAt(ctx.clock.now().getTime()) },
    token: member.token,
  });
  expect(enable.statusCode).toBe(200);
  return { codeAt, recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function moderationMember(app: App, token: string, member: BuiltUser) {
  const res = await callEndpoint(app, ROUTES.moderationMembers, {
    query: { q: member.user.email },
    token,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as ModerationMember[]).find((m) => m._id === member.user.id);
}

async function countRows(ctx: TestContext, table: 'users' | 'posts' | 'comments' | 'reactions') {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every socket a test opened, closed after it. */
const sockets: LiveClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

describe("deleting one's own account", () => {
  const ctx = useTestApp();

  it('a wrong or missing password is refused with its sentence, and nothing changes', async () => {
    const member = await buildUser(ctx, { first_name: 'Wilma', last_name: 'Stays' });
    const other = await buildUser(ctx);

    expectRefused(
      await deleteAccount(ctx.app, member.token, { currentPassword: 'not-the-password1' }),
      400,
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
    expectRefused(
      await deleteAccount(ctx.app, member.token, { currentPassword: '' }),
      400,
      ACCOUNT_MESSAGES.currentPasswordRequired,
    );
    expectRefused(
      await deleteAccount(ctx.app, member.token, {}),
      400,
      ACCOUNT_MESSAGES.currentPasswordRequired,
    );

    // Still signed in, still shown to others.
    expect((await feedPage(ctx.app, member.token)).posts).toEqual([]);
    expect((await getProfile(ctx.app, other.token, member.user.username)).ok).toBe(true);
    expect(await mailsTo(ctx.db, member.user.email)).toEqual([]);
  });

  it('moderators and admins are refused: an admin makes them a member first', async () => {
    const other = await buildUser(ctx);
    for (const role of ['moderator', 'admin'] as const) {
      const staff = await buildUser(ctx, { role });
      expectRefused(
        await deleteAccount(ctx.app, staff.token, { currentPassword: staff.password }),
        400,
        ACCOUNT_MESSAGES.staffCannotDelete,
      );
      expect((await feedPage(ctx.app, staff.token)).posts).toEqual([]);
      expect((await getProfile(ctx.app, other.token, staff.user.username)).ok).toBe(true);
    }
  });

  it('with two-factor sign-in on, a code is asked for and a wrong one refused; the right one deletes', async () => {
    const member = await buildUser(ctx);
    const { codeAt } = await turnOnTwoFactor(ctx, member);
    // The code of the step after the one that turned it on (each step is taken once).
    ctx.clock.advance(30_000);
    const now = ctx.clock.now().getTime();
    const right = codeAt(now);
    const valid = new Set([codeAt(now - 30_000), right, codeAt(now + 30_000)]);
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code));

    expectRefused(
      await deleteAccount(ctx.app, member.token, { currentPassword: member.password }),
      400,
      ACCOUNT_MESSAGES.twoFactorCodeRequired,
    );
    expectRefused(
      await deleteAccount(ctx.app, member.token, {
        currentPassword: member.password,
        code: wrong,
      }),
      400,
      ACCOUNT_MESSAGES.twoFactorCodeWrong,
    );
    // A right code with a wrong password spends nothing and deletes nothing.
    expectRefused(
      await deleteAccount(ctx.app, member.token, {
        currentPassword: 'not-the-password1',
        code: right,
      }),
      400,
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
    expect((await feedPage(ctx.app, member.token)).posts).toEqual([]);

    const res = await deleteAccount(ctx.app, member.token, {
      currentPassword: member.password,
      code: right,
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: { message: ACCOUNT_MESSAGES.accountDeleted },
    });
    expect((await callEndpoint(ctx.app, ROUTES.feed, { token: member.token })).statusCode).toBe(
      401,
    );
  });

  it('hides them from everyone at once: posts, comments, reactions (recounted), profile, search, friends lists, notifications', async () => {
    const world = await buildWorld(ctx);
    const { leaver, viewer, poster, leaverPost, posterPost, viewerPost } = world;
    // Every card the viewer reads is cached first.
    const before = await viewerReads(ctx.app, world);
    expect(before.feed.map((p) => p._id)).toEqual([viewerPost, posterPost, leaverPost]);
    expect(before.posterPost.commentCount).toBe(2);
    expect(before.reactions).toEqual({ total: 2, like: 1, love: 1 });
    expect(before.leaverProfile.ok).toBe(true);
    expect(before.search).toEqual([leaver.user.id]);
    expect(before.history).toEqual([leaver.user.id]);
    expect(before.friendsPage.friends.map((m) => m._id)).toEqual([leaver.user.id]);
    expect(before.ownFriends.count).toBe(1);

    await deleted(ctx.app, leaver);

    const during = await viewerReads(ctx.app, world);
    expect(during.feed.map((p) => p._id)).toEqual([viewerPost, posterPost]);
    const ownCard = during.feed.find((p) => p._id === viewerPost);
    expect(ownCard?.comments).toEqual([]);
    expect(ownCard?.commentCount).toBe(0);
    expect(ownCard?.reactions.total).toBe(0);
    expect(commentTexts(during.posterPost.comments)).toEqual(['From the viewer']);
    expect(during.posterPost.commentCount).toBe(1);
    expect(during.comments).toEqual(['From the viewer']);
    expect(during.reactions).toEqual({ total: 1, like: 1 });
    // Their post answers as one that does not exist; their profile as a name nobody has.
    expect(during.leaverPost).toBe(404);
    const hidden = await getPostRequest(ctx.app, viewer.token, leaverPost);
    expect(hidden.json()).toEqual({ message: POST_MESSAGES.notFound });
    const nobody = await profileRequest(ctx.app, viewer.token, 'nobodyhasthisname');
    expect(during.leaverProfile).toEqual(nobody.json());
    expect(during.leaverProfile).toEqual({ ok: false });
    expect(during.search).toEqual([]);
    expect(during.history).toEqual([]);
    expect(during.friendsPage.friends).toEqual([]);
    expect(during.ownFriends).toEqual({ friends: [], count: 0 });
    expect(during.notifications.filter(([, actor]) => actor === leaver.user.id)).toEqual([]);
    // The poster sees the same on their own post.
    expect(countsOf(await getReacts(ctx.app, poster.token, posterPost))).toEqual({
      total: 1,
      like: 1,
    });
  });

  it('logs them out everywhere at once: every token answers 401, every socket closes with 4401; the mail says until when a login keeps it', async () => {
    const leaver = await buildUser(ctx);
    const bystander = await buildUser(ctx);
    const second = await login(ctx.app, leaver.user.email, leaver.password);
    const tokens = [leaver.token, second.json().token as string];
    const url = await listenForLive(ctx.app);
    const theirs = [
      await LiveClient.ready(url, tokens[0]!),
      await LiveClient.ready(url, tokens[1]!),
    ];
    const other = await LiveClient.ready(url, bystander.token);
    sockets.push(...theirs, other);
    const askedAt = ctx.clock.now();

    await deleted(ctx.app, leaver);

    for (const socket of theirs) expect(await socket.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    for (const token of tokens) {
      const res = await callEndpoint(ctx.app, ROUTES.feed, { token });
      expect(res.statusCode).toBe(401);
      // A second request from a device still holding a token is refused as signed out.
      expectRefused(
        await deleteAccount(ctx.app, token, { currentPassword: leaver.password }),
        401,
        SERVER_MESSAGES.sessionExpired,
      );
    }
    other.send({ type: 'ping' });
    await other.next('pong');

    const mails = await mailsTo(ctx.db, leaver.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Hearth: your account is being deleted']);
    const purgeAt = new Date(askedAt.getTime() + ACCOUNT_DELETION_GRACE_MS);
    const day = purgeAt.toLocaleString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(mails[0]?.text_body).toContain(`Log in before ${day}`);
    expect(mails[0]?.text_body).toContain(ctx.config.appUrl);
  });

  it('logging in within 30 days keeps the account: everything shows again, counts included', async () => {
    const world = await buildWorld(ctx);
    const { leaver } = world;
    const before = await viewerReads(ctx.app, world);
    await deleted(ctx.app, leaver);
    ctx.clock.advance(29 * DAY_MS);
    // The others' sessions are a week old at most, as members who keep using the app.
    world.viewer.token = await sessionFor(ctx, world.viewer.user);
    world.poster.token = await sessionFor(ctx, world.poster.user);

    const scheduled = await deletionScheduled(ctx.app, leaver);
    const kept = await callEndpoint(ctx.app, ROUTES.cancelDeletion, {
      body: { ticket: scheduled.ticket },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ message: ACCOUNT_MESSAGES.deletionCancelled });
    expect((await feedPage(ctx.app, kept.json().token)).posts.length).toBeGreaterThan(0);

    expect(await viewerReads(ctx.app, world)).toEqual(before);
    // Nothing is purged later: the deletion is gone.
    ctx.clock.advance(2 * DAY_MS);
    await ctx.app.purges.runOnce();
    expect((await getProfile(ctx.app, world.poster.token, leaver.user.username)).ok).toBe(true);
  });

  it('moderators see them as an active member they cannot suspend (404, as a missing member); an admin may still delete the account, which purges it now', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const admin = await buildUser(ctx, { role: 'admin' });
    const leaver = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    const reported = await postOf(ctx.app, leaver, 'Cheap watches');
    await report(ctx.app, reporter.token, { target: { postId: reported }, reason: 'spam' });
    await deleted(ctx.app, leaver);

    expect(await moderationMember(ctx.app, moderator.token, leaver)).toMatchObject({
      status: 'active',
      suspension: null,
    });
    const record = await callEndpoint(ctx.app, ROUTES.memberRecord, {
      params: { userId: leaver.user.id },
      token: moderator.token,
    });
    expect(record.json().member).toMatchObject({ status: 'active', suspension: null });

    for (const route of [ROUTES.suspendMember, ROUTES.unsuspendMember]) {
      expectRefused(
        await callEndpoint(ctx.app, route, {
          params: { userId: leaver.user.id },
          body: { reason: 'Spam.' },
          token: moderator.token,
        }),
        404,
        SERVER_MESSAGES.notFound,
      );
    }
    // Nor through a report: it stays open for the admin.
    const [open] = (await queuePage(ctx.app, moderator.token)).reports;
    const bySuspending = await callEndpoint(ctx.app, ROUTES.resolveReport, {
      params: { reportId: open?._id ?? '' },
      body: { action: 'suspend', reason: 'Spam.' },
      token: moderator.token,
    });
    expectRefused(bySuspending, 404, SERVER_MESSAGES.notFound);
    // The deletion still stands: a login offers to keep the account, as before.
    await deletionScheduled(ctx.app, leaver);

    const gone = await callEndpoint(ctx.app, ROUTES.deleteMember, {
      params: { userId: leaver.user.id },
      body: { reason: 'Spam, and gone anyway.' },
      token: admin.token,
    });
    expect(gone.statusCode).toBe(200);
    expect(await countRows(ctx, 'posts')).toBe(0);
    expect(await moderationMember(ctx.app, moderator.token, leaver)).toBeUndefined();
    expect((await myReports(ctx.app, reporter.token))[0]).toMatchObject({
      status: 'resolved',
      outcome: 'delete',
    });
    const refused = await login(ctx.app, leaver.user.email, leaver.password);
    expectRefused(refused, 400, SERVER_MESSAGES.invalidCredentials);
  });

  it(`after ${ACCOUNT_DELETION_GRACE_MS / DAY_MS} days the purge deletes everything, files included; their reports are resolved; the address signs up again under a new username`, async () => {
    const form = signupForm({ first_name: 'Petra', last_name: 'Gone' });
    const signup = await register(ctx.app, form);
    expect(signup.statusCode).toBe(201);
    const { id, token, username } = signup.json() as {
      id: string;
      token: string;
      username: string;
    };
    expect(username).toBe('petragone');
    // Activated, so only the deletion's purge may take the account (not the unverified one's).
    await ctx.db.updateTable('users').set({ verified: 1 }).where('id', '=', id).execute();
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const leaver: BuiltUser = { user: row, password: form.password, token };
    const grace = await buildUser(ctx);
    const moderator = await buildUser(ctx, { role: 'moderator' });
    await befriend(ctx.app, grace, leaver);
    const photo = await uploadedUrl(ctx.app, token, `${username}/post_images`, await jpeg());
    const leaverPost = await postOf(ctx.app, leaver, 'Goodbye soon', [photo]);
    const gracePost = await postOf(ctx.app, grace, 'Garden party');
    await commentOf(ctx.app, leaver, gracePost, 'I will come');
    await reacted(ctx.app, leaver, gracePost, 'love');
    // Grace answered on the leaver's post with a photo of hers: it goes with that post.
    const graceReply = await uploadedUrl(
      ctx.app,
      grace.token,
      `${grace.user.username}/post_images/${leaverPost}`,
      await jpeg(),
    );
    await commentOf(ctx.app, grace, leaverPost, 'See you', graceReply);
    const kept = await uploadedUrl(
      ctx.app,
      grace.token,
      `${grace.user.username}/post_images`,
      await jpeg(),
    );
    await report(ctx.app, grace.token, { target: { postId: leaverPost }, reason: 'spam' });

    await deleted(ctx.app, leaver);
    // Hidden, not gone: the rows and the files stay while they may change their mind.
    ctx.clock.advance(ACCOUNT_DELETION_GRACE_MS - 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 0, files: 0 });
    expect(await countRows(ctx, 'users')).toBe(3);

    ctx.clock.advance(2 * 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 1, files: 2 });

    expect(await countRows(ctx, 'users')).toBe(2);
    expect(await countRows(ctx, 'posts')).toBe(1);
    expect(await countRows(ctx, 'comments')).toBe(0);
    expect(await countRows(ctx, 'reactions')).toBe(0);
    const friendships = await ctx.db.selectFrom('friendships').selectAll().execute();
    expect(friendships).toEqual([]);
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(sessions).toEqual([]);
    for (const url of [photo, graceReply]) {
      for (const file of [url, ...imageVariants(url).map((v) => v.url)]) {
        expect(await mediaStatus(ctx, file), file).toBe(404);
      }
    }
    expect(await mediaStatus(ctx, kept)).toBe(200);
    expect((await filesUnder(ctx)).every((file) => !file.startsWith(`${username}/`))).toBe(true);

    // The report is resolved as for a deletion, by the member, with a neutral reason.
    const graceToken = await sessionFor(ctx, grace.user);
    const [mine] = await myReports(ctx.app, graceToken);
    expect(mine).toMatchObject({ status: 'resolved', outcome: 'delete' });
    const modToken = await sessionFor(ctx, moderator.user);
    const resolved = await queuePage(ctx.app, modToken, { status: 'resolved' });
    expect(resolved.reports.map((r) => r.resolution)).toEqual([
      {
        action: 'delete',
        reason: DELETED_BY_MEMBER_REASON,
        by: 'Petra Gone',
        at: ctx.clock.now().toISOString(),
      },
    ]);

    // The address is free again (no block); the username is not.
    const again = await register(ctx.app, { ...form, email: form.email.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.json().username).toBe('petragone1');
    expect((await getPostRequest(ctx.app, again.json().token, leaverPost)).statusCode).toBe(404);
  });

  it('usernames of deleted accounts are never given again, numbered ones included: an admin deletion and the unverified-account purge retire them too', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const signUp = async () => {
      const res = await register(ctx.app, signupForm({ first_name: 'Ada', last_name: 'Lovelace' }));
      expect(res.statusCode).toBe(201);
      return res.json() as { id: string; username: string; token: string };
    };
    const first = await signUp();
    const second = await signUp();
    expect([first.username, second.username]).toEqual(['adalovelace', 'adalovelace1']);

    // An admin deletes the numbered one: the next is not given its number again.
    const gone = await callEndpoint(ctx.app, ROUTES.deleteMember, {
      params: { userId: second.id },
      body: { reason: 'Spam.' },
      token: admin.token,
    });
    expect(gone.statusCode).toBe(200);
    expect((await signUp()).username).toBe('adalovelace2');

    // The base one deletes their own account and is purged.
    const firstRow = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    // Verified, so only the deletion purge can take it.
    await ctx.db.updateTable('users').set({ verified: 1 }).where('id', '=', first.id).execute();
    await deleted(ctx.app, { user: firstRow, password: 'secret-pass1', token: first.token });
    ctx.clock.advance(ACCOUNT_DELETION_GRACE_MS + 60_000);
    // The third, never activated, goes with the unverified-account purge in the same run.
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 2 });
    const retired = await ctx.db
      .selectFrom('retired_usernames')
      .select('username')
      .orderBy('username')
      .execute();
    expect(retired.map((r) => r.username)).toEqual(['adalovelace', 'adalovelace1', 'adalovelace2']);
    // No member is left with the name: the base stays taken, and numbering goes on past them.
    expect(await countRows(ctx, 'users')).toBe(1);
    expect((await signUp()).username).toBe('adalovelace3');
  });
});
