import { Writable } from 'node:stream';
import { API_PREFIX, ENDPOINTS, SERVER_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { buildUser } from '../test-support/factories.js';
import { post, testConfig, useTestApp } from '../test-support/test-app.js';
import { createTestDatabase } from '../test-support/test-database.js';

const AUTH_CALLS = [
  'register',
  'login',
  'activateAccount',
  'resendVerification',
  'findUser',
  'sendResetCode',
  'validateResetCode',
  'resetPassword',
].map((name) => `/api/v1/auth/${name}`);

const GARBAGE_BODIES: unknown[] = [
  null,
  [],
  [1, 2, 3],
  'just a string',
  42,
  true,
  { email: 42, password: { nested: true } },
  { email: ['a@b.co'], code: 12345, token: null },
  {
    first_name: null,
    last_name: 7,
    email: {},
    password: [],
    bYear: 'abc',
    bMonth: {},
    bDay: [],
    gender: 5,
  },
  { email: `${'a'.repeat(200_000)}@example.test`, password: 'x'.repeat(200_000) },
  { first_name: 'A'.repeat(100_000), token: 't'.repeat(100_000), code: 'C'.repeat(100_000) },
  { __proto__: { admin: true }, email: 'a@b.co' },
  { constructor: { prototype: { admin: true } } },
];

describe('bad input never breaks the server', () => {
  const ctx = useTestApp();

  it.each(AUTH_CALLS)('%s answers garbage JSON bodies with 4xx and a sentence', async (url) => {
    const { token } = await buildUser(ctx, { verified: 0 });
    for (const body of GARBAGE_BODIES) {
      for (const auth of [{}, { token }]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(body),
          headers: {
            'content-type': 'application/json',
            ...('token' in auth ? { authorization: `Bearer ${auth.token}` } : {}),
          },
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        expect(res.json().message).toEqual(expect.any(String));
        expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
      }
    }
  });

  it.each(AUTH_CALLS)(
    '%s answers a missing body, broken JSON and other media types with 4xx',
    async (url) => {
      const cases = [
        { payload: undefined, headers: {} },
        { payload: '{"email": "a@b.co",', headers: { 'content-type': 'application/json' } },
        { payload: '{{{', headers: { 'content-type': 'application/json' } },
        {
          payload: 'email=a@b.co',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        { payload: 'hello', headers: { 'content-type': 'text/plain' } },
        { payload: '<xml/>', headers: { 'content-type': 'application/xml' } },
        {
          payload: Buffer.from([0xff, 0xfe, 0x00]),
          headers: { 'content-type': 'application/octet-stream' },
        },
      ];
      for (const { payload, headers } of cases) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers,
          ...(payload === undefined ? {} : { payload }),
        });
        expect(res.statusCode, `${url} ${String(payload)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${String(payload)}`).toBeLessThan(500);
        expect(res.json().message).toEqual(expect.any(String));
      }
    },
  );

  it('broken JSON is answered 400 with a sentence about JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.malformedJson });
  });

  it('a body of the wrong shape is answered 400 "The request is not valid."', async () => {
    const res = await post(ctx.app, '/api/v1/auth/login', ['a@b.co', 'secret']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.invalidInput });
  });

  it('a body over the size limit gets 413', async () => {
    const res = await post(ctx.app, '/api/v1/auth/login', {
      email: 'a@b.co',
      password: 'x'.repeat(2_000_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.payloadTooLarge });
  });

  it('an unsupported media type gets 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unsupportedMediaType });
  });

  it('a prototype-poisoning body is refused, not obeyed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('an unknown API path gets 404 with a sentence, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/v1/nothing/here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    }
    const wrongMethod = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/login' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toEqual({ message: SERVER_MESSAGES.notFound });
  });

  it('a malformed URL is answered 400, not 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.invalidInput });
  });
});

describe('when something unexpected breaks', () => {
  it('the member gets 500 with a plain sentence, and the error is logged with its stack', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      logger: { level: 'error', stream },
    });
    await app.ready();
    await database.destroy();
    try {
      const res = await app.inject({ url: '/api/v1/health' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.unexpected });
      expect(res.body).not.toMatch(/stack|\.ts:|\.js:/);
      expect(lines.join('')).toMatch(/"stack"/);
    } finally {
      await app.close();
    }
  });
});

describe('the service itself', () => {
  const ctx = useTestApp();

  it('health answers ok', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('the OpenAPI document lists every auth call with the contract schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const url of AUTH_CALLS) expect(doc.paths[url]?.post, url).toBeDefined();
    const register = doc.paths['/api/v1/auth/register'].post;
    const schema = register.requestBody.content['application/json'].schema;
    expect(schema.properties.first_name.maxLength).toBe(16);
    expect(register.responses['201']).toBeDefined();
    expect(doc.paths['/dev/mailbox']).toBeUndefined();
  });

  it('the OpenAPI document lists every call of the contract with its success answer', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const endpoints = Object.values(ENDPOINTS);
    expect(endpoints.length).toBeGreaterThan(30);
    for (const endpoint of endpoints) {
      const path = `${API_PREFIX}${endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      const operation = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${path}`).toBeDefined();
      expect(operation.summary).toBe(endpoint.summary);
      const success = 201 in endpoint.responses ? '201' : '200';
      expect(Object.keys(operation.responses), endpoint.name).toContain(success);
      for (const status of endpoint.errors) {
        expect(Object.keys(operation.responses), endpoint.name).toContain(String(status));
      }
    }
    expect(doc.paths['/api/v1/posts'].post.responses['201']).toBeDefined();
  });

  it('a path with a trailing slash reaches the same call', async () => {
    const { token } = await buildUser(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/posts/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('the API docs page is served', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers carry security headers with a CSP limited to the app itself', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // Images are answered as addresses under PUBLIC_URL, whatever name the page was opened by.
    expect(csp).toContain("img-src 'self' http://hearth.test data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The same on an answer no route gave, and on a refusal.
    for (const other of [
      await ctx.app.inject({ url: '/api/v1/no-such-call' }),
      await ctx.app.inject({ url: '/api/v1/posts/' }),
    ]) {
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy']).toBe(csp);
      expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(other.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('an HTTPS deployment also asks browsers to upgrade requests and remember HTTPS', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ publicUrl: 'https://hearth.example' }),
      db: database.db,
    });
    try {
      const res = await app.inject({ url: '/api/v1/health' });
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeDefined();
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
