import {
  API_PREFIX,
  DEFAULT_SERVER_NAME,
  LIVE_CLOSE_CODES,
  MODERATION_MESSAGES,
  POST_MESSAGES,
  type Post,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { RedisBus } from '../../infra/bus/redis-bus.js';
import { auditLines, login } from '../../test-support/community-api.js';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { mailsTo } from '../../test-support/mail.js';
import { countsOf, worldAround } from '../../test-support/member-world.js';
import { myReports, queuePage, report, resolveReport } from '../../test-support/moderation-api.js';
import { notificationsOf, unreadCount } from '../../test-support/notifications-api.js';
import {
  commentsRequest,
  commentTexts,
  feedPage,
  feedRequest,
  getPostRequest,
  getReacts,
} from '../../test-support/posts-api.js';
import { useSecondServer } from '../../test-support/second-server.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import {
  friendsPage,
  getProfile,
  profileRequest,
  search,
  searchHistory,
} from '../../test-support/users-api.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const nameOf = (member: BuiltUser) => `${member.user.first_name} ${member.user.last_name}`;

function suspendMember(app: App, token: string, userId: string, reason: unknown) {
  return callEndpoint(app, ROUTES.suspendMember, {
    params: { userId },
    rawBody: { reason },
    token,
  });
}

function unsuspendMember(app: App, token: string, userId: string, reason: unknown) {
  return callEndpoint(app, ROUTES.unsuspendMember, {
    params: { userId },
    rawBody: { reason },
    token,
  });
}

function expectOk(res: LightMyRequestResponse): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: 'ok' });
}

async function postPage(app: App, member: BuiltUser, postId: string): Promise<Post> {
  const res = await getPostRequest(app, member.token, postId);
  if (res.statusCode !== 200) throw new Error(`getPost: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A moderator, and the suspect S in the small world of `worldAround`. */
async function buildWorld(ctx: TestContext) {
  const moderator = await buildUser(ctx, { role: 'moderator' });
  const suspect = await buildUser(ctx, { first_name: 'Suspecta', last_name: 'Quill' });
  const { memberPost, memberComment, ...world } = await worldAround(ctx, suspect, {
    called: 'suspect',
  });
  return { moderator, suspect, ...world, suspectPost: memberPost, suspectComment: memberComment };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

/** Everything the viewer reads that the suspect could show up in. */
async function viewerReads(app: App, world: World) {
  const { viewer, suspect, posterPost } = world;
  const token = viewer.token;
  const comments = await commentsRequest(app, token, posterPost);
  const ownProfile = await getProfile(app, token, viewer.user.username);
  return {
    feed: (await feedPage(app, token, 'limit=50')).posts,
    posterPost: await postPage(app, viewer, posterPost),
    comments: commentTexts(comments.json()),
    reactions: await getReacts(app, token, posterPost),
    suspectProfile: (await profileRequest(app, token, suspect.user.username)).json(),
    search: await search(app, token, 'suspecta'),
    history: await searchHistory(app, token),
    friendsPage: await friendsPage(app, token),
    ownFriends: { friends: ownProfile.friends, count: ownProfile.friendsCount },
    notifications: await notificationsOf(app, token),
    unread: await unreadCount(app, token),
  };
}

describe('suspending a member', () => {
  const ctx = useTestApp();

  it('hides everything they made from a third member at once; lifting it restores all of it exactly', async () => {
    const world = await buildWorld(ctx);
    const { moderator, suspect, viewer, suspectPost, posterPost, viewerPost } = world;
    // Every card the viewer reads is cached first.
    const before = await viewerReads(ctx.app, world);
    expect(before.feed.map((p) => p._id)).toEqual([viewerPost, posterPost, suspectPost]);
    expect(before.posterPost.commentCount).toBe(2);
    expect(before.reactions.total).toBe(2);
    expect(before.suspectProfile.ok).toBe(true);
    expect(before.search.map((m) => m._id)).toEqual([suspect.user.id]);
    expect(before.friendsPage.friends.map((m) => m._id)).toEqual([suspect.user.id]);
    expect(before.ownFriends.count).toBe(1);
    // Their reaction and comment on the viewer's post, and their acceptance of the request.
    const fromSuspect = before.notifications.filter((n) => n.actor._id === suspect.user.id);
    expect(fromSuspect.map((n) => n.type).sort()).toEqual(['comment', 'friendAccepted', 'react']);
    expect(before.unread).toBe(3);

    const res = await suspendMember(ctx.app, moderator.token, suspect.user.id, 'Spam, again.');
    expectOk(res);

    const during = await viewerReads(ctx.app, world);
    // Their post is gone from the feed; the poster's card lost their comment and reaction.
    expect(during.feed.map((p) => p._id)).toEqual([viewerPost, posterPost]);
    const card = during.feed.find((p) => p._id === posterPost);
    expect(commentTexts(card?.comments ?? [])).toEqual(['From the viewer']);
    expect(card?.commentCount).toBe(1);
    expect(card && countsOf(card.reactions)).toEqual({ total: 1, like: 1 });
    const ownCard = during.feed.find((p) => p._id === viewerPost);
    expect(ownCard?.comments).toEqual([]);
    expect(ownCard?.commentCount).toBe(0);
    expect(ownCard?.reactions.total).toBe(0);
    expect(during.posterPost.commentCount).toBe(1);
    expect(commentTexts(during.posterPost.comments)).toEqual(['From the viewer']);
    expect(during.comments).toEqual(['From the viewer']);
    expect(countsOf(during.reactions)).toEqual({ total: 1, like: 1 });
    // The profile answers as for a name nobody has; the post as a post that does not exist.
    const nobody = await profileRequest(ctx.app, viewer.token, 'nobodyhasthisname');
    expect(during.suspectProfile).toEqual(nobody.json());
    expect(during.suspectProfile.ok).toBe(false);
    const hiddenPost = await getPostRequest(ctx.app, viewer.token, suspectPost);
    expect(hiddenPost.statusCode).toBe(404);
    expect(hiddenPost.json()).toEqual({ message: POST_MESSAGES.notFound });
    expect(during.search).toEqual([]);
    expect(during.history).toEqual([]);
    expect(during.notifications.filter((n) => n.actor._id === suspect.user.id)).toEqual([]);
    expect(during.unread).toBe(0);
    // The poster sees the same: nothing of theirs on the post, nothing of theirs on the bell.
    const { poster } = world;
    expect(await getReacts(ctx.app, poster.token, posterPost)).toMatchObject({ total: 1 });
    expect(
      (await notificationsOf(ctx.app, poster.token)).filter((n) => n.actor._id === suspect.user.id),
    ).toEqual([]);
    // Moderators do not see it either outside the moderation area.
    expect((await getPostRequest(ctx.app, moderator.token, suspectPost)).statusCode).toBe(404);

    // Friends lists: the viewer's friends page, and the friends their profile shows and counts.
    expect(during.friendsPage.friends).toEqual([]);
    expect(during.ownFriends).toEqual({ friends: [], count: 0 });

    expectOk(await unsuspendMember(ctx.app, moderator.token, suspect.user.id, 'Appeal heard.'));
    const after = await viewerReads(ctx.app, world);
    expect(after).toEqual(before);
  });

  it('ends every session at once: their tokens answer 401, login 403 with the sentence', async () => {
    const { moderator, suspect } = await buildWorld(ctx);
    const second = await login(ctx.app, suspect.user.email, suspect.password);
    expect(second.statusCode).toBe(200);
    const tokens = [suspect.token, second.json().token as string];

    expectOk(await suspendMember(ctx.app, moderator.token, suspect.user.id, 'Harassment.'));

    for (const token of tokens) {
      const res = await feedRequest(ctx.app, token);
      expect(res.statusCode).toBe(401);
    }
    const refused = await login(ctx.app, suspect.user.email, suspect.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MODERATION_MESSAGES.accountSuspended });
    // A wrong password learns nothing of the suspension.
    const wrong = await login(ctx.app, suspect.user.email, 'not-the-password1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: SERVER_MESSAGES.invalidCredentials });

    expectOk(await unsuspendMember(ctx.app, moderator.token, suspect.user.id, 'Appeal heard.'));
    const back = await login(ctx.app, suspect.user.email, suspect.password);
    expect(back.statusCode).toBe(200);
    expect((await feedRequest(ctx.app, back.json().token)).statusCode).toBe(200);
    // The sessions ended by the suspension stay ended.
    for (const token of tokens) expect((await feedRequest(ctx.app, token)).statusCode).toBe(401);
  });

  it("closes every open socket of theirs with 4401; others' sockets go on", async () => {
    const { moderator, suspect, viewer } = await buildWorld(ctx);
    const url = await listenForLive(ctx.app);
    const second = await login(ctx.app, suspect.user.email, suspect.password);
    const sockets = [
      await LiveClient.ready(url, suspect.token),
      await LiveClient.ready(url, second.json().token),
    ];
    const bystander = await LiveClient.ready(url, viewer.token);
    try {
      expectOk(await suspendMember(ctx.app, moderator.token, suspect.user.id, 'Threats.'));
      for (const socket of sockets) {
        expect(await socket.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
        expect(socket.closeCode).toBe(4401);
      }
      bystander.send({ type: 'ping' });
      await bystander.next('pong');
      expect(bystander.closeCode).toBeUndefined();
      // Their old token opens no new socket either.
      const again = await LiveClient.open(url);
      again.send({ type: 'auth', token: suspect.token });
      expect(await again.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    } finally {
      for (const socket of [...sockets, bystander]) socket.close();
    }
  });

  it('tells them by mail, in the dev outbox: suspended with the reason, then restored', async () => {
    const { moderator, suspect } = await buildWorld(ctx);
    expectOk(await suspendMember(ctx.app, moderator.token, suspect.user.id, 'Repeated spam.'));
    await ctx.app.mailDelivery.idle();
    const outbox = async () =>
      (
        await ctx.app.inject({
          url: `/dev/mailbox?format=json&to=${encodeURIComponent(suspect.user.email)}`,
        })
      ).json() as Array<{ subject: string; text: string; status: string }>;
    const [suspended] = await outbox();
    expect(suspended).toMatchObject({
      subject: `${DEFAULT_SERVER_NAME}: your account is suspended`,
      status: 'sent',
    });
    expect(suspended?.text).toContain(`Your account on ${DEFAULT_SERVER_NAME} is suspended`);
    expect(suspended?.text).toContain('You cannot log in');
    expect(suspended?.text).toContain('Repeated spam.');
    // The moderator stays anonymous.
    expect(suspended?.text).not.toContain(moderator.user.first_name);

    expectOk(await unsuspendMember(ctx.app, moderator.token, suspect.user.id, 'Cleared.'));
    await ctx.app.mailDelivery.idle();
    const [restored] = await outbox();
    expect(restored).toMatchObject({
      subject: `${DEFAULT_SERVER_NAME}: your account is restored`,
      status: 'sent',
    });
    expect(restored?.text).toContain('You can log in again');
    expect(restored?.text).toContain('Cleared.');
    expect(await mailsTo(ctx.db, suspect.user.email)).toHaveLength(2);
  });

  it('writes the audit log: member.suspend and member.unsuspend, with who, whom and why', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const { moderator, suspect } = await buildWorld(ctx);
    expectOk(await suspendMember(ctx.app, moderator.token, suspect.user.id, 'Spam.'));
    expectOk(await unsuspendMember(ctx.app, admin.token, suspect.user.id, 'Appeal heard.'));
    const lines = await auditLines(ctx.db);
    expect(
      lines.map((l) => [l.actor_id, l.actor_name, l.action, l.target_id, l.target_name]),
    ).toEqual([
      [moderator.user.id, nameOf(moderator), 'member.suspend', suspect.user.id, nameOf(suspect)],
      [admin.user.id, nameOf(admin), 'member.unsuspend', suspect.user.id, nameOf(suspect)],
    ]);
    expect(lines.map((l) => l.details)).toEqual([{ reason: 'Spam.' }, { reason: 'Appeal heard.' }]);
    const log = await callEndpoint(ctx.app, ROUTES.moderationLog, { token: admin.token });
    expect((log.json() as Array<{ action: string }>).map((e) => e.action)).toEqual([
      'member.unsuspend',
      'member.suspend',
    ]);
  });

  it('resolves every open report naming them with `suspend`; reports of others stay open', async () => {
    const { moderator, suspect, poster, posterPost, suspectPost, suspectComment } =
      await buildWorld(ctx);
    const [first, second, third] = [
      await buildUser(ctx),
      await buildUser(ctx),
      await buildUser(ctx),
    ];
    await report(ctx.app, first.token, { target: { postId: suspectPost }, reason: 'spam' });
    await report(ctx.app, second.token, {
      target: { commentId: suspectComment },
      reason: 'harassment',
    });
    await report(ctx.app, third.token, { target: { userId: suspect.user.id }, reason: 'hate' });
    const other = await report(ctx.app, first.token, {
      target: { postId: posterPost },
      reason: 'other',
    });

    expectOk(await suspendMember(ctx.app, moderator.token, suspect.user.id, 'Spam everywhere.'));
    for (const reporter of [first, second, third]) {
      const mine = (await myReports(ctx.app, reporter.token)).filter((r) => r._id !== other._id);
      expect(mine).toEqual([expect.objectContaining({ status: 'resolved', outcome: 'suspend' })]);
    }
    const open = (await queuePage(ctx.app, moderator.token)).reports;
    expect(open.map((r) => r._id)).toEqual([other._id]);
    expect(open[0]?.member?._id).toBe(poster.user.id);
    const { reports } = await queuePage(ctx.app, moderator.token, { status: 'resolved' });
    expect(reports).toHaveLength(3);
    for (const resolved of reports) {
      expect(resolved.resolution).toMatchObject({ action: 'suspend', reason: 'Spam everywhere.' });
    }
    // A suspended member cannot be reported: they are hidden like a member who does not exist.
    const late = await callEndpoint(ctx.app, ROUTES.report, {
      body: { target: { userId: suspect.user.id }, reason: 'spam' },
      token: second.token,
    });
    expect(late.statusCode).toBe(404);
  });

  it('refuses staff, oneself, a second suspension; unknown members and applicants are 404', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const otherModerator = await buildUser(ctx, { role: 'moderator' });
    const member = await buildUser(ctx);
    const applicant = await buildUser(ctx, { pending: 1 });

    for (const [actor, target] of [
      [moderator, otherModerator],
      [moderator, admin],
      [admin, otherModerator],
    ] as const) {
      const res = await suspendMember(ctx.app, actor.token, target.user.id, 'No.');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MODERATION_MESSAGES.staffProtected });
    }
    for (const actor of [moderator, admin]) {
      const res = await suspendMember(ctx.app, actor.token, actor.user.id, 'Me.');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MODERATION_MESSAGES.notYourself });
    }
    for (const id of [crypto.randomUUID(), applicant.user.id]) {
      for (const call of [suspendMember, unsuspendMember]) {
        const res = await call(ctx.app, moderator.token, id, 'Who?');
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
      }
    }
    const noReason = await suspendMember(ctx.app, moderator.token, member.user.id, '   ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: MODERATION_MESSAGES.actionReasonRequired });
    const tooLong = await suspendMember(ctx.app, moderator.token, member.user.id, 'x'.repeat(1001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: MODERATION_MESSAGES.actionReasonMax });

    const notYet = await unsuspendMember(ctx.app, moderator.token, member.user.id, 'Early.');
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({ message: MODERATION_MESSAGES.notSuspended });
    expectOk(await suspendMember(ctx.app, moderator.token, member.user.id, 'Spam.'));
    const twice = await suspendMember(ctx.app, admin.token, member.user.id, 'Spam!');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: MODERATION_MESSAGES.alreadySuspended });
    expectOk(await unsuspendMember(ctx.app, admin.token, member.user.id, 'Fine now.'));
    const again = await unsuspendMember(ctx.app, moderator.token, member.user.id, 'Fine now.');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MODERATION_MESSAGES.notSuspended });
    // Staff can still log in; only the two real actions are in the log.
    expect(
      (await login(ctx.app, otherModerator.user.email, otherModerator.password)).statusCode,
    ).toBe(200);
    expect((await auditLines(ctx.db)).map((l) => l.action)).toEqual([
      'member.suspend',
      'member.unsuspend',
    ]);
  });

  it('members get the 404 of a path that does not exist, and nothing happens', async () => {
    const member = await buildUser(ctx);
    const target = await buildUser(ctx);
    const nowhere = await ctx.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/moderation/no-such-page`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    for (const call of [suspendMember, unsuspendMember]) {
      const res = await call(ctx.app, member.token, target.user.id, 'Go away.');
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: nowhere.statusCode,
        body: nowhere.json(),
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await login(ctx.app, target.user.email, target.password)).statusCode).toBe(200);
    expect(await auditLines(ctx.db)).toEqual([]);
  });
});

describe('resolving a report with `suspend`', () => {
  const ctx = useTestApp();

  it('suspends the reported member, resolves every open report naming them, logs report.suspend', async () => {
    const { moderator, suspect, viewer, suspectPost } = await buildWorld(ctx);
    const reporter = await buildUser(ctx);
    const other = await buildUser(ctx);
    const made = await report(ctx.app, reporter.token, {
      target: { postId: suspectPost },
      reason: 'spam',
    });
    await report(ctx.app, other.token, { target: { userId: suspect.user.id }, reason: 'hate' });

    const res = await resolveReport(ctx.app, moderator.token, made._id, {
      action: 'suspend',
      reason: 'Spam and hate.',
    });
    expectOk(res);
    const refused = await login(ctx.app, suspect.user.email, suspect.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MODERATION_MESSAGES.accountSuspended });
    expect((await feedRequest(ctx.app, suspect.token)).statusCode).toBe(401);
    expect((await getPostRequest(ctx.app, viewer.token, suspectPost)).statusCode).toBe(404);
    for (const who of [reporter, other]) {
      expect((await myReports(ctx.app, who.token))[0]).toMatchObject({
        status: 'resolved',
        outcome: 'suspend',
      });
    }
    expect((await queuePage(ctx.app, moderator.token)).reports).toEqual([]);
    const [mail] = await mailsTo(ctx.db, suspect.user.email);
    expect(mail?.subject).toBe(`${DEFAULT_SERVER_NAME}: your account is suspended`);
    expect(mail?.text_body).toContain('Spam and hate.');
    const lines = await auditLines(ctx.db);
    expect(lines.map((l) => [l.action, l.target_id, l.details])).toEqual([
      [
        'report.suspend',
        suspect.user.id,
        { reason: 'Spam and hate.', postId: suspectPost, reportId: made._id },
      ],
    ]);
    // The member's record in the queue holds the suspension.
    const { reports } = await queuePage(ctx.app, moderator.token, { status: 'resolved' });
    expect(reports[0]?.history.actions).toEqual([
      { action: 'report.suspend', reason: 'Spam and hate.', at: ctx.clock.now().toISOString() },
    ]);
    // Lifted, everything shows again.
    expectOk(await unsuspendMember(ctx.app, moderator.token, suspect.user.id, 'Appeal heard.'));
    expect((await postPage(ctx.app, viewer, suspectPost))._id).toBe(suspectPost);
  });

  it('refuses a reported moderator or admin (400) and leaves the report open', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const reporter = await buildUser(ctx);
    for (const role of ['moderator', 'admin'] as const) {
      const staff = await buildUser(ctx, { role });
      const made = await report(ctx.app, reporter.token, {
        target: { userId: staff.user.id },
        reason: 'harassment',
      });
      const res = await resolveReport(ctx.app, moderator.token, made._id, {
        action: 'suspend',
        reason: 'Rude.',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MODERATION_MESSAGES.staffProtected });
      expect((await myReports(ctx.app, reporter.token))[0]).toMatchObject({ status: 'open' });
      expect((await login(ctx.app, staff.user.email, staff.password)).statusCode).toBe(200);
    }
    expect(await auditLines(ctx.db)).toEqual([]);
  });

  it('needs a reason, as warn does', async () => {
    const { moderator, suspect } = await buildWorld(ctx);
    const reporter = await buildUser(ctx);
    const made = await report(ctx.app, reporter.token, {
      target: { userId: suspect.user.id },
      reason: 'spam',
    });
    const res = await resolveReport(ctx.app, moderator.token, made._id, { action: 'suspend' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MODERATION_MESSAGES.actionReasonRequired });
    expect((await login(ctx.app, suspect.user.email, suspect.password)).statusCode).toBe(200);
  });
});

// Two servers sharing one database and one Redis, each with its own card cache and sockets.
describe('a suspension made through one process', () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });
  const startServer = useSecondServer(ctx);

  it("closes the member's sockets on the other within a second; their content leaves its answers", async () => {
    const b = await startServer();
    for (const server of [ctx.app, b]) await (server.bus as RedisBus).ready();
    expect(b.bus).toBeInstanceOf(RedisBus);
    const world = await buildWorld(ctx);
    const { moderator, suspect, viewer, suspectPost, posterPost } = world;
    const socket = await LiveClient.ready(await listenForLive(ctx.app), suspect.token);
    try {
      // A holds the viewer's cards.
      const feed = (await feedPage(ctx.app, viewer.token)).posts;
      expect(feed.map((p) => p._id)).toContain(suspectPost);
      expect(feed.find((p) => p._id === posterPost)?.commentCount).toBe(2);

      expectOk(await suspendMember(b, moderator.token, suspect.user.id, 'Spam.'));
      expect(await socket.closed(1_000)).toBe(LIVE_CLOSE_CODES.unauthorized);
      await expect
        .poll(
          async () =>
            (await feedPage(ctx.app, viewer.token)).posts.find((p) => p._id === posterPost)
              ?.commentCount,
          { timeout: 1_000, interval: 20 },
        )
        .toBe(1);
      const after = (await feedPage(ctx.app, viewer.token)).posts;
      expect(after.map((p) => p._id)).not.toContain(suspectPost);
      expect(after.find((p) => p._id === posterPost)?.reactions.total).toBe(1);
      expect(await search(ctx.app, viewer.token, 'suspecta')).toEqual([]);
      expect((await feedRequest(ctx.app, suspect.token)).statusCode).toBe(401);
    } finally {
      socket.close();
    }
  });
});
