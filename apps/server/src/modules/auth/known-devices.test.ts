import { SERVER_MESSAGES } from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../../config.js';
import { buildUser, signupForm } from '../../test-support/factories.js';
import { useTestApp } from '../../test-support/test-app.js';
import { DEVICE_COOKIE } from './known-devices.js';

/** The default login limits, as a host runs them: 25 per IP, 25 per account, 10 per device. */
const { loginPerIp, loginPerAccount, loginPerDevice } = defaultLimits();

interface Attempt {
  email: string;
  password: string;
  ip: string;
  /** The known-device cookie's value, as the browser would send it back. */
  device?: string;
}

describe('known devices: strangers cannot lock a member out', () => {
  const ctx = useTestApp({ config: { limits: { loginPerIp, loginPerAccount, loginPerDevice } } });

  function login({ email, password, ip, device }: Attempt): Promise<LightMyRequestResponse> {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
    });
  }

  function deviceCookieOf(res: LightMyRequestResponse): string {
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    if (!cookie) throw new Error(`no ${DEVICE_COOKIE} cookie in ${JSON.stringify(res.headers)}`);
    return cookie.value;
  }

  /**
   * 25 wrong passwords for the e-mail, each from another address: wrong (400) until the
   * account's counter, which the owner's first login on a new device also counts, says 429.
   */
  async function strangersGuess(email: string): Promise<void> {
    const statuses: number[] = [];
    for (let i = 0; i < loginPerAccount.max; i++) {
      const res = await login({ email, password: `guess-${i}`, ip: `198.51.100.${i + 1}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1)).toEqual(Array(loginPerAccount.max - 1).fill(400));
    expect([400, 429]).toContain(statuses.at(-1));
  }

  it('a successful login marks the browser with a long-lived, script-proof cookie for the auth calls only', async () => {
    const owner = await buildUser(ctx);
    const res = await login({ email: owner.user.email, password: owner.password, ip: '192.0.2.1' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(cookie?.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    // It names no account.
    expect(cookie?.value).not.toContain(owner.user.email);
    expect(cookie?.value).not.toContain(owner.user.id);
    // A failed login sets nothing.
    const failed = await login({ email: owner.user.email, password: 'wrong', ip: '192.0.2.1' });
    expect(failed.cookies).toEqual([]);
  });

  it('after 25 wrong passwords from other addresses, the owner still logs in on a device used before; a new device is throttled', async () => {
    const owner = await buildUser(ctx);
    const phone = deviceCookieOf(
      await login({ email: owner.user.email, password: owner.password, ip: '192.0.2.10' }),
    );

    await strangersGuess(owner.user.email);

    // A stranger's next try, and the right password from a device never used: throttled.
    const stranger = await login({ email: owner.user.email, password: 'guess', ip: '203.0.113.9' });
    expect(stranger.statusCode).toBe(429);
    const newLaptop = await login({
      email: owner.user.email,
      password: owner.password,
      ip: '192.0.2.11',
    });
    expect(newLaptop.statusCode).toBe(429);
    expect(newLaptop.json().message).toBe(
      'Too many attempts. Please wait 60 minutes and try again.',
    );

    // The owner's phone: in, with a session that works.
    const fromPhone = await login({
      email: owner.user.email.toUpperCase(),
      password: owner.password,
      ip: '192.0.2.10',
      device: phone,
    });
    expect(fromPhone.statusCode).toBe(200);
    expect(fromPhone.json().message).toBe(SERVER_MESSAGES.loginSuccess);
    const feed = await ctx.app.inject({
      url: '/api/v1/posts',
      headers: { authorization: `Bearer ${fromPhone.json().token}` },
    });
    expect(feed.statusCode).toBe(200);
  });

  it("another account's cookie, a tampered cookie or a made-up one does not get past the account's limit", async () => {
    const owner = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    const strangersOwn = deviceCookieOf(
      await login({ email: stranger.user.email, password: stranger.password, ip: '203.0.113.5' }),
    );
    const ownersPhone = deviceCookieOf(
      await login({ email: owner.user.email, password: owner.password, ip: '192.0.2.20' }),
    );
    await strangersGuess(owner.user.email);

    const [id, tag] = ownersPhone.split('.') as [string, string];
    const flipped = `${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`;
    for (const device of [
      strangersOwn,
      `${id}.${flipped}`,
      `${strangersOwn.split('.')[0]}.${tag}`,
      `${'A'.repeat(22)}.${'B'.repeat(22)}`,
      'not a cookie',
    ]) {
      const res = await login({
        email: owner.user.email,
        password: owner.password,
        ip: '203.0.113.5',
        device,
      });
      expect(res.statusCode, device).toBe(429);
    }
  });

  it('a known device has a limit of its own: 10 wrong passwords there throttle that device only', async () => {
    const owner = await buildUser(ctx);
    const phone = deviceCookieOf(
      await login({ email: owner.user.email, password: owner.password, ip: '192.0.2.30' }),
    );
    const laptop = deviceCookieOf(
      await login({ email: owner.user.email, password: owner.password, ip: '192.0.2.31' }),
    );
    // Logins with the phone's cookie count on the phone, not on the account.
    for (let i = 0; i < loginPerDevice.max; i++) {
      const res = await login({
        email: owner.user.email,
        password: `typo-${i}`,
        ip: `192.0.2.${40 + i}`,
        device: phone,
      });
      expect(res.statusCode).toBe(400);
    }
    const phoneAgain = await login({
      email: owner.user.email,
      password: owner.password,
      ip: '192.0.2.30',
      device: phone,
    });
    expect(phoneAgain.statusCode).toBe(429);
    const fromLaptop = await login({
      email: owner.user.email,
      password: owner.password,
      ip: '192.0.2.31',
      device: laptop,
    });
    expect(fromLaptop.statusCode).toBe(200);
  });

  it('one browser remembers every account that logged in on it, and sign-up counts as a login', async () => {
    const first = await buildUser(ctx);
    const form = signupForm();
    let device = deviceCookieOf(
      await login({ email: first.user.email, password: first.password, ip: '192.0.2.60' }),
    );
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: form,
      remoteAddress: '192.0.2.60',
      cookies: { [DEVICE_COOKIE]: device },
    });
    expect(signup.statusCode).toBe(201);
    device = deviceCookieOf(signup);

    await strangersGuess(first.user.email);
    await strangersGuess(form.email);
    for (const [email, password] of [
      [first.user.email, first.password],
      [form.email, String(form.password)],
    ] as const) {
      expect((await login({ email, password, ip: '192.0.2.60', device })).statusCode, email).toBe(
        200,
      );
      expect((await login({ email, password, ip: '192.0.2.61' })).statusCode, email).toBe(429);
    }
  });
});
