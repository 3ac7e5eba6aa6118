import { ROUTES, SERVER_MESSAGES } from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type BuiltUser,
  buildComment,
  buildPost,
  buildUser,
  sessionFor,
} from '../test-support/factories.js';
import { jpeg } from '../test-support/images.js';
import { sendMessage, startConversation } from '../test-support/messages-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../test-support/test-app.js';
import { type FormPart, multipartBody, uploadedUrl } from '../test-support/uploads.js';
import { FRIENDSHIP_CALLS } from '../test-support/users-api.js';

/**
 * PostgreSQL text cannot hold NUL, and a lone surrogate cannot be written as UTF-8: either one,
 * anywhere in a request, is refused with 400 and a sentence before it reaches a database, on
 * both engines. The sweep sends each call of the API with one string at a time spoiled.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Call {
  method: Method;
  /** With `:name` path parameters, as routed. */
  url: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The multipart upload: its parts are swept instead of a JSON body. */
  form?: FormPart[];
}

interface World {
  me: BuiltUser;
  other: BuiltUser;
  postId: string;
  commentId: string;
  pictureUrl: string;
  /** A second session of `me`'s (Where you're logged in). */
  spareSessionId: string;
  /** `me`'s conversation with `other`, and `me`'s message in it. */
  conversationId: string;
  messageId: string;
}

/** The messaging calls (API.md, Messages), leaving and unsending last. */
function messageCalls(w: World): Call[] {
  const url = '/api/v1/messages/conversations/:conversationId';
  const params = { conversationId: w.conversationId };
  return [
    {
      method: 'POST',
      url: '/api/v1/messages/conversations',
      body: { memberIds: [w.other.user.id], name: 'Tea' },
    },
    { method: 'GET', url: '/api/v1/messages/conversations', query: { folder: 'inbox' } },
    { method: 'GET', url, params },
    { method: 'GET', url: `${url}/messages`, params, query: { limit: '10' } },
    { method: 'POST', url: `${url}/messages`, params, body: { text: 'Hello', image: '' } },
    { method: 'PUT', url: `${url}/read`, params },
    { method: 'PUT', url: `${url}/accept`, params },
    { method: 'PUT', url: `${url}/members`, params, body: { add: [w.other.user.id] } },
    { method: 'PUT', url: `${url}/mute`, params, body: { muted: true } },
    { method: 'GET', url: '/api/v1/messages/unreadCount' },
    { method: 'DELETE', url: '/api/v1/messages/:messageId', params: { messageId: w.messageId } },
    { method: 'PUT', url: `${url}/leave`, params },
  ];
}

/** Every call with a valid request: each probe spoils one string of it. */
function calls(w: World): Call[] {
  const postId = w.postId;
  const friendship = (name: string): Call => ({
    method: 'PUT',
    url: `/api/v1/users/${name}/:id`,
    params: { id: w.other.user.id },
  });
  return [
    {
      method: 'POST',
      url: '/api/v1/auth/register',
      body: {
        first_name: 'Nora',
        last_name: 'Quill',
        email: 'nora.quill@example.test',
        password: 'secret-pass1',
        bYear: 1990,
        bMonth: 5,
        bDay: 12,
        gender: 'female',
      },
    },
    { method: 'POST', url: '/api/v1/auth/login', body: { email: w.me.user.email, password: 'x' } },
    // A login's second step (no ticket of the sweep's is valid: each probe is refused).
    {
      method: 'POST',
      url: '/api/v1/auth/loginTwoFactor',
      body: { ticket: 'a-login-ticket', code: '123456' },
    },
    { method: 'POST', url: '/api/v1/auth/cancelDeletion', body: { ticket: 'a-login-ticket' } },
    { method: 'POST', url: '/api/v1/auth/activateAccount', body: { token: 'some-token' } },
    { method: 'POST', url: '/api/v1/auth/resendVerification', body: {} },
    // Empty bodies: no probe reaches them, so the sweep's session is never ended.
    { method: 'POST', url: '/api/v1/auth/logout', body: {} },
    { method: 'POST', url: '/api/v1/auth/logoutAll', body: {} },
    { method: 'POST', url: '/api/v1/auth/findUser', body: { email: w.me.user.email } },
    { method: 'POST', url: '/api/v1/auth/sendResetCode', body: { email: w.me.user.email } },
    {
      method: 'POST',
      url: '/api/v1/auth/validateResetCode',
      body: { email: w.me.user.email, code: 'ABCDE' },
    },
    {
      method: 'POST',
      url: '/api/v1/auth/resetPassword',
      body: { email: w.me.user.email, password: 'new-secret1', confPassword: 'new-secret1' },
    },
    {
      method: 'POST',
      url: '/api/v1/posts/uploadImages',
      form: [
        { name: 'path', value: `${w.me.user.username}/post_images` },
        { name: 'file', filename: 'photo.jpg', bytes: Buffer.alloc(0), contentType: 'image/jpeg' },
      ],
    },
    {
      method: 'POST',
      url: '/api/v1/users/listImages',
      body: { path: `${w.me.user.username}/*`, sort: 'desc', max: 30, cursor: w.pictureUrl },
    },
    {
      method: 'POST',
      url: '/api/v1/posts',
      body: {
        type: null,
        background: null,
        text: 'hi there',
        user: w.me.user.id,
        images: [{ url: w.pictureUrl }],
      },
    },
    { method: 'GET', url: '/api/v1/posts', query: { limit: '10', cursor: postId } },
    {
      method: 'GET',
      url: '/api/v1/posts/:postId/comments',
      params: { postId },
      query: { limit: '10', cursor: w.commentId },
    },
    { method: 'PUT', url: '/api/v1/posts/postReacts', body: { react: 'like', postId } },
    { method: 'GET', url: '/api/v1/posts/getReacts/:postId', params: { postId } },
    { method: 'GET', url: '/api/v1/posts/:postId', params: { postId } },
    {
      method: 'PUT',
      url: '/api/v1/posts/comment',
      body: { comment: 'nice', image: w.pictureUrl, postId },
    },
    { method: 'PUT', url: '/api/v1/posts/savePost/:postId', params: { postId } },
    {
      method: 'PUT',
      url: '/api/v1/posts/audience/:postId',
      params: { postId },
      body: { audience: 'friends' },
    },
    {
      method: 'PUT',
      url: '/api/v1/posts/editPost/:postId',
      params: { postId },
      body: { text: 'edited', background: null, images: null },
    },
    { method: 'GET', url: '/api/v1/posts/:postId/edits', params: { postId } },
    {
      method: 'PUT',
      url: '/api/v1/posts/notifications/:postId',
      params: { postId },
      body: { on: false },
    },
    { method: 'DELETE', url: '/api/v1/posts/deletePost/:postId', params: { postId } },
    {
      method: 'GET',
      url: '/api/v1/users/getProfile/:username',
      params: { username: w.other.user.username },
      query: { limit: '10', cursor: postId },
    },
    {
      method: 'PUT',
      url: '/api/v1/users/updateUserDetails',
      body: { infos: { bio: 'hello', job: 'baker', relationship: 'Single' } },
    },
    // Each probe spoils the request: the sweep's member keeps their name, password and session.
    {
      method: 'PUT',
      url: '/api/v1/users/changeName',
      body: { first_name: 'Zoé', last_name: 'Benali' },
    },
    {
      method: 'PUT',
      url: '/api/v1/users/changePassword',
      body: {
        currentPassword: 'secret-pass1',
        password: 'new-secret1',
        confPassword: 'new-secret1',
      },
    },
    // Two-factor sign-in: each probe spoils the request, so nothing is set up or turned on.
    {
      method: 'POST',
      url: '/api/v1/users/twoFactor/setup',
      body: { currentPassword: 'secret-pass1' },
    },
    { method: 'POST', url: '/api/v1/users/twoFactor/enable', body: { code: '123456' } },
    {
      method: 'POST',
      url: '/api/v1/users/twoFactor/disable',
      body: { currentPassword: 'secret-pass1', code: 'ABCDE-FGHJK' },
    },
    { method: 'GET', url: '/api/v1/users/sessions' },
    // A session of the member's own, kept: each probe spoils its id.
    {
      method: 'DELETE',
      url: '/api/v1/users/sessions/:sessionId',
      params: { sessionId: w.spareSessionId },
    },
    { method: 'GET', url: '/api/v1/users/account' },
    {
      method: 'PUT',
      url: '/api/v1/users/changeEmail',
      body: { email: 'ada.moved@example.test', currentPassword: 'secret-pass1' },
    },
    { method: 'POST', url: '/api/v1/users/confirmEmail', body: { token: 'a-link-token' } },
    { method: 'PUT', url: '/api/v1/users/changeLanguage', body: { language: 'fr' } },
    {
      method: 'POST',
      url: '/api/v1/users/deleteAccount',
      body: { currentPassword: 'secret-pass1', code: '123456' },
    },
    // Download your information: nothing to spoil in the request (it queues the sweep's zip),
    // an export's id in the address's path.
    { method: 'POST', url: '/api/v1/users/exportData' },
    { method: 'GET', url: '/api/v1/users/exportData' },
    {
      method: 'POST',
      url: '/api/v1/users/exportData/:exportId/link',
      params: { exportId: postId },
    },
    { method: 'PUT', url: '/api/v1/users/updateProfilePicture', body: { url: w.pictureUrl } },
    { method: 'PUT', url: '/api/v1/users/updateCoverPicture', body: { url: w.pictureUrl } },
    ...FRIENDSHIP_CALLS.map(friendship),
    { method: 'GET', url: '/api/v1/users/getFriendsPageInfos' },
    {
      method: 'POST',
      url: '/api/v1/users/search/:searchTerm',
      params: { searchTerm: w.other.user.first_name },
    },
    {
      method: 'PUT',
      url: '/api/v1/users/addToSearchHistory',
      body: { searchUser: w.other.user.id },
    },
    { method: 'GET', url: '/api/v1/users/getSearchHistory' },
    {
      method: 'PUT',
      url: '/api/v1/users/removeFromSearch',
      body: { searchUser: w.other.user.id },
    },
    { method: 'GET', url: '/api/v1/notifications', query: { limit: '10' } },
    { method: 'GET', url: '/api/v1/notifications/unreadCount' },
    { method: 'PUT', url: '/api/v1/notifications/read', body: { ids: [postId] } },
    ...messageCalls(w),
    // Last: a block would hide the other member from the calls above.
    { method: 'PUT', url: '/api/v1/users/block/:id', params: { id: w.other.user.id } },
    { method: 'PUT', url: '/api/v1/users/unblock/:id', params: { id: w.other.user.id } },
    { method: 'GET', url: '/api/v1/users/getBlocked' },
    { method: 'PUT', url: '/api/v1/users/mute/:id', params: { id: w.other.user.id } },
    { method: 'PUT', url: '/api/v1/users/unmute/:id', params: { id: w.other.user.id } },
    { method: 'GET', url: '/api/v1/users/getMuted' },
    { method: 'GET', url: '/api/v1/users/privacy' },
    { method: 'PUT', url: '/api/v1/users/privacy', body: { defaultAudience: 'friends' } },
    // Who may join (the sweep's member is an admin, so the moderation calls read the request).
    { method: 'GET', url: '/api/v1/about' },
    { method: 'GET', url: '/api/v1/moderation/settings' },
    {
      method: 'PUT',
      url: '/api/v1/moderation/settings',
      body: { name: 'Riverside', rules: ['Be kind.'], blockedEmailDomains: ['spam.example'] },
    },
    {
      method: 'PUT',
      url: '/api/v1/moderation/role/:userId',
      params: { userId: w.other.user.id },
      body: { role: 'member' },
    },
    {
      method: 'GET',
      url: '/api/v1/moderation/members',
      query: { q: 'grace', cursor: w.other.user.id },
    },
    { method: 'GET', url: '/api/v1/moderation/applications', query: { cursor: w.other.user.id } },
    {
      method: 'PUT',
      url: '/api/v1/moderation/applications/:userId',
      params: { userId: w.other.user.id },
      body: { approve: false, reason: 'Not yet.' },
    },
    { method: 'GET', url: '/api/v1/moderation/invites' },
    { method: 'POST', url: '/api/v1/moderation/invites', body: { uses: 1, expiresInDays: 1 } },
    {
      method: 'DELETE',
      url: '/api/v1/moderation/invites/:code',
      params: { code: 'ABCDEFGHJKMN' },
    },
    // Reports and moderation actions: no probe makes one succeed (each spoils the request).
    {
      method: 'POST',
      url: '/api/v1/moderation/report',
      body: { target: { postId }, reason: 'spam', details: 'Ads again.' },
    },
    { method: 'GET', url: '/api/v1/moderation/myReports' },
    {
      method: 'GET',
      url: '/api/v1/moderation/reports',
      query: { status: 'open', cursor: postId },
    },
    {
      method: 'PUT',
      url: '/api/v1/moderation/reports/:reportId',
      params: { reportId: postId },
      body: { action: 'warn', reason: 'Be kind.' },
    },
    {
      method: 'PUT',
      url: '/api/v1/moderation/removePost/:postId',
      params: { postId },
      body: { reason: 'Spam.' },
    },
    {
      method: 'PUT',
      url: '/api/v1/moderation/removeComment/:commentId',
      params: { commentId: w.commentId },
      body: { reason: 'Spam.' },
    },
    {
      method: 'PUT',
      url: '/api/v1/moderation/warn/:userId',
      params: { userId: w.other.user.id },
      body: { reason: 'Be kind.' },
    },
    { method: 'GET', url: '/api/v1/moderation/summary' },
    { method: 'GET', url: '/api/v1/moderation/log', query: { cursor: postId } },
    // Suspension and deletion: each probe spoils the request too, so no one is suspended or
    // deleted by the sweep.
    {
      method: 'PUT',
      url: '/api/v1/moderation/suspend/:userId',
      params: { userId: w.other.user.id },
      body: { reason: 'Spam.' },
    },
    {
      method: 'PUT',
      url: '/api/v1/moderation/unsuspend/:userId',
      params: { userId: w.other.user.id },
      body: { reason: 'Served.' },
    },
    {
      method: 'DELETE',
      url: '/api/v1/moderation/members/:userId',
      params: { userId: w.other.user.id },
      body: { reason: 'Spam.' },
    },
    {
      method: 'GET',
      url: '/api/v1/moderation/members/:userId',
      params: { userId: w.other.user.id },
    },
    { method: 'GET', url: '/api/v1/moderation/emailBlocks' },
    {
      method: 'DELETE',
      url: '/api/v1/moderation/emailBlocks/:blockId',
      params: { blockId: postId },
    },
    { method: 'GET', url: '/api/v1/health' },
    // Outside the API document: the dev outbox and the uploaded files.
    { method: 'GET', url: '/dev/mailbox', query: { format: 'json', to: w.me.user.email } },
    { method: 'GET', url: '/media/*', params: { '*': w.pictureUrl.replace(/^\/media\//, '') } },
    {
      method: 'GET',
      url: '/downloads/exports/:exportId',
      params: { exportId: postId },
      query: { exp: '1700000000', sig: 'AAAAAAAAAAAAAAAAAAAAAA' },
    },
  ];
}

interface Probe {
  name: string;
  call: Call;
  url: string;
  body?: unknown;
  form?: FormPart[];
  /**
   * The server sees a NUL or a lone surrogate: refused with the sentence. Otherwise (bytes that
   * are not UTF-8) any answer but a 5xx will do.
   */
  refused: boolean;
}

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

function urlOf(call: Call, params: Record<string, string>, query: Record<string, string>) {
  let url = call.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  url = url.replace('*', params['*'] ?? '*');
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
}

/** Every string leaf (and key) of a JSON value, each spoiled in turn. */
function spoiledBodies(value: unknown, spoil: (s: string) => string): unknown[] {
  if (typeof value === 'string') return [spoil(value)];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      spoiledBodies(item, spoil).map((spoilt) => value.map((v, j) => (i === j ? spoilt : v))),
    );
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.flatMap(([, item], i) => [
      ...spoiledBodies(item, spoil).map((spoilt) =>
        Object.fromEntries(entries.map(([k, v], j) => [k, i === j ? spoilt : v])),
      ),
      Object.fromEntries(entries.map(([k, v], j) => [i === j ? spoil(k) : k, v])),
    ]);
  }
  return [];
}

function probesOf(call: Call): Probe[] {
  const params = call.params ?? {};
  const query = call.query ?? {};
  const probes: Probe[] = [];
  for (const name of Object.keys(params)) {
    // A NUL travels percent-encoded; a lone surrogate can only arrive as bytes that are not UTF-8.
    const raw = (value: string) =>
      urlOf(call, { ...params, [name]: '__X__' }, query).replace('__X__', value);
    const value = encodeURIComponent(params[name] ?? '').replace(/%2F/g, '/');
    probes.push(
      { name: `${name} with %00`, call, url: raw(`${value}%00x`), refused: true },
      { name: `${name} with %ED%A0%80`, call, url: raw(`${value}%ED%A0%80`), refused: false },
    );
  }
  for (const [key, value] of Object.entries(query)) {
    for (const [what, bad] of [
      ['NUL', NUL],
      ['a lone surrogate', LONE_SURROGATE],
    ] as const) {
      // URLSearchParams writes a lone surrogate as U+FFFD, so it is spliced in by hand.
      const spoilt = urlOf(call, params, { ...query, [key]: `${value}__X__` }).replace(
        '__X__',
        what === 'NUL' ? '%00' : '%ED%A0%80',
      );
      probes.push({ name: `?${key} with ${what}`, call, url: spoilt, refused: bad === NUL });
    }
  }
  const url = urlOf(call, params, query);
  if (call.body !== undefined) {
    for (const bad of [NUL, LONE_SURROGATE]) {
      for (const body of spoiledBodies(call.body, (s) => `${s}${bad}x`)) {
        probes.push({
          name: `body ${JSON.stringify(body)}`,
          call,
          url,
          body,
          refused: true,
        });
      }
    }
  }
  if (call.form) {
    for (const bad of [NUL, LONE_SURROGATE]) {
      call.form.forEach((part, i) => {
        const spoilt: FormPart =
          'value' in part
            ? { ...part, value: `${part.value}${bad}x` }
            : { ...part, filename: `${part.filename}${bad}x` };
        probes.push({
          name: `form part ${i} (${part.name}) with ${JSON.stringify(bad)}`,
          call,
          url,
          form: call.form?.map((p, j) => (i === j ? spoilt : p)),
          // Form parts travel as UTF-8 bytes: a lone surrogate arrives as U+FFFD, which is text.
          refused: bad === NUL,
        });
      });
    }
  }
  return probes;
}

function send(ctx: TestContext, probe: Probe, token: string): Promise<LightMyRequestResponse> {
  const authorization = `Bearer ${token}`;
  if (probe.form) {
    const { payload, contentType } = multipartBody(probe.form);
    return ctx.app.inject({
      method: probe.call.method,
      url: probe.url,
      payload,
      headers: { authorization, 'content-type': contentType },
    });
  }
  return ctx.app.inject({
    method: probe.call.method,
    url: probe.url,
    headers: {
      authorization,
      ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    // Sent as text: JSON.stringify keeps a lone surrogate as the escape \ud800.
    ...(probe.body === undefined ? {} : { payload: JSON.stringify(probe.body) }),
  });
}

describe('NUL and lone surrogates in any request', () => {
  const ctx = useTestApp();
  let world: World;

  beforeEach(async () => {
    const me = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace', role: 'admin' });
    const other = await buildUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    const post = await buildPost(ctx, other);
    const commentId = await buildComment(ctx, post, other);
    const pictureUrl = await uploadedUrl(
      ctx.app,
      me.token,
      `${me.user.username}/post_images`,
      await jpeg(),
    );
    const spare = await callEndpoint(ctx.app, ROUTES.listSessions, {
      token: await sessionFor(ctx, me.user),
    });
    const spareSessionId = (
      spare.json() as { sessions?: Array<{ id: string; current: boolean }> }
    ).sessions?.find((session) => session.current)?.id;
    if (!spareSessionId) throw new Error(`listSessions: ${spare.statusCode} ${spare.body}`);
    const { _id: conversationId } = await startConversation(ctx.app, me, [other]);
    const { _id: messageId } = await sendMessage(ctx.app, me, conversationId, 'Hello');
    world = {
      me,
      other,
      postId: post.id,
      commentId,
      pictureUrl,
      spareSessionId,
      conversationId,
      messageId,
    };
  });

  it('the sweep covers every call of the API document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const swept = calls(world).map((c) => `${c.method} ${c.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.length).toBeGreaterThan(30);
    for (const call of documented) expect(swept, call).toContain(call);
  });

  it('every string field, key, query value and path parameter: 400 with a sentence, never a 5xx', async () => {
    const failures: string[] = [];
    let refusedCount = 0;
    for (const call of calls(world)) {
      for (const probe of probesOf(call)) {
        const res = await send(ctx, probe, world.me.token);
        const label = `${call.method} ${call.url} ${probe.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(label);
        else if (probe.refused) {
          refusedCount += 1;
          if (res.statusCode !== 400 || res.json().message !== SERVER_MESSAGES.unstorableText)
            failures.push(label);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refusedCount).toBeGreaterThan(100);
  }, 120_000);

  it('a post with a NUL in its text stores nothing; the same text without it is stored', async () => {
    const token = world.me.token;
    const send = (text: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/posts',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: { text },
      });
    const refused = await send('hi\u0000there');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: SERVER_MESSAGES.unstorableText });
    const mine = () =>
      ctx.db.selectFrom('posts').select('text').where('user_id', '=', world.me.user.id).execute();
    expect(await mine()).toEqual([]);
    const stored = await send('hi there \u{1F600}');
    expect(stored.statusCode).toBe(201);
    expect(stored.json().text).toBe('hi there \u{1F600}');
    expect(await mine()).toEqual([{ text: 'hi there \u{1F600}' }]);
  });
});
