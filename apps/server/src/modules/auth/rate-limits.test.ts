import { SERVER_MESSAGES, tooManyRequestsMessage } from '@hearth/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { buildUser, signupForm } from '../../test-support/factories.js';
import { post, testConfig, useTestApp } from '../../test-support/test-app.js';
import { TestClock } from '../../test-support/test-clock.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';

const limit = (max: number, minutes: number) => ({ max, windowMs: minutes * 60_000 });

describe('rate limits', () => {
  const ctx = useTestApp({
    config: {
      limits: {
        signupPerIp: limit(2, 30),
        loginPerIp: limit(3, 5),
        loginPerAccount: limit(2, 60),
        findUserPerIp: limit(2, 5),
        resetCodeSendPerEmail: limit(2, 30),
        resetCodeSendPerIp: limit(3, 30),
        resetCodeCheckPerIp: limit(2, 5),
        resendVerificationPerAccount: limit(1, 30),
      },
    },
  });

  it('a third sign-up from one address within 30 minutes gets 429 with a readable wait', async () => {
    const ip = '203.0.113.1';
    expect((await post(ctx.app, '/api/v1/auth/register', signupForm(), { ip })).statusCode).toBe(
      201,
    );
    expect((await post(ctx.app, '/api/v1/auth/register', signupForm(), { ip })).statusCode).toBe(
      201,
    );
    const third = await post(ctx.app, '/api/v1/auth/register', signupForm(), { ip });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: tooManyRequestsMessage(30 * 60_000) });
    expect(third.json().message).toBe('Too many attempts. Please wait 30 minutes and try again.');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(29 * 60);
    // Another address is not held back.
    expect(
      (await post(ctx.app, '/api/v1/auth/register', signupForm(), { ip: '203.0.113.2' }))
        .statusCode,
    ).toBe(201);
  });

  it('logins from one address are limited, whatever accounts they try', async () => {
    const ip = '203.0.113.3';
    for (let i = 0; i < 3; i++) {
      const res = await post(
        ctx.app,
        '/api/v1/auth/login',
        { email: `x${i}@example.test`, password: 'nope-nope' },
        { ip },
      );
      expect(res.statusCode).toBe(400);
    }
    const blocked = await post(
      ctx.app,
      '/api/v1/auth/login',
      { email: 'x9@example.test', password: 'nope-nope' },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please wait 5 minutes and try again.');
  });

  it('logins to one account are limited, whatever addresses they come from', async () => {
    const { user, password } = await buildUser(ctx);
    await post(
      ctx.app,
      '/api/v1/auth/login',
      { email: user.email, password: 'wrong-one' },
      { ip: '198.51.100.1' },
    );
    await post(
      ctx.app,
      '/api/v1/auth/login',
      { email: user.email.toUpperCase(), password: 'wrong-two' },
      { ip: '198.51.100.2' },
    );
    const third = await post(
      ctx.app,
      '/api/v1/auth/login',
      { email: user.email, password },
      { ip: '198.51.100.3' },
    );
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('Too many attempts. Please wait 60 minutes and try again.');
    // Someone else's account from the same address is fine.
    const other = await buildUser(ctx);
    const res = await post(
      ctx.app,
      '/api/v1/auth/login',
      { email: other.user.email, password: other.password },
      { ip: '198.51.100.3' },
    );
    expect(res.statusCode).toBe(200);
  });

  it('account look-ups are limited per address', async () => {
    const ip = '203.0.113.4';
    for (let i = 0; i < 2; i++) {
      expect(
        (await post(ctx.app, '/api/v1/auth/findUser', { email: 'ghost@example.test' }, { ip }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await post(ctx.app, '/api/v1/auth/findUser', { email: 'ghost@example.test' }, { ip }))
        .statusCode,
    ).toBe(429);
  });

  it('reset codes for one e-mail are limited, even from several addresses', async () => {
    const { user } = await buildUser(ctx);
    expect(
      (
        await post(
          ctx.app,
          '/api/v1/auth/sendResetCode',
          { email: user.email },
          { ip: '192.0.2.1' },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          ctx.app,
          '/api/v1/auth/sendResetCode',
          { email: user.email },
          { ip: '192.0.2.2' },
        )
      ).statusCode,
    ).toBe(200);
    const third = await post(
      ctx.app,
      '/api/v1/auth/sendResetCode',
      { email: user.email },
      { ip: '192.0.2.3' },
    );
    expect(third.statusCode).toBe(429);
    const mails = await ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', user.email)
      .execute();
    expect(mails).toHaveLength(2);
  });

  it('reset codes from one address to many e-mails are limited too', async () => {
    const ip = '192.0.2.9';
    const members = await Promise.all([1, 2, 3, 4].map(() => buildUser(ctx)));
    const codes = [];
    for (const { user } of members) {
      codes.push(
        (await post(ctx.app, '/api/v1/auth/sendResetCode', { email: user.email }, { ip }))
          .statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('code checks are limited per address', async () => {
    const ip = '203.0.113.5';
    const body = { email: 'ghost@example.test', code: 'ABCDE' };
    await post(ctx.app, '/api/v1/auth/validateResetCode', body, { ip });
    await post(ctx.app, '/api/v1/auth/validateResetCode', body, { ip });
    expect((await post(ctx.app, '/api/v1/auth/validateResetCode', body, { ip })).statusCode).toBe(
      429,
    );
  });

  it('new activation links are limited per member', async () => {
    const { token } = await buildUser(ctx, { verified: 0 });
    expect((await post(ctx.app, '/api/v1/auth/resendVerification', {}, { token })).statusCode).toBe(
      200,
    );
    const second = await post(ctx.app, '/api/v1/auth/resendVerification', {}, { token });
    expect(second.statusCode).toBe(429);
    const other = await buildUser(ctx, { verified: 0 });
    expect(
      (await post(ctx.app, '/api/v1/auth/resendVerification', {}, { token: other.token }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the general per-member limit', () => {
  const ctx = useTestApp({ config: { limits: { memberDefault: limit(3, 5) } } });

  it('counts a signed-in member across addresses, and signed-out callers per address', async () => {
    const { token } = await buildUser(ctx, { verified: 0 });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await post(ctx.app, '/api/v1/auth/resendVerification', {}, { token, ip: `10.0.0.${i}` }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const anonymous = [];
    for (let i = 0; i < 4; i++) {
      anonymous.push(
        (await ctx.app.inject({ url: '/api/v1/health', remoteAddress: '10.9.9.9' })).statusCode,
      );
    }
    expect(anonymous).toEqual([200, 200, 200, 429]);
    expect(
      (await ctx.app.inject({ url: '/api/v1/health', remoteAddress: '10.9.9.10' })).statusCode,
    ).toBe(200);
  });
});

describe('limits shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let database: TestDatabase;
  const apps: App[] = [];
  const shared = testConfig({ redisUrl, limits: { signupPerIp: limit(2, 30) } });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${shared.redisKeyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('two server processes on one Redis count sign-ups from an address together', async () => {
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config: shared, db: database.db, clock: new TestClock() });
      await app.ready();
      apps.push(app);
    }
    const [first, second] = apps as [App, App];
    const ip = '203.0.113.77';
    expect((await post(first, '/api/v1/auth/register', signupForm(), { ip })).statusCode).toBe(201);
    expect((await post(second, '/api/v1/auth/register', signupForm(), { ip })).statusCode).toBe(
      201,
    );
    const third = await post(first, '/api/v1/auth/register', signupForm(), { ip });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      SERVER_MESSAGES.tooManyRequests.replace('{minutes}', '30 minutes'),
    );
  });
});
