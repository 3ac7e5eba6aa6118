import {
  MODERATION_MESSAGES,
  POST_MESSAGES,
  REPORT_MESSAGES,
  REPORTS_PAGE_SIZE,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildComment, buildPost, buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import {
  moderationSummary,
  myReports,
  queuePage,
  queueRequest,
  report,
  reportRequest,
  resolveReport,
} from '../../test-support/moderation-api.js';
import { notificationsOf } from '../../test-support/notifications-api.js';
import { createPost, deletePost, editPost } from '../../test-support/posts-api.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { listedImages, uploadedUrl } from '../../test-support/uploads.js';
import { memberCard } from '../../test-support/users-api.js';

describe('reporting a post, a comment or a member', () => {
  const ctx = useTestApp();

  it('a member reports a post they see: 201 with the report as the Support Inbox shows it; staff are notified', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const admin = await buildUser(ctx, { role: 'admin' });
    const author = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    const post = await buildPost(ctx, author, { text: 'Buy cheap watches now' });

    const res = await reportRequest(ctx.app, reporter.token, {
      target: { postId: post.id },
      reason: 'spam',
      details: '  Third time today.  ',
    });
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({
      _id: expect.any(String),
      target: { type: 'post', _id: post.id, preview: 'Buy cheap watches now' },
      reason: 'spam',
      details: 'Third time today.',
      status: 'open',
      outcome: null,
      createdAt: ctx.clock.now().toISOString(),
      resolvedAt: null,
    });
    expect(await myReports(ctx.app, reporter.token)).toEqual([answer]);

    for (const staff of [moderator, admin]) {
      const [notification] = await notificationsOf(ctx.app, staff.token);
      expect(notification).toMatchObject({
        type: 'report',
        actor: { _id: reporter.user.id },
        post: null,
        note: null,
        read: false,
      });
    }
    // Members hear nothing of it; the reported author least of all.
    expect(await notificationsOf(ctx.app, author.token)).toEqual([]);
  });

  it('a comment and a member can be reported too', async () => {
    const author = await buildUser(ctx, { first_name: 'Mallory', last_name: 'Troll' });
    const reporter = await buildUser(ctx);
    const post = await buildPost(ctx, await buildUser(ctx));
    const commentId = await buildComment(ctx, post, author, { comment: 'You are all idiots' });

    const onComment = await report(ctx.app, reporter.token, {
      target: { commentId },
      reason: 'harassment',
    });
    expect(onComment.target).toEqual({
      type: 'comment',
      _id: commentId,
      preview: 'You are all idiots',
    });
    expect(onComment.details).toBe('');

    const onMember = await report(ctx.app, reporter.token, {
      target: { userId: author.user.id },
      reason: 'other',
      details: 'Says rude things everywhere.',
    });
    expect(onMember.target).toEqual({
      type: 'member',
      _id: author.user.id,
      preview: 'Mallory Troll',
    });
    expect((await myReports(ctx.app, reporter.token)).map((r) => r._id)).toEqual([
      onMember._id,
      onComment._id,
    ]);
  });

  it('what the reporter may not see is 404, as a missing one is', async () => {
    const reporter = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    const blocker = await buildUser(ctx);
    const block = await callEndpoint(ctx.app, ROUTES.block, {
      params: { id: reporter.user.id },
      token: blocker.token,
    });
    expect(block.statusCode).toBe(200);
    const applicant = await buildUser(ctx, { pending: 1 });

    const friendsOnly = await buildPost(ctx, stranger, { audience: 'friends' });
    const trashed = await buildPost(ctx, stranger, { deletedAt: ctx.clock.now().toISOString() });
    const byBlocker = await buildPost(ctx, blocker);
    const open = await buildPost(ctx, stranger);
    const onHiddenPost = await buildComment(ctx, friendsOnly, stranger);
    const fromBlocker = await buildComment(ctx, open, blocker);

    const hidden = [
      [{ postId: friendsOnly.id }, POST_MESSAGES.notFound],
      [{ postId: trashed.id }, POST_MESSAGES.notFound],
      [{ postId: byBlocker.id }, POST_MESSAGES.notFound],
      [{ postId: '0190a000-0000-7000-8000-00000000ffff' }, POST_MESSAGES.notFound],
      [{ commentId: onHiddenPost }, SERVER_MESSAGES.notFound],
      [{ commentId: fromBlocker }, SERVER_MESSAGES.notFound],
      [{ commentId: '0190a000-0000-7000-8000-00000000ffff' }, SERVER_MESSAGES.notFound],
      [{ userId: blocker.user.id }, SERVER_MESSAGES.notFound],
      [{ userId: applicant.user.id }, SERVER_MESSAGES.notFound],
      [{ userId: '0190a000-0000-7000-8000-00000000ffff' }, SERVER_MESSAGES.notFound],
    ] as const;
    for (const [target, message] of hidden) {
      const res = await reportRequest(ctx.app, reporter.token, { target, reason: 'spam' });
      expect(res.statusCode, JSON.stringify(target)).toBe(404);
      expect(res.json(), JSON.stringify(target)).toEqual({ message });
    }
    expect(await myReports(ctx.app, reporter.token)).toEqual([]);
    expect(await ctx.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it("one's own post, comment or profile is 400", async () => {
    const member = await buildUser(ctx);
    const post = await buildPost(ctx, member);
    const commentId = await buildComment(ctx, post, member);
    for (const target of [{ postId: post.id }, { commentId }, { userId: member.user.id }]) {
      const res = await reportRequest(ctx.app, member.token, { target, reason: 'spam' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: REPORT_MESSAGES.yourOwn });
    }
  });

  it('bad input is a clear 400', async () => {
    const member = await buildUser(ctx);
    const post = await buildPost(ctx, await buildUser(ctx));
    const cases: [unknown, string][] = [
      [{ target: { postId: post.id } }, REPORT_MESSAGES.reasonRequired],
      [{ target: { postId: post.id }, reason: 'boring' }, REPORT_MESSAGES.reasonRequired],
      [{ reason: 'spam' }, REPORT_MESSAGES.target],
      [{ target: {}, reason: 'spam' }, REPORT_MESSAGES.target],
      [
        { target: { postId: post.id, userId: member.user.id }, reason: 'spam' },
        REPORT_MESSAGES.target,
      ],
      [
        { target: { postId: post.id }, reason: 'spam', details: 'x'.repeat(1001) },
        REPORT_MESSAGES.detailsMax,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await reportRequest(ctx.app, member.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });

  it('a second open report of the same target is 409; once resolved, it may be reported again', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const reporter = await buildUser(ctx);
    const other = await buildUser(ctx);
    const post = await buildPost(ctx, await buildUser(ctx));

    const first = await report(ctx.app, reporter.token, {
      target: { postId: post.id },
      reason: 'spam',
    });
    const again = await reportRequest(ctx.app, reporter.token, {
      target: { postId: post.id },
      reason: 'hate',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REPORT_MESSAGES.alreadyReported });
    // Another member's report of the same post is their own.
    await report(ctx.app, other.token, { target: { postId: post.id }, reason: 'hate' });

    const dismissed = await resolveReport(ctx.app, moderator.token, first._id, {
      action: 'dismiss',
    });
    expect(dismissed.statusCode).toBe(200);
    const later = await reportRequest(ctx.app, reporter.token, {
      target: { postId: post.id },
      reason: 'violence',
    });
    expect(later.statusCode).toBe(201);
    const mine = await myReports(ctx.app, reporter.token);
    expect(mine.map((r) => [r.reason, r.status, r.outcome])).toEqual([
      ['violence', 'open', null],
      ['spam', 'resolved', 'dismiss'],
    ]);
    expect(mine[1]?.resolvedAt).toBe(ctx.clock.now().toISOString());
  });
});

describe('reports are limited per member', () => {
  const ctx = useTestApp({
    config: { limits: { reportsPerAccount: { max: 2, windowMs: 3_600_000 } } },
  });

  it('past the limit: 429, and nothing is stored', async () => {
    const reporter = await buildUser(ctx);
    const author = await buildUser(ctx);
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await buildPost(ctx, author));
    const answers = [];
    for (const post of posts) {
      answers.push(
        (
          await reportRequest(ctx.app, reporter.token, {
            target: { postId: post.id },
            reason: 'spam',
          })
        ).statusCode,
      );
    }
    expect(answers).toEqual([201, 201, 429]);
    expect(await ctx.db.selectFrom('reports').selectAll().execute()).toHaveLength(2);
  });
});

describe('the reports queue', () => {
  const ctx = useTestApp();

  /** A public post of `author`'s with one photo: the photo's address and the post's id. */
  async function publicPostWithPhoto(
    author: Awaited<ReturnType<typeof buildUser>>,
    text: string,
  ): Promise<{ photo: string; postId: string }> {
    const photo = await uploadedUrl(
      ctx.app,
      author.token,
      `${author.user.username}/post_images`,
      await jpeg(),
    );
    const created = await createPost(ctx.app, author.token, {
      type: null,
      text,
      background: null,
      images: [{ url: photo }],
      audience: 'public',
    });
    expect(created.statusCode).toBe(201);
    return { photo, postId: created.json()._id };
  }

  it('shows the report with its people and the content as reported, kept after the author edits or trashes it', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx, { first_name: 'Mallory', last_name: 'Troll' });
    const reporter = await buildUser(ctx, { first_name: 'Alice', last_name: 'Good' });
    const { photo, postId } = await publicPostWithPhoto(author, 'The original words');
    const reportedAt = ctx.clock.now().toISOString();
    const made = await report(ctx.app, reporter.token, {
      target: { postId },
      reason: 'false_information',
      details: 'Not true.',
    });

    ctx.clock.advance(60_000);
    expect(
      (await editPost(ctx.app, author.token, postId, { text: 'Softer words', images: null }))
        .statusCode,
    ).toBe(200);
    const { reports: afterEdit } = await queuePage(ctx.app, moderator.token);
    expect(afterEdit).toHaveLength(1);
    const [entry] = afterEdit;
    expect(entry).toEqual({
      _id: made._id,
      status: 'open',
      reason: 'false_information',
      details: 'Not true.',
      createdAt: reportedAt,
      reporter: memberCard(reporter),
      target: { type: 'post', _id: postId },
      member: memberCard(author),
      content: {
        text: 'The original words',
        background: '',
        images: [expect.stringMatching(/\?exp=\d+&sig=/)],
        createdAt: reportedAt,
        trashed: false,
        removed: false,
        edited: true,
      },
      messages: null,
      history: { earlierReports: 0, actions: [] },
      resolution: null,
    });
    // The moderator's address opens the photo as it was reported.
    expect(entry?.content?.images[0]?.startsWith(photo)).toBe(true);

    expect((await deletePost(ctx.app, author.token, postId)).statusCode).toBe(200);
    const { reports: afterTrash } = await queuePage(ctx.app, moderator.token);
    expect(afterTrash[0]?.content).toMatchObject({
      text: 'The original words',
      trashed: true,
      removed: false,
    });
    // The photo of the trashed post still opens for the moderator (signed by the queue), and
    // for no one else: unsigned it is hidden, and it is not in its owner's listing.
    const signed = afterTrash[0]?.content?.images[0] ?? '';
    const opened = await ctx.app.inject({ url: new URL(signed).pathname + new URL(signed).search });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    expect((await ctx.app.inject({ url: new URL(photo).pathname })).statusCode).toBe(404);
    const listing = await listedImages(ctx.app, author.user.username, author.token);
    expect(listing.urls.some((url) => url.startsWith(photo.split('?')[0] ?? photo))).toBe(false);
  });

  it('a reported photo opens for moderators while its author is suspended, and for no one else', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    const { photo, postId } = await publicPostWithPhoto(author, 'A picture of something nasty');
    const made = await report(ctx.app, reporter.token, { target: { postId }, reason: 'hate' });
    expect((await ctx.app.inject({ url: new URL(photo).pathname })).statusCode).toBe(200);

    expect(
      (
        await resolveReport(ctx.app, moderator.token, made._id, {
          action: 'suspend',
          reason: 'Hate.',
        })
      ).statusCode,
    ).toBe(200);
    // The post is hidden with its author: its unsigned address is refused now…
    expect((await ctx.app.inject({ url: new URL(photo).pathname })).statusCode).toBe(404);
    // …but the resolved report's photo opens for the moderator.
    const { reports } = await queuePage(ctx.app, moderator.token, { status: 'resolved' });
    const signed = reports[0]?.content?.images[0] ?? '';
    expect(signed).toMatch(/\?exp=\d+&sig=/);
    const opened = await ctx.app.inject({ url: new URL(signed).pathname + new URL(signed).search });
    expect(opened.statusCode).toBe(200);
  });

  it("a comment's report keeps its text; a member's has no content", async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    const post = await buildPost(ctx, reporter);
    const commentId = await buildComment(ctx, post, author, { comment: 'Nasty words' });
    await report(ctx.app, reporter.token, { target: { commentId }, reason: 'harassment' });
    await report(ctx.app, reporter.token, { target: { userId: author.user.id }, reason: 'hate' });

    const { reports } = await queuePage(ctx.app, moderator.token);
    expect(reports.map((r) => r.target)).toEqual([
      { type: 'comment', _id: commentId },
      { type: 'member', _id: author.user.id },
    ]);
    expect(reports[0]?.content).toEqual({
      text: 'Nasty words',
      background: '',
      images: [],
      createdAt: ctx.clock.now().toISOString(),
      trashed: false,
      removed: false,
      edited: false,
    });
    expect(reports[1]?.content).toBeNull();
    // The member's record: the comment's report came first.
    expect(reports[1]?.history.earlierReports).toBe(1);

    // The post goes to trash: the comment with it.
    expect((await deletePost(ctx.app, reporter.token, post.id)).statusCode).toBe(200);
    const { reports: after } = await queuePage(ctx.app, moderator.token);
    expect(after[0]?.content).toMatchObject({ text: 'Nasty words', trashed: true });
  });

  it('open reports come oldest first, resolved newest first, a page at a time', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const author = await buildUser(ctx);
    const reporter = await buildUser(ctx);
    const ids: string[] = [];
    for (let i = 0; i < REPORTS_PAGE_SIZE + 2; i++) {
      const post = await buildPost(ctx, author);
      ids.push(
        (await report(ctx.app, reporter.token, { target: { postId: post.id }, reason: 'spam' }))
          ._id,
      );
    }
    const first = await queuePage(ctx.app, moderator.token);
    expect(first.reports.map((r) => r._id)).toEqual(ids.slice(0, REPORTS_PAGE_SIZE));
    expect(first.nextCursor).toBeDefined();
    const second = await queuePage(ctx.app, moderator.token, {
      status: 'open',
      cursor: first.nextCursor as string,
    });
    expect(second.reports.map((r) => r._id)).toEqual(ids.slice(REPORTS_PAGE_SIZE));
    expect(second.nextCursor).toBeUndefined();
    // Each report's member record counts the earlier ones.
    expect(second.reports.map((r) => r.history.earlierReports)).toEqual([
      REPORTS_PAGE_SIZE,
      REPORTS_PAGE_SIZE + 1,
    ]);

    for (const id of ids.slice(0, 3)) {
      expect(
        (await resolveReport(ctx.app, moderator.token, id, { action: 'dismiss' })).statusCode,
      ).toBe(200);
    }
    const resolved = await queuePage(ctx.app, moderator.token, { status: 'resolved' });
    expect(resolved.reports.map((r) => r._id)).toEqual(ids.slice(0, 3).reverse());
    expect(resolved.reports[0]?.resolution).toEqual({
      action: 'dismiss',
      reason: '',
      by: `${moderator.user.first_name} ${moderator.user.last_name}`,
      at: ctx.clock.now().toISOString(),
    });
    const open = await queuePage(ctx.app, moderator.token);
    expect(open.reports[0]?._id).toBe(ids[3]);

    const bad = await queueRequest(ctx.app, moderator.token, { status: 'closed' as never });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MODERATION_MESSAGES.reportStatus });
  });

  it('the summary counts open reports and applicants', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    expect(await moderationSummary(ctx.app, moderator.token)).toEqual({
      openReports: 0,
      applications: 0,
    });
    await buildUser(ctx, { pending: 1 });
    await buildUser(ctx, { pending: 1 });
    const reporter = await buildUser(ctx);
    const author = await buildUser(ctx);
    const made = [];
    for (let i = 0; i < 3; i++) {
      const post = await buildPost(ctx, author);
      made.push(
        await report(ctx.app, reporter.token, { target: { postId: post.id }, reason: 'spam' }),
      );
    }
    await resolveReport(ctx.app, moderator.token, made[0]?._id as string, { action: 'dismiss' });
    expect(await moderationSummary(ctx.app, moderator.token)).toEqual({
      openReports: 2,
      applications: 2,
    });
  });

  it('members get 404 on the staff calls; the report and the Support Inbox are for every member', async () => {
    const member = await buildUser(ctx);
    for (const route of [ROUTES.reports, ROUTES.moderationSummary, ROUTES.moderationLog]) {
      const res = await callEndpoint(ctx.app, route as typeof ROUTES.reports, {
        token: member.token,
      });
      expect(res.statusCode, route.path).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    }
    expect(await myReports(ctx.app, member.token)).toEqual([]);
    expect((await callEndpoint(ctx.app, ROUTES.myReports)).statusCode).toBe(401);
  });

  it('a moderator gets 404 on the audit log, an admin reads it', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const admin = await buildUser(ctx, { role: 'admin' });
    const asModerator = await callEndpoint(ctx.app, ROUTES.moderationLog, {
      token: moderator.token,
    });
    expect(asModerator.statusCode).toBe(404);
    const asAdmin = await callEndpoint(ctx.app, ROUTES.moderationLog, { token: admin.token });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('the picture of a person in the queue is an address', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const reporter = await buildUser(ctx);
    const member = await buildUser(ctx);
    await report(ctx.app, reporter.token, { target: { userId: member.user.id }, reason: 'spam' });
    const { reports } = await queuePage(ctx.app, moderator.token);
    expect(reports[0]?.member?.picture).toBe(publicAddress(member.user.picture));
  });
});
