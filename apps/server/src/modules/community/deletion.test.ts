import {
  DEFAULT_SERVER_NAME,
  type EmailBlock,
  imageVariants,
  LIVE_CLOSE_CODES,
  MODERATION_MESSAGES,
  type Post,
  ROUTES,
  SERVER_MESSAGES,
  SIGNUP_MESSAGES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { uploadKeyOf } from '../../infra/storage/image-urls.js';
import { register, setSignupMode } from '../../test-support/community-api.js';
import {
  type BuiltUser,
  buildPost,
  buildUser,
  follow,
  signupForm,
} from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { filesUnder, mediaStatus } from '../../test-support/media-files.js';
import { auditLogPage, myReports, queuePage, report } from '../../test-support/moderation-api.js';
import { comment, createPost, feedPage, react } from '../../test-support/posts-api.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import { getProfile, profileRequest, search } from '../../test-support/users-api.js';

// An admin deletes a member's account (API.md, Hosts in charge): everything they made goes, as
// the unverified-account purge takes it, and their address may not sign up again until lifted.

const nameOf = (member: BuiltUser) => `${member.user.first_name} ${member.user.last_name}`;

function deleteMember(app: App, token: string, userId: string, reason: unknown) {
  return callEndpoint(app, ROUTES.deleteMember, {
    params: { userId },
    rawBody: { reason },
    token,
  });
}

async function deleted(app: App, admin: BuiltUser, member: BuiltUser, reason: string) {
  const res = await deleteMember(app, admin.token, member.user.id, reason);
  if (res.statusCode !== 200) throw new Error(`deleteMember: ${res.statusCode} ${res.body}`);
  expect(res.json()).toBe('ok');
}

function emailBlocksRequest(app: App, token: string) {
  return callEndpoint(app, ROUTES.emailBlocks, { token });
}

async function emailBlocks(app: App, token: string): Promise<EmailBlock[]> {
  const res = await emailBlocksRequest(app, token);
  if (res.statusCode !== 200) throw new Error(`emailBlocks: ${res.statusCode} ${res.body}`);
  return res.json();
}

function liftEmailBlock(app: App, token: string, blockId: string) {
  return callEndpoint(app, ROUTES.liftEmailBlock, { params: { blockId }, token });
}

async function cardInFeed(app: App, member: BuiltUser, postId: string): Promise<Post | undefined> {
  return (await feedPage(app, member.token)).posts.find((p) => p._id === postId);
}

function expectNotFound(res: LightMyRequestResponse, what: string) {
  expect({ status: res.statusCode, body: res.json() }, what).toEqual({
    status: 404,
    body: { message: SERVER_MESSAGES.notFound },
  });
}

/** Every socket a test opened, closed after it. */
const sockets: LiveClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

describe("an admin deletes a member's account", () => {
  const ctx = useTestApp();

  it('everything they made is gone for everyone at once: profile, posts, comments, reactions (recounted), uploads and their files', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const victim = await buildUser(ctx, { first_name: 'Mallory', last_name: 'Spammer' });
    const grace = await buildUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    const third = await buildUser(ctx, { first_name: 'Tess', last_name: 'Reader' });
    await follow(ctx, third, victim);
    await follow(ctx, third, grace);
    const folder = (member: BuiltUser, postId?: string) =>
      `${member.user.username}/post_images${postId ? `/${postId}` : ''}`;

    const photo = await uploadedUrl(ctx.app, victim.token, folder(victim), await jpeg());
    const created = await createPost(ctx.app, victim.token, {
      text: 'Cheap watches here',
      images: [{ url: photo }],
    });
    expect(created.statusCode).toBe(201);
    const victimPost: Post = created.json();
    const gracePost = await buildPost(ctx, grace, { text: 'Garden party on Sunday' });
    const victimReply = await uploadedUrl(
      ctx.app,
      victim.token,
      folder(victim, gracePost.id),
      await jpeg(),
    );
    await comment(ctx.app, victim.token, {
      postId: gracePost.id,
      comment: 'Buy watches',
      image: victimReply,
    });
    expect((await react(ctx.app, victim.token, gracePost.id, 'wow')).statusCode).toBe(200);
    expect((await react(ctx.app, third.token, gracePost.id, 'like')).statusCode).toBe(200);
    // Grace answered on the victim's post with a photo of hers: it goes with that post.
    const graceReply = await uploadedUrl(
      ctx.app,
      grace.token,
      folder(grace, victimPost._id),
      await jpeg(),
    );
    await comment(ctx.app, grace.token, {
      postId: victimPost._id,
      comment: 'Stop it',
      image: graceReply,
    });
    const kept = await uploadedUrl(ctx.app, grace.token, folder(grace), await jpeg());

    // The third member sees it all before (the cards are cached).
    expect((await cardInFeed(ctx.app, third, victimPost._id))?.text).toBe('Cheap watches here');
    const before = await cardInFeed(ctx.app, third, gracePost.id);
    expect(before?.commentCount).toBe(1);
    expect(before?.reactions.total).toBe(2);
    expect((await search(ctx.app, third.token, 'Mallory')).map((m) => m._id)).toEqual([
      victim.user.id,
    ]);
    const removed = [photo, victimReply, graceReply];
    for (const url of removed) expect(await mediaStatus(ctx, url)).toBe(200);

    await deleted(ctx.app, admin, victim, 'Spam, again and again.');

    for (const viewer of [third, grace, admin]) {
      const profile = await profileRequest(ctx.app, viewer.token, victim.user.username);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toEqual({ ok: false });
      expect(await search(ctx.app, viewer.token, 'Mallory')).toEqual([]);
    }
    expect(await cardInFeed(ctx.app, third, victimPost._id)).toBeUndefined();
    const post = await callEndpoint(ctx.app, ROUTES.getPost, {
      params: { postId: victimPost._id },
      token: third.token,
    });
    expect(post.statusCode).toBe(404);
    const after = await cardInFeed(ctx.app, third, gracePost.id);
    expect(after?.comments).toEqual([]);
    expect(after?.commentCount).toBe(0);
    expect(after?.reactions.total).toBe(1);
    const comments = await callEndpoint(ctx.app, ROUTES.comments, {
      params: { postId: gracePost.id },
      token: grace.token,
    });
    expect(comments.json()).toEqual([]);
    // Their uploads, and grace's photo on their post, are gone with their files and variants.
    for (const url of removed) {
      for (const file of [url, ...imageVariants(url).map((v) => v.url)]) {
        expect(await mediaStatus(ctx, file), file).toBe(404);
      }
    }
    const keptKey = uploadKeyOf(kept) as string;
    const stem = keptKey.slice(0, keptKey.lastIndexOf('.'));
    const files = await filesUnder(ctx);
    expect(files).toContain(keptKey);
    expect(files.filter((file) => !file.startsWith(stem))).toEqual([]);
    expect(await mediaStatus(ctx, kept)).toBe(200);
    expect((await getProfile(ctx.app, grace.token, grace.user.username)).posts[0]?._id).toBe(
      gracePost.id,
    );
  });

  it('they are logged out everywhere at once: the token answers 401, an open socket closes with 4401; they are told by mail', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const victim = await buildUser(ctx);
    const bystander = await buildUser(ctx);
    const address = await listenForLive(ctx.app);
    const socket = await LiveClient.ready(address, victim.token);
    const other = await LiveClient.ready(address, bystander.token);
    sockets.push(socket, other);

    await deleted(ctx.app, admin, victim, 'Threats against other members.');

    expect(await socket.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    const feed = await callEndpoint(ctx.app, ROUTES.feed, { token: victim.token });
    expect(feed.statusCode).toBe(401);
    const login = await callEndpoint(ctx.app, ROUTES.login, {
      body: { email: victim.user.email, password: victim.password },
    });
    expect(login.statusCode).toBe(400);
    other.send({ type: 'ping' });
    await other.next('pong');

    await ctx.app.mailDelivery.idle();
    const outbox = await ctx.app.inject({
      url: `/dev/mailbox?format=json&to=${encodeURIComponent(victim.user.email)}`,
    });
    expect(outbox.json()).toEqual([
      expect.objectContaining({
        to: victim.user.email,
        subject: `${DEFAULT_SERVER_NAME}: your account was deleted`,
        text: expect.stringContaining('Threats against other members.'),
        status: 'sent',
      }),
    ]);
    const [mail] = outbox.json();
    expect(mail.text).toContain(`Your account on ${DEFAULT_SERVER_NAME} was deleted by its admins`);
    // The admin stays anonymous.
    expect(mail.text).not.toContain(admin.user.first_name);
  });

  it("open reports naming them are resolved as 'delete': the reporter's Support Inbox says so; the audit line stays readable", async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const victim = await buildUser(ctx, { first_name: 'Mallory', last_name: 'Troll' });
    const [first, second] = [await buildUser(ctx), await buildUser(ctx)];
    const post = await buildPost(ctx, victim, { text: 'You are all idiots' });
    await report(ctx.app, first.token, { target: { postId: post.id }, reason: 'harassment' });
    await report(ctx.app, second.token, { target: { userId: victim.user.id }, reason: 'spam' });
    // A report of someone else stays open.
    const elsewhere = await buildPost(ctx, second, { text: 'Fine words' });
    await report(ctx.app, first.token, { target: { postId: elsewhere.id }, reason: 'other' });

    await deleted(ctx.app, admin, victim, 'Harassment after two warnings.');

    const [mine] = await myReports(ctx.app, second.token);
    expect(mine).toMatchObject({
      target: { type: 'member', _id: victim.user.id },
      status: 'resolved',
      outcome: 'delete',
      resolvedAt: ctx.clock.now().toISOString(),
    });
    const firsts = await myReports(ctx.app, first.token);
    expect(firsts.map((r) => [r.target._id, r.status, r.outcome])).toEqual([
      [elsewhere.id, 'open', null],
      [post.id, 'resolved', 'delete'],
    ]);
    const open = await queuePage(ctx.app, moderator.token);
    expect(open.reports.map((r) => r.target._id)).toEqual([elsewhere.id]);
    const resolved = await queuePage(ctx.app, moderator.token, { status: 'resolved' });
    expect(resolved.reports.map((r) => r.resolution)).toEqual([
      {
        action: 'delete',
        reason: 'Harassment after two warnings.',
        by: nameOf(admin),
        at: expect.any(String),
      },
      {
        action: 'delete',
        reason: 'Harassment after two warnings.',
        by: nameOf(admin),
        at: expect.any(String),
      },
    ]);
    // The member is gone from the reports; what was reported stays as it was seen.
    expect(resolved.reports.map((r) => r.member)).toEqual([null, null]);

    const { entries } = await auditLogPage(ctx.app, admin.token);
    expect(entries[0]).toMatchObject({
      actor: { _id: admin.user.id, name: nameOf(admin) },
      action: 'member.delete',
      target: { _id: victim.user.id, name: 'Mallory Troll' },
      details: { reason: 'Harassment after two warnings.' },
      createdAt: ctx.clock.now().toISOString(),
    });
  });

  it('their address cannot sign up again, in any letter case, with the sentence of a refused domain; once an admin lifts it, it can', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const victim = await buildUser(ctx, { first_name: 'Mallory', last_name: 'Spammer' });
    const email = victim.user.email;

    await deleted(ctx.app, admin, victim, 'Spam.');

    for (const sent of [
      email,
      email.toUpperCase(),
      `${email[0]?.toUpperCase()}${email.slice(1)}`,
    ]) {
      const res = await register(ctx.app, signupForm({ email: sent }));
      expect({ status: res.statusCode, body: res.json() }, sent).toEqual({
        status: 400,
        body: { message: SIGNUP_MESSAGES.emailRefused },
      });
    }
    // Another address signs up as ever.
    expect((await register(ctx.app, signupForm())).statusCode).toBe(201);

    const blocks = await emailBlocks(ctx.app, admin.token);
    expect(blocks).toEqual([
      {
        _id: expect.any(String),
        name: 'Mallory Spammer',
        reason: 'Spam.',
        createdAt: ctx.clock.now().toISOString(),
      },
    ]);
    // The address itself is kept nowhere the admins read.
    expect(JSON.stringify(blocks)).not.toContain(email);

    const blockId = blocks[0]?._id as string;
    const lifted = await liftEmailBlock(ctx.app, admin.token, blockId);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toBe('ok');
    expect(await emailBlocks(ctx.app, admin.token)).toEqual([]);
    const { entries } = await auditLogPage(ctx.app, admin.token);
    expect(entries[0]).toMatchObject({
      actor: { _id: admin.user.id, name: nameOf(admin) },
      action: 'email.allow',
      target: null,
      details: { name: 'Mallory Spammer' },
    });
    expectNotFound(await liftEmailBlock(ctx.app, admin.token, blockId), 'lifted twice');

    const again = await register(ctx.app, signupForm({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ token: expect.any(String) });
  });

  it('the newest refused addresses come first', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const names = ['Ann First', 'Ben Second', 'Cat Third'];
    for (const name of names) {
      const [first_name, last_name] = name.split(' ');
      await deleted(ctx.app, admin, await buildUser(ctx, { first_name, last_name }), `${name}.`);
      ctx.clock.advance(1000);
    }
    const blocks = await emailBlocks(ctx.app, admin.token);
    expect(blocks.map((b) => [b.name, b.reason])).toEqual(
      [...names].reverse().map((name) => [name, `${name}.`]),
    );
  });

  it('moderators, admins and oneself cannot be deleted (400); an unknown member or an applicant is 404; a reason is needed', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const otherAdmin = await buildUser(ctx, { role: 'admin' });
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const member = await buildUser(ctx);

    for (const staff of [moderator, otherAdmin]) {
      const res = await deleteMember(ctx.app, admin.token, staff.user.id, 'Bye.');
      expect({ status: res.statusCode, body: res.json() }, nameOf(staff)).toEqual({
        status: 400,
        body: { message: MODERATION_MESSAGES.staffProtected },
      });
    }
    const self = await deleteMember(ctx.app, admin.token, admin.user.id, 'Bye.');
    expect({ status: self.statusCode, body: self.json() }).toEqual({
      status: 400,
      body: { message: MODERATION_MESSAGES.notYourself },
    });
    expectNotFound(
      await deleteMember(ctx.app, admin.token, crypto.randomUUID(), 'Bye.'),
      'unknown',
    );
    await setSignupMode(ctx.app, admin.token, 'approval');
    const applied = await register(ctx.app, signupForm({ reason: 'My neighbours are here.' }));
    expect(applied.statusCode).toBe(201);
    expectNotFound(
      await deleteMember(ctx.app, admin.token, applied.json().id, 'Bye.'),
      'an applicant',
    );
    const noReason = await deleteMember(ctx.app, admin.token, member.user.id, '   ');
    expect({ status: noReason.statusCode, body: noReason.json() }).toEqual({
      status: 400,
      body: { message: MODERATION_MESSAGES.actionReasonRequired },
    });

    // Nothing of it changed anything: everyone is still here, no address refused, no line.
    for (const kept of [admin, otherAdmin, moderator, member]) {
      expect((await getProfile(ctx.app, admin.token, kept.user.username)).ok, nameOf(kept)).toBe(
        true,
      );
    }
    expect(await emailBlocks(ctx.app, admin.token)).toEqual([]);
    const { entries } = await auditLogPage(ctx.app, admin.token);
    expect(entries.map((e) => e.action)).toEqual(['settings.update']);
  });

  it('a moderator gets 404 from deleting, the refused addresses and lifting one (admins only); members get 404 too', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const member = await buildUser(ctx);
    const target = await buildUser(ctx);
    await deleted(ctx.app, admin, await buildUser(ctx), 'Spam.');
    const [block] = await emailBlocks(ctx.app, admin.token);

    for (const caller of [moderator, member, target]) {
      const who = nameOf(caller);
      expectNotFound(await deleteMember(ctx.app, caller.token, target.user.id, 'Bye.'), who);
      expectNotFound(await emailBlocksRequest(ctx.app, caller.token), who);
      expectNotFound(await liftEmailBlock(ctx.app, caller.token, block?._id as string), who);
    }
    expect((await getProfile(ctx.app, admin.token, target.user.username)).ok).toBe(true);
    expect(await emailBlocks(ctx.app, admin.token)).toHaveLength(1);
  });
});
