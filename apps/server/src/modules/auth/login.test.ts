import { LOGIN_MESSAGES, SERVER_MESSAGES, SESSION_TTL_SECONDS } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildUser, signupForm } from '../../test-support/factories.js';
import { post, useTestApp } from '../../test-support/test-app.js';

const LOGIN = '/api/v1/auth/login';
const RESEND = '/api/v1/auth/resendVerification';

describe('logging in', () => {
  const ctx = useTestApp();

  it('a member who signed up logs in with the same e-mail and password', async () => {
    const form = signupForm({ first_name: 'Ada', last_name: 'Lovelace' });
    const signup = (await post(ctx.app, '/api/v1/auth/register', form)).json();

    const res = await post(ctx.app, LOGIN, { email: form.email, password: form.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: SERVER_MESSAGES.loginSuccess,
      id: signup.id,
      username: 'adalovelace',
      picture: signup.picture,
      first_name: 'Ada',
      last_name: 'Lovelace',
      token: expect.any(String),
      verified: false,
      role: 'member',
      language: 'en',
    });
  });

  it('the e-mail may be typed in another letter case and with spaces around it', async () => {
    const { user, password } = await buildUser(ctx, { email: 'grace@example.test' });
    const res = await post(ctx.app, LOGIN, { email: '  GRACE@Example.test ', password });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });

  it('a verified member sees verified: true', async () => {
    const { user, password } = await buildUser(ctx, { verified: 1 });
    const res = await post(ctx.app, LOGIN, { email: user.email, password });
    expect(res.json().verified).toBe(true);
  });

  it('a wrong password and an unknown e-mail get the very same answer', async () => {
    const { user } = await buildUser(ctx);
    const wrongPassword = await post(ctx.app, LOGIN, { email: user.email, password: 'nope-nope' });
    const unknownEmail = await post(ctx.app, LOGIN, {
      email: 'nobody@example.test',
      password: 'nope-nope',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownEmail.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it.each([
    [{ email: '', password: 'x' }, LOGIN_MESSAGES.emailRequired],
    [{ email: 'not-mail', password: 'x' }, LOGIN_MESSAGES.emailInvalid],
    [{ email: 'a@b.co', password: '' }, LOGIN_MESSAGES.passwordRequired],
    [{ password: 'x' }, LOGIN_MESSAGES.emailRequired],
    [{ email: 'a@b.co' }, LOGIN_MESSAGES.passwordRequired],
  ])('the form %j is refused with the login message', async (body, message) => {
    const res = await post(ctx.app, LOGIN, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('logging in, timed with a production-like password cost', () => {
  const timed = useTestApp({ config: { passwordHashLogN: 14 } });

  it('an unknown e-mail costs a password check too, so timing does not tell accounts apart', async () => {
    const { user } = await buildUser(timed);
    const timeOne = async (email: string) => {
      const started = process.hrtime.bigint();
      await post(timed.app, LOGIN, { email, password: 'nope-nope' });
      return Number(process.hrtime.bigint() - started);
    };
    await timeOne(user.email);
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a busy machine slows both sides alike; medians, so one stalled request
    // (another test file's work on the same cores) does not decide the comparison.
    for (let i = 0; i < 7; i++) {
      known.push(await timeOne(user.email));
      unknown.push(await timeOne('nobody@example.test'));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    // Both pay for one scrypt; without the decoy, the unknown case is many times faster.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
  });
});

describe('sessions', () => {
  const ctx = useTestApp();

  it('a call that needs a session, made without one, gets 401', async () => {
    const res = await post(ctx.app, RESEND);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });

  it.each([
    ['a forged token', 'Bearer not.a.jwt'],
    [
      'a token signed with another secret',
      'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidHYiOjB9.x',
    ],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('%s gets 401', async (_name, authorization) => {
    const res = await ctx.app.inject({ method: 'POST', url: RESEND, headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });

  it('a session lasts seven days, then the member is asked to log in again', async () => {
    const { token } = await buildUser(ctx, { verified: 0 });
    ctx.clock.advance((SESSION_TTL_SECONDS - 60) * 1000);
    expect((await post(ctx.app, RESEND, undefined, { token })).statusCode).toBe(200);
    ctx.clock.advance(120 * 1000);
    const expired = await post(ctx.app, RESEND, undefined, { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
  });

  it('a token of a deleted account is refused', async () => {
    const { user, token } = await buildUser(ctx, { verified: 0 });
    await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    const res = await post(ctx.app, RESEND, undefined, { token });
    expect(res.statusCode).toBe(401);
  });

  it('a token minted by another server secret is refused', async () => {
    const { user } = await buildUser(ctx, { verified: 0 });
    const stranger = await buildUser(
      { ...ctx, config: { ...ctx.config, jwtSecret: 'another-secret-another-secret-another' } },
      { email: `x${user.email}` },
    );
    const res = await post(ctx.app, RESEND, undefined, { token: stranger.token });
    expect(res.statusCode).toBe(401);
  });
});
