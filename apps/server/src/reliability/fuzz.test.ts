import { ENDPOINTS, ROUTES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { makeInvite, register, setSignupMode } from '../test-support/community-api.js';
import {
  type BuiltUser,
  buildComment,
  buildPost,
  buildUser,
  sessionFor,
  signupForm,
} from '../test-support/factories.js';
import { jpeg } from '../test-support/images.js';
import { report } from '../test-support/moderation-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../test-support/test-app.js';
import { uploadedUrl } from '../test-support/uploads.js';
import { runSeed, scaled, seededRandom } from './budget.js';
import { type FuzzWorld, fuzzRequest } from './fuzz-requests.js';

/** Requests per engine: `npm test` runs the short count, `--long` the larger one. */
const REQUESTS = scaled(2_000, 12_000);
const SEED = runSeed();
const ENGINE = process.env.TEST_DB ?? 'sqlite';
/** Calls that end the caller's session (or all of the member's) when they succeed. */
const ENDS_SESSIONS: ReadonlySet<string> = new Set(['logout', 'logoutAll']);
/** Access of the calls for the host's staff (and inviters). */
const STAFF_ACCESS: readonly string[] = ['moderator', 'admin', 'inviter'];

/** How to describe one request in a failure, with what it takes to replay it. */
function excerpt(payload: unknown): string {
  if (payload === undefined) return '(no body)';
  const text = Buffer.isBuffer(payload) ? payload.toString('latin1') : String(payload);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
}

/** A conversation of the owner with the other member, holding the owner's first message. */
async function ownersConversation(ctx: TestContext, owner: BuiltUser, other: BuiltUser) {
  const started = await callEndpoint(ctx.app, ROUTES.createConversation, {
    body: { memberIds: [other.user.id] },
    token: owner.token,
  });
  const conversationId = (started.json() as { _id: string })._id;
  const sent = await callEndpoint(ctx.app, ROUTES.sendMessage, {
    params: { conversationId },
    body: { text: 'Hello' },
    token: owner.token,
  });
  return { conversationId, messageId: (sent.json() as { _id: string })._id };
}

describe('the fuzz run', () => {
  const ctx = useTestApp();

  it(`answers ${REQUESTS} generated requests without a 5xx and stays healthy`, {
    timeout: scaled(120_000, 900_000),
  }, async () => {
    console.log(
      `[reliability] fuzz ${ENGINE}: seed ${SEED}, ${REQUESTS} requests ` +
        `(replay: RELIABILITY_SEED=${SEED} npm run reliability)`,
    );
    const owner = await buildUser(ctx);
    const other = await buildUser(ctx);
    const unverified = await buildUser(ctx, { verified: 0 });
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const admin = await buildUser(ctx, { role: 'admin' });
    // An applicant waiting (signed up while the admin chose approval) and an admin's invite, so
    // the moderation calls' real ids and codes are among the fuzzed ones.
    await setSignupMode(ctx.app, admin.token, 'approval');
    const applied = await register(ctx.app, signupForm({ reason: 'My neighbours are here.' }));
    expect(applied.statusCode).toBe(201);
    await setSignupMode(ctx.app, admin.token, 'open');
    // Reports and moderation actions: the owner reports a post of the other member's, who
    // commented on the owner's post, so real report, post, comment and member ids are fuzzed.
    const ownerPost = await buildPost(ctx, owner);
    const reportedPost = await buildPost(ctx, other);
    const reported = await report(ctx.app, owner.token, {
      target: { postId: reportedPost.id },
      reason: 'spam',
    });
    // A session of the owner's opened for endSession to end (the run's own tokens are others).
    const spare = await callEndpoint(ctx.app, ROUTES.listSessions, {
      token: await sessionFor(ctx, owner.user),
    });
    const spareSession = (
      spare.json() as { sessions?: Array<{ id: string; current: boolean }> }
    ).sessions?.find((session) => session.current);
    if (!spareSession) throw new Error(`listSessions: ${spare.statusCode} ${spare.body}`);
    const world: FuzzWorld = {
      ownerToken: owner.token,
      otherToken: other.token,
      unverifiedToken: unverified.token,
      moderatorToken: moderator.token,
      adminToken: admin.token,
      applicantId: (applied.json() as { id: string }).id,
      inviteCode: (await makeInvite(ctx.app, admin.token, { uses: 5, expiresInDays: 7 })).code,
      ownerId: owner.user.id,
      spareSessionId: spareSession.id,
      ownerEmail: owner.user.email,
      ownerUsername: owner.user.username,
      otherId: other.user.id,
      otherUsername: other.user.username,
      reportId: reported._id,
      reportedPostId: reportedPost.id,
      commentId: await buildComment(ctx, ownerPost, other),
      postId: ownerPost.id,
      ...(await ownersConversation(ctx, owner, other)),
      uploadUrl: await uploadedUrl(
        ctx.app,
        owner.token,
        `${owner.user.username}/post_images`,
        await jpeg(),
      ),
      jpeg: await jpeg(16, 16),
    };
    await buildPost(ctx, other);

    const random = seededRandom(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    // The moderation area's calls apart: their 2xx and 400s show bad input reached the handlers.
    const staffStatuses = new Map<number, number>();
    // Each call tagged moderation (reports and actions included): its 2xx of its requests.
    const moderationCalls = new Map<string, { ok: number; sent: number }>();
    const slowest: Array<{ took: number; what: string }> = [];
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const request = fuzzRequest(world, random);
      const sent = performance.now();
      const res = await ctx.app.inject(request.options);
      const took = performance.now() - sent;
      if (slowest.length < 5 || took > slowest[slowest.length - 1]!.took) {
        slowest.push({ took, what: `#${i} ${request.call} (${request.how.join('; ')})` });
        slowest.sort((a, b) => b.took - a.took);
        slowest.length = Math.min(slowest.length, 5);
      }
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (STAFF_ACCESS.includes(ENDPOINTS[request.call].access)) {
        staffStatuses.set(res.statusCode, (staffStatuses.get(res.statusCode) ?? 0) + 1);
      }
      if ((ENDPOINTS[request.call].tags as readonly string[]).includes('moderation')) {
        const seen = moderationCalls.get(request.call) ?? { ok: 0, sent: 0 };
        seen.sent += 1;
        if (res.statusCode < 300) seen.ok += 1;
        moderationCalls.set(request.call, seen);
      }
      // A logout that worked ended the session the next requests would use: open fresh ones,
      // so the rest of the run still reaches what only members reach.
      if (ENDS_SESSIONS.has(request.call) && res.statusCode < 300) {
        world.ownerToken = await sessionFor(ctx, owner.user);
        world.otherToken = await sessionFor(ctx, other.user);
        world.unverifiedToken = await sessionFor(ctx, unverified.user);
        world.moderatorToken = await sessionFor(ctx, moderator.user);
        world.adminToken = await sessionFor(ctx, admin.user);
      }
      if (res.statusCode >= 500) {
        failures.push(
          `#${i} ${request.call} (${request.how.join('; ')}): ${res.statusCode} ${res.body.slice(0, 200)}\n` +
            `    ${request.options.method} ${String(request.options.url).slice(0, 300)}\n` +
            `    headers ${JSON.stringify(request.options.headers).slice(0, 300)}\n` +
            `    body ${excerpt(request.options.payload)}`,
        );
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[reliability] fuzz ${ENGINE}: ${REQUESTS} requests in ${seconds} s, ${failures.length} 5xx; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    console.log(
      `[reliability] fuzz ${ENGINE}: moderation calls' statuses ${JSON.stringify(Object.fromEntries([...staffStatuses].sort(([a], [b]) => a - b)))}`,
    );
    console.log(
      `[reliability] fuzz ${ENGINE}: moderation calls' 2xx/sent ${[...moderationCalls]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([call, { ok, sent }]) => `${call} ${ok}/${sent}`)
        .join(', ')}`,
    );
    console.log(
      `[reliability] fuzz ${ENGINE}: slowest ${slowest.map((s) => `${s.what} ${s.took.toFixed(0)} ms`).join(', ')}`,
    );
    expect(
      failures,
      `${failures.length} requests answered 5xx (seed ${SEED}; replay with RELIABILITY_SEED=${SEED}):\n${failures.slice(0, 20).join('\n')}`,
    ).toEqual([]);

    // Still healthy: the health check and an ordinary call of a member.
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const created = await callEndpoint(ctx.app, ROUTES.createPost, {
      rawBody: { text: 'Still here', background: null, images: null, type: null },
      token: world.ownerToken,
    });
    expect(created.statusCode).toBe(201);
    const feed = await callEndpoint(ctx.app, ROUTES.feed, { token: world.ownerToken });
    expect(feed.statusCode).toBe(200);
    expect(feed.json()[0].text).toBe('Still here');
  });
});
