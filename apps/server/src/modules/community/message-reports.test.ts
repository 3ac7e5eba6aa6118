import {
  MODERATION_MESSAGES,
  REPORT_MESSAGES,
  REPORTED_MESSAGES_AROUND,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { messagePhoto, sendMessage, startConversation } from '../../test-support/messages-api.js';
import {
  myReports,
  queuePage,
  report,
  reportRequest,
  resolveReport,
} from '../../test-support/moderation-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { befriend, memberCard } from '../../test-support/users-api.js';

/** Ada and Bob, friends, in a conversation of more messages than a report carries. */
async function longConversation(ctx: TestContext) {
  const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
  const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Brown' });
  await befriend(ctx.app, ada, bob);
  const { _id: conversationId } = await startConversation(ctx.app, ada, [bob]);
  const total = 4 * REPORTED_MESSAGES_AROUND + 3;
  const ids: string[] = [];
  for (let i = 0; i < total; i += 1) {
    ctx.clock.advance(1_000);
    const who = i % 2 === 0 ? ada : bob;
    ids.push((await sendMessage(ctx.app, who, conversationId, `message ${i}`))._id);
  }
  return { ada, bob, conversationId, ids };
}

function reportMessage(ctx: TestContext, who: BuiltUser, messageId: string) {
  return reportRequest(ctx.app, who.token, { target: { messageId }, reason: 'harassment' });
}

describe('reporting a message', () => {
  const ctx = useTestApp();

  it('a member reports a message: the queue holds it and the few around it, nothing else of the conversation', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const { ada, bob, ids } = await longConversation(ctx);
    // Ada's message in the middle (an even index is hers).
    const middle = 2 * REPORTED_MESSAGES_AROUND;
    const reportedId = ids[middle] ?? '';
    const made = await report(ctx.app, bob.token, {
      target: { messageId: reportedId },
      reason: 'harassment',
      details: 'Again.',
    });
    expect(made).toMatchObject({
      target: { type: 'message', _id: reportedId, preview: `message ${middle}` },
      status: 'open',
    });
    expect(await myReports(ctx.app, bob.token)).toEqual([made]);

    const { reports } = await queuePage(ctx.app, moderator.token);
    expect(reports).toHaveLength(1);
    const [entry] = reports;
    expect(entry).toMatchObject({
      target: { type: 'message', _id: reportedId },
      reporter: memberCard(bob),
      member: memberCard(ada),
      content: { text: `message ${middle}`, images: [], trashed: false, removed: false },
    });
    const expected = ids.slice(
      middle - REPORTED_MESSAGES_AROUND,
      middle + REPORTED_MESSAGES_AROUND + 1,
    );
    expect(entry?.messages?.map((m) => m._id)).toEqual(expected);
    expect(entry?.messages?.map((m) => m.text)).toEqual(
      expected.map((id) => `message ${ids.indexOf(id)}`),
    );
    expect(entry?.messages?.filter((m) => m.reported).map((m) => m._id)).toEqual([reportedId]);
    expect(entry?.messages?.[0]).toEqual({
      _id: expected[0],
      sender: { _id: bob.user.id, name: 'Bob Brown' },
      text: `message ${middle - REPORTED_MESSAGES_AROUND}`,
      image: null,
      removed: false,
      createdAt: expect.any(String),
      reported: false,
    });
    // Nothing else of the conversation is anywhere in the queue's answer.
    const body = JSON.stringify(reports);
    for (const id of ids.filter((id) => !expected.includes(id))) {
      expect(body).not.toContain(id);
      expect(body).not.toContain(`"message ${ids.indexOf(id)}"`);
    }
  });

  it('the first message carries only those after it; a photo opens for the moderator after the sender unsends it, and the snapshot stays', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const { ada, bob, conversationId, ids } = await longConversation(ctx);
    const photo = await messagePhoto(ctx.app, ada);
    ctx.clock.advance(1_000);
    const withPhoto = await sendMessage(ctx.app, ada, conversationId, 'look', photo);

    await report(ctx.app, bob.token, { target: { messageId: ids[0] ?? '' }, reason: 'spam' });
    await report(ctx.app, bob.token, { target: { messageId: withPhoto._id }, reason: 'nudity' });
    // Ada unsends both after the reports.
    for (const messageId of [ids[0] ?? '', withPhoto._id]) {
      const res = await callEndpoint(ctx.app, ROUTES.unsendMessage, {
        params: { messageId },
        token: ada.token,
      });
      expect(res.statusCode).toBe(200);
    }

    const { reports } = await queuePage(ctx.app, moderator.token);
    const [first, second] = reports;
    expect(first?.messages?.map((m) => m._id)).toEqual(ids.slice(0, REPORTED_MESSAGES_AROUND + 1));
    expect(first?.messages?.[0]).toMatchObject({
      text: 'message 0',
      removed: false,
      reported: true,
    });
    expect(first?.content).toMatchObject({ text: 'message 0', trashed: true });

    expect(second?.messages?.map((m) => m._id)).toEqual([
      ...ids.slice(-REPORTED_MESSAGES_AROUND),
      withPhoto._id,
    ]);
    const last = second?.messages?.at(-1);
    expect(last).toMatchObject({ text: 'look', reported: true, removed: false });
    expect(last?.image).toMatch(/\?exp=\d+&sig=/);
    expect(second?.content?.images).toHaveLength(1);
    const signed = new URL(last?.image ?? '');
    const opened = await ctx.app.inject({ url: signed.pathname + signed.search });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    // Unsigned, it opens for no one.
    expect((await ctx.app.inject({ url: signed.pathname })).statusCode).toBe(404);
  });

  it("a non-member's report is 404 as a random id's is; one's own message 400; twice 409", async () => {
    const { bob, ids } = await longConversation(ctx);
    const eve = await buildUser(ctx);
    const random = await reportMessage(ctx, eve, '0190a000-0000-7000-8000-00000000ffff');
    expect(random.statusCode).toBe(404);
    const outsider = await reportMessage(ctx, eve, ids[1] ?? '');
    expect({ status: outsider.statusCode, body: outsider.json() }).toEqual({
      status: random.statusCode,
      body: random.json(),
    });
    expect(random.json()).toEqual({ message: SERVER_MESSAGES.notFound });

    const own = await reportMessage(ctx, bob, ids[1] ?? '');
    expect({ status: own.statusCode, body: own.json() }).toEqual({
      status: 400,
      body: { message: REPORT_MESSAGES.yourOwn },
    });

    expect((await reportMessage(ctx, bob, ids[0] ?? '')).statusCode).toBe(201);
    const twice = await reportMessage(ctx, bob, ids[0] ?? '');
    expect({ status: twice.statusCode, body: twice.json() }).toEqual({
      status: 409,
      body: { message: REPORT_MESSAGES.alreadyReported },
    });
    expect(await ctx.db.selectFrom('reports').select('reporter_id').execute()).toEqual([
      { reporter_id: bob.user.id },
    ]);
  });

  it('a member who left, or a message from before they joined, is 404 too; remove is refused on a message report', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const { ada, bob, conversationId, ids } = await longConversation(ctx);
    const cleo = await buildUser(ctx);
    await befriend(ctx.app, ada, cleo);
    const dan = await buildUser(ctx);
    await befriend(ctx.app, ada, dan);
    const group = await startConversation(ctx.app, ada, [bob, dan], 'Group');
    ctx.clock.advance(1_000);
    const early = await sendMessage(ctx.app, ada, group._id, 'before Cleo');
    const added = await callEndpoint(ctx.app, ROUTES.addConversationMembers, {
      params: { conversationId: group._id },
      body: { add: [cleo.user.id] },
      token: ada.token,
    });
    expect(added.statusCode).toBe(200);
    expect((await reportMessage(ctx, cleo, early._id)).statusCode).toBe(404);

    const left = await callEndpoint(ctx.app, ROUTES.leaveConversation, {
      params: { conversationId },
      token: bob.token,
    });
    expect(left.statusCode).toBe(200);
    expect((await reportMessage(ctx, bob, ids[0] ?? '')).statusCode).toBe(404);

    const made = await report(ctx.app, bob.token, {
      target: { messageId: early._id },
      reason: 'spam',
    });
    const resolveAs = async (action: 'remove' | 'warn', reason: string) => {
      const res = await resolveReport(ctx.app, moderator.token, made._id, { action, reason });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    expect(await resolveAs('remove', 'No.')).toEqual({
      status: 400,
      body: { message: MODERATION_MESSAGES.nothingToRemove },
    });
    expect((await resolveAs('warn', 'Be kind.')).status).toBe(200);
    const line = await ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'report.warn')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(line.details)).toMatchObject({ messageId: early._id, reportId: made._id });
    expect((await myReports(ctx.app, bob.token))[0]).toMatchObject({
      target: { type: 'message', _id: early._id },
      status: 'resolved',
      outcome: 'warn',
    });
  });
});
