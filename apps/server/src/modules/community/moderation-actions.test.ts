import {
  DEFAULT_SERVER_NAME,
  MODERATION_MESSAGES,
  type Notification,
  POST_MESSAGES,
  type Post,
  REPORTS_PAGE_SIZE,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { RedisBus } from '../../infra/bus/redis-bus.js';
import { auditLines } from '../../test-support/community-api.js';
import {
  type BuiltUser,
  buildComment,
  buildPost,
  buildUser,
  follow,
} from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { mailsTo } from '../../test-support/mail.js';
import {
  auditLogPage,
  myReports,
  queuePage,
  removeComment,
  removePost,
  report,
  resolveReport,
  warnMember,
} from '../../test-support/moderation-api.js';
import { notificationsOf, unreadCount } from '../../test-support/notifications-api.js';
import {
  comment,
  commentsRequest,
  commentTexts,
  feedPage,
  getPostRequest,
} from '../../test-support/posts-api.js';
import { useSecondServer } from '../../test-support/second-server.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { listedImages, uploadedUrl } from '../../test-support/uploads.js';
import { getProfile } from '../../test-support/users-api.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const nameOf = (member: BuiltUser) => `${member.user.first_name} ${member.user.last_name}`;

/** The member's notifications of one type. */
async function notificationsOfType(
  app: App,
  member: BuiltUser,
  type: Notification['type'],
): Promise<Notification[]> {
  return (await notificationsOf(app, member.token)).filter((n) => n.type === type);
}

/** The one card of the post in the member's feed, or undefined. */
async function cardInFeed(app: App, member: BuiltUser, postId: string): Promise<Post | undefined> {
  return (await feedPage(app, member.token)).posts.find((p) => p._id === postId);
}

async function postPage(app: App, member: BuiltUser, postId: string): Promise<Post> {
  const res = await getPostRequest(app, member.token, postId);
  if (res.statusCode !== 200) throw new Error(`getPost: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function commentsOf(app: App, member: BuiltUser, postId: string): Promise<string[]> {
  const res = await commentsRequest(app, member.token, postId);
  if (res.statusCode !== 200) throw new Error(`comments: ${res.statusCode} ${res.body}`);
  return commentTexts(res.json());
}

async function block(ctx: TestContext, blocker: BuiltUser, blocked: BuiltUser): Promise<void> {
  const res = await callEndpoint(ctx.app, ROUTES.block, {
    params: { id: blocked.user.id },
    token: blocker.token,
  });
  expect(res.statusCode).toBe(200);
}

describe('removing a post', () => {
  const ctx = useTestApp();

  it('is gone for everyone at once, its author included; the author is told why by notification and mail', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const follower = await buildUser(ctx);
    await follow(ctx, follower, author);
    const post = await buildPost(ctx, author, { text: 'Something awful' });
    const kept = await buildPost(ctx, author, { text: 'Something fine' });
    // Every viewer's card is cached before the removal.
    for (const viewer of [author, follower]) {
      expect(await cardInFeed(ctx.app, viewer, post.id)).toBeDefined();
      expect((await postPage(ctx.app, viewer, post.id))._id).toBe(post.id);
    }

    const res = await removePost(ctx.app, moderator.token, post.id, 'Breaks rule 2: no threats.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('ok');

    for (const viewer of [author, follower, moderator]) {
      expect(await cardInFeed(ctx.app, viewer, post.id)).toBeUndefined();
      const page = await getPostRequest(ctx.app, viewer.token, post.id);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ message: POST_MESSAGES.notFound });
      const profile = await getProfile(ctx.app, viewer.token, author.user.username);
      expect(profile.posts.map((p) => p._id)).toEqual([kept.id]);
    }
    // Nothing more can be done to it.
    const react = await callEndpoint(ctx.app, ROUTES.react, {
      body: { postId: post.id, react: 'like' },
      token: follower.token,
    });
    expect(react.statusCode).toBe(404);

    const [notification] = await notificationsOfType(ctx.app, author, 'postRemoved');
    expect(notification).toMatchObject({
      type: 'postRemoved',
      actor: { _id: author.user.id },
      post: null,
      note: 'Breaks rule 2: no threats.',
      read: false,
    });
    expect(await unreadCount(ctx.app, author.token)).toBe(1);
    const [mail] = await mailsTo(ctx.db, author.user.email);
    expect(mail?.subject).toBe(`${DEFAULT_SERVER_NAME}: your post was removed`);
    expect(mail?.text_body).toContain('Breaks rule 2: no threats.');
    // The moderator stays anonymous.
    expect(mail?.text_body).not.toContain(moderator.user.first_name);
    expect(JSON.stringify(notification)).not.toContain(moderator.user.id);

    const [line] = await auditLines(ctx.db);
    expect(line).toMatchObject({
      actor_id: moderator.user.id,
      actor_name: nameOf(moderator),
      action: 'post.remove',
      target_id: author.user.id,
      target_name: nameOf(author),
      details: { reason: 'Breaks rule 2: no threats.', postId: post.id },
    });

    const again = await removePost(ctx.app, moderator.token, post.id, 'Again.');
    expect(again.statusCode).toBe(404);
    const missing = await removePost(ctx.app, moderator.token, crypto.randomUUID(), 'Nothing.');
    expect(missing.statusCode).toBe(404);
    expect(await auditLines(ctx.db)).toHaveLength(1);
  });

  it("resolves the post's open reports with `remove`; the queue shows it removed", async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const [first, second] = [await buildUser(ctx), await buildUser(ctx)];
    const post = await buildPost(ctx, author, { text: 'Spam spam spam' });
    await report(ctx.app, first.token, { target: { postId: post.id }, reason: 'spam' });
    await report(ctx.app, second.token, { target: { postId: post.id }, reason: 'other' });

    expect((await removePost(ctx.app, moderator.token, post.id, 'Spam.')).statusCode).toBe(200);
    for (const reporter of [first, second]) {
      const [mine] = await myReports(ctx.app, reporter.token);
      expect(mine).toMatchObject({ status: 'resolved', outcome: 'remove' });
    }
    expect((await queuePage(ctx.app, moderator.token)).reports).toEqual([]);
    const { reports } = await queuePage(ctx.app, moderator.token, { status: 'resolved' });
    expect(reports.map((r) => r.content)).toEqual([
      expect.objectContaining({ text: 'Spam spam spam', removed: true, trashed: false }),
      expect.objectContaining({ text: 'Spam spam spam', removed: true, trashed: false }),
    ]);
    expect(reports[0]?.resolution).toMatchObject({ action: 'remove', reason: 'Spam.' });
    // The author's record now holds the removal.
    expect(reports[0]?.history.actions).toEqual([
      { action: 'post.remove', reason: 'Spam.', at: ctx.clock.now().toISOString() },
    ]);
  });

  it('needs a reason; members get 404', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const member = await buildUser(ctx);
    const post = await buildPost(ctx, member);
    const noReason = await callEndpoint(ctx.app, ROUTES.removePost, {
      params: { postId: post.id },
      rawBody: { reason: '   ' },
      token: moderator.token,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: MODERATION_MESSAGES.actionReasonRequired });
    const tooLong = await removePost(ctx.app, moderator.token, post.id, 'x'.repeat(1001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: MODERATION_MESSAGES.actionReasonMax });
    const asMember = await removePost(ctx.app, member.token, post.id, 'Mine to remove?');
    expect(asMember.statusCode).toBe(404);
    expect(asMember.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    expect((await postPage(ctx.app, member, post.id))._id).toBe(post.id);
  });
});

describe('removing a comment', () => {
  const ctx = useTestApp();

  it("is gone for every viewer: the comments page, the card's newest comments and its count", async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const troll = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const other = await buildUser(ctx);
    // `choosy` blocked `other`: their cards are built for them alone.
    const choosy = await buildUser(ctx);
    await block(ctx, choosy, other);
    for (const viewer of [troll, friend, choosy]) await follow(ctx, viewer, author);
    const post = await buildPost(ctx, author);
    await comment(ctx.app, friend.token, { postId: post.id, comment: 'Lovely' });
    const bad = await comment(ctx.app, troll.token, { postId: post.id, comment: 'Awful words' });
    const badId: string = bad.json()[0]._id;
    await buildComment(ctx, post, other, { comment: 'From other' });

    const everyone = [author, troll, friend, choosy];
    const before = async (viewer: BuiltUser) =>
      (await postPage(ctx.app, viewer, post.id)).commentCount;
    expect(await Promise.all(everyone.map(before))).toEqual([3, 3, 3, 2]);
    // The cards are cached.
    for (const viewer of [author, troll, friend]) {
      expect((await cardInFeed(ctx.app, viewer, post.id))?.commentCount).toBe(3);
    }
    expect(await notificationsOfType(ctx.app, author, 'comment')).toHaveLength(2);

    const res = await removeComment(ctx.app, moderator.token, badId, 'Insults.');
    expect(res.statusCode).toBe(200);

    for (const viewer of everyone) {
      const expected = viewer === choosy ? ['Lovely'] : ['From other', 'Lovely'];
      expect(await commentsOf(ctx.app, viewer, post.id), nameOf(viewer)).toEqual(expected);
      const page = await postPage(ctx.app, viewer, post.id);
      expect(commentTexts(page.comments), nameOf(viewer)).toEqual(expected);
      expect(page.commentCount, nameOf(viewer)).toBe(expected.length);
      const card = await cardInFeed(ctx.app, viewer, post.id);
      expect(commentTexts(card?.comments ?? []), nameOf(viewer)).toEqual(expected);
      expect(card?.commentCount, nameOf(viewer)).toBe(expected.length);
      const profile = await getProfile(ctx.app, viewer.token, author.user.username);
      expect(profile.posts[0]?.commentCount, nameOf(viewer)).toBe(expected.length);
    }
    // The author's notification of the comment went with it.
    const comments = await notificationsOfType(ctx.app, author, 'comment');
    expect(comments.map((n) => n.actor._id)).toEqual([friend.user.id]);

    const [told] = await notificationsOfType(ctx.app, troll, 'commentRemoved');
    expect(told).toMatchObject({ actor: { _id: troll.user.id }, post: null, note: 'Insults.' });
    const [mail] = await mailsTo(ctx.db, troll.user.email);
    expect(mail?.subject).toBe(`${DEFAULT_SERVER_NAME}: your comment was removed`);
    expect(mail?.text_body).toContain('Insults.');
    const [line] = await auditLines(ctx.db);
    expect(line).toMatchObject({
      action: 'comment.remove',
      target_id: troll.user.id,
      details: { reason: 'Insults.', commentId: badId },
    });

    // A new comment's live count leaves it out too.
    const after = await comment(ctx.app, friend.token, { postId: post.id, comment: 'Still here' });
    expect(commentTexts(after.json())).toEqual(['Still here', 'From other', 'Lovely']);
    expect((await postPage(ctx.app, author, post.id)).commentCount).toBe(3);

    expect((await removeComment(ctx.app, moderator.token, badId, 'Again.')).statusCode).toBe(404);
  });

  it("its image is no longer served nor listed, as a trashed post's photos", async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const troll = await buildUser(ctx);
    const other = await buildUser(ctx);
    const post = await buildPost(ctx, other);
    const photo = await uploadedUrl(
      ctx.app,
      troll.token,
      `${troll.user.username}/post_images/${post.id}`,
      await jpeg(),
    );
    const res = await comment(ctx.app, troll.token, { postId: post.id, comment: '', image: photo });
    const commentId: string = res.json()[0]._id;
    expect((await ctx.app.inject({ url: photo })).statusCode).toBe(200);
    expect((await listedImages(ctx.app, troll.user.username, other.token)).urls).toEqual([photo]);

    expect((await removeComment(ctx.app, moderator.token, commentId, 'Gross.')).statusCode).toBe(
      200,
    );
    const served = await ctx.app.inject({ url: photo });
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    expect(await listedImages(ctx.app, troll.user.username, other.token)).toEqual({
      urls: [],
      total: 0,
    });
  });

  it('a comment cannot be reported once removed; its reports are resolved with `remove`', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    const late = await buildUser(ctx);
    const post = await buildPost(ctx, reporter);
    const commentId = await buildComment(ctx, post, author, { comment: 'Rude' });
    const made = await report(ctx.app, reporter.token, {
      target: { commentId },
      reason: 'harassment',
    });

    const res = await resolveReport(ctx.app, moderator.token, made._id, {
      action: 'remove',
      reason: 'Rude to members.',
    });
    expect(res.statusCode).toBe(200);
    expect(await commentsOf(ctx.app, reporter, post.id)).toEqual([]);
    const [mine] = await myReports(ctx.app, reporter.token);
    expect(mine).toMatchObject({ status: 'resolved', outcome: 'remove' });
    const [told] = await notificationsOfType(ctx.app, author, 'commentRemoved');
    expect(told?.note).toBe('Rude to members.');
    const { reports } = await queuePage(ctx.app, moderator.token, { status: 'resolved' });
    expect(reports[0]?.content).toMatchObject({ text: 'Rude', removed: true, trashed: false });
    const lines = await auditLines(ctx.db);
    expect(lines.map((l) => [l.action, l.target_id, l.details])).toEqual([
      [
        'report.remove',
        author.user.id,
        { reason: 'Rude to members.', commentId, reportId: made._id },
      ],
    ]);

    const reportLate = await callEndpoint(ctx.app, ROUTES.report, {
      body: { target: { commentId }, reason: 'spam' },
      token: late.token,
    });
    expect(reportLate.statusCode).toBe(404);
  });
});

describe('acting on a report', () => {
  const ctx = useTestApp();

  it('dismiss: the report is resolved, nobody is told, the log says so', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const made = await report(ctx.app, reporter.token, {
      target: { postId: post.id },
      reason: 'spam',
    });
    const res = await resolveReport(ctx.app, moderator.token, made._id, {
      action: 'dismiss',
      reason: 'A joke, not spam.',
    });
    expect(res.statusCode).toBe(200);
    expect((await postPage(ctx.app, reporter, post.id))._id).toBe(post.id);
    expect(await notificationsOf(ctx.app, author.token)).toEqual([]);
    expect(await mailsTo(ctx.db, author.user.email)).toEqual([]);
    const [mine] = await myReports(ctx.app, reporter.token);
    expect(mine).toMatchObject({ status: 'resolved', outcome: 'dismiss' });
    // Who decided is not said to the reporter.
    expect(JSON.stringify(mine)).not.toContain(moderator.user.first_name);
    const [line] = await auditLines(ctx.db);
    expect(line).toMatchObject({
      action: 'report.dismiss',
      target_id: author.user.id,
      details: { reason: 'A joke, not spam.', postId: post.id, reportId: made._id },
    });
  });

  it('a resolved report is 409, an unknown one 404, `remove` on a member report 400', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const member = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    const post = await buildPost(ctx, member);
    const onPost = await report(ctx.app, reporter.token, {
      target: { postId: post.id },
      reason: 'spam',
    });
    const onMember = await report(ctx.app, reporter.token, {
      target: { userId: member.user.id },
      reason: 'spam',
    });

    expect(
      (await resolveReport(ctx.app, moderator.token, onPost._id, { action: 'dismiss' })).statusCode,
    ).toBe(200);
    for (const body of [{ action: 'dismiss' }, { action: 'remove', reason: 'Now then.' }]) {
      const twice = await resolveReport(ctx.app, moderator.token, onPost._id, body);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: MODERATION_MESSAGES.reportResolved });
    }
    // The post stays: the second decision changed nothing.
    expect((await postPage(ctx.app, reporter, post.id))._id).toBe(post.id);

    const unknown = await resolveReport(ctx.app, moderator.token, crypto.randomUUID(), {
      action: 'dismiss',
    });
    expect(unknown.statusCode).toBe(404);

    const nothing = await resolveReport(ctx.app, moderator.token, onMember._id, {
      action: 'remove',
      reason: 'Go away.',
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ message: MODERATION_MESSAGES.nothingToRemove });
    const noReason = await resolveReport(ctx.app, moderator.token, onMember._id, {
      action: 'warn',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: MODERATION_MESSAGES.actionReasonRequired });
    // `delete` is how a report can end (an admin deleted the account), but it is its own
    // call, admins' only: resolving a report with it is refused like an action that is none.
    for (const action of ['delete', 'ban']) {
      const badAction = await resolveReport(ctx.app, moderator.token, onMember._id, {
        action,
        reason: 'x',
      });
      expect(badAction.statusCode, action).toBe(400);
      expect(badAction.json(), action).toEqual({ message: MODERATION_MESSAGES.action });
    }
    expect((await queuePage(ctx.app, moderator.token)).reports.map((r) => r._id)).toEqual([
      onMember._id,
    ]);
    expect((await auditLines(ctx.db)).map((l) => l.action)).toEqual(['report.dismiss']);
  });

  it('warn: the member is told why by notification and mail; every open report of them is resolved', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const member = await buildUser(ctx);
    const [first, second] = [await buildUser(ctx), await buildUser(ctx)];
    const made = await report(ctx.app, first.token, {
      target: { userId: member.user.id },
      reason: 'harassment',
    });
    await report(ctx.app, second.token, { target: { userId: member.user.id }, reason: 'hate' });

    const res = await resolveReport(ctx.app, moderator.token, made._id, {
      action: 'warn',
      reason: 'Be kind to others.',
    });
    expect(res.statusCode).toBe(200);
    for (const reporter of [first, second]) {
      expect((await myReports(ctx.app, reporter.token))[0]).toMatchObject({
        status: 'resolved',
        outcome: 'warn',
      });
    }
    const [warning] = await notificationsOfType(ctx.app, member, 'warning');
    expect(warning).toMatchObject({
      actor: { _id: member.user.id },
      post: null,
      note: 'Be kind to others.',
    });
    const [mail] = await mailsTo(ctx.db, member.user.email);
    expect(mail?.subject).toBe(`${DEFAULT_SERVER_NAME}: a warning from the moderators`);
    expect(mail?.text_body).toContain('Be kind to others.');
    const [line] = await auditLines(ctx.db);
    expect(line).toMatchObject({
      action: 'report.warn',
      target_id: member.user.id,
      details: { reason: 'Be kind to others.', reportId: made._id },
    });
  });
});

describe('warning a member directly', () => {
  const ctx = useTestApp();

  it('tells them why; unknown members and applicants are 404', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const member = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    await report(ctx.app, reporter.token, { target: { userId: member.user.id }, reason: 'spam' });
    const res = await warnMember(ctx.app, admin.token, member.user.id, 'Stop posting ads.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('ok');
    const [warning] = await notificationsOfType(ctx.app, member, 'warning');
    expect(warning?.note).toBe('Stop posting ads.');
    expect((await mailsTo(ctx.db, member.user.email))[0]?.text_body).toContain('Stop posting ads.');
    expect((await myReports(ctx.app, reporter.token))[0]).toMatchObject({ outcome: 'warn' });
    const [line] = await auditLines(ctx.db);
    expect(line).toMatchObject({
      actor_id: admin.user.id,
      action: 'member.warn',
      target_id: member.user.id,
      target_name: nameOf(member),
      details: { reason: 'Stop posting ads.' },
    });

    const applicant = await buildUser(ctx, { pending: 1 });
    for (const id of [applicant.user.id, crypto.randomUUID()]) {
      const missing = await warnMember(ctx.app, admin.token, id, 'Who?');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    }
    expect(await auditLines(ctx.db)).toHaveLength(1);
  });
});

describe('the audit log', () => {
  const ctx = useTestApp();

  it('lists every action newest first, a page at a time, with who, what, on whom and why', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const member = await buildUser(ctx);
    for (let i = 1; i <= REPORTS_PAGE_SIZE + 2; i++) {
      ctx.clock.advance(1_000);
      const res = await warnMember(ctx.app, admin.token, member.user.id, `Warning ${i}`);
      expect(res.statusCode).toBe(200);
    }
    const first = await auditLogPage(ctx.app, admin.token);
    expect(first.entries).toHaveLength(REPORTS_PAGE_SIZE);
    expect(first.entries[0]).toEqual({
      _id: expect.any(String),
      actor: { _id: admin.user.id, name: nameOf(admin) },
      action: 'member.warn',
      target: { _id: member.user.id, name: nameOf(member) },
      details: { reason: `Warning ${REPORTS_PAGE_SIZE + 2}` },
      createdAt: ctx.clock.now().toISOString(),
    });
    expect(first.nextCursor).toBeDefined();
    const second = await auditLogPage(ctx.app, admin.token, first.nextCursor);
    expect(second.entries.map((e) => e.details.reason)).toEqual(['Warning 2', 'Warning 1']);
    expect(second.nextCursor).toBeUndefined();
  });
});

// Two servers sharing one database and one Redis, each with its own card cache.
describe('a removal made through one process', () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });
  const startServer = useSecondServer(ctx);

  it("drops the cards the other process holds: the comment and the post are gone from A's answers", async () => {
    const b = await startServer();
    for (const server of [ctx.app, b]) await (server.bus as RedisBus).ready();
    expect(b.bus).toBeInstanceOf(RedisBus);
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const troll = await buildUser(ctx);
    await follow(ctx, troll, author);
    const post = await buildPost(ctx, author);
    const commentId = await buildComment(ctx, post, troll, { comment: 'Awful' });
    // A holds the card.
    expect((await cardInFeed(ctx.app, author, post.id))?.commentCount).toBe(1);
    expect((await postPage(ctx.app, troll, post.id)).comments).toHaveLength(1);

    expect((await removeComment(b, moderator.token, commentId, 'Insults.')).statusCode).toBe(200);
    await expect
      .poll(async () => (await postPage(ctx.app, troll, post.id)).commentCount, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(0);
    expect((await cardInFeed(ctx.app, author, post.id))?.comments).toEqual([]);

    expect((await removePost(b, moderator.token, post.id, 'Gone.')).statusCode).toBe(200);
    // A keeps the author's first page (feed-head-cache.ts) until B's event drops it.
    await expect
      .poll(async () => cardInFeed(ctx.app, author, post.id), { timeout: 1_000, interval: 20 })
      .toBeUndefined();
    expect((await getPostRequest(ctx.app, troll.token, post.id)).statusCode).toBe(404);
  });
});
