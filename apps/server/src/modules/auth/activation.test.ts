import { SERVER_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { signupForm } from '../../test-support/factories.js';
import { activationTokenIn, lastMailTo, mailsTo } from '../../test-support/mail.js';
import { post, type TestContext, useTestApp } from '../../test-support/test-app.js';

const ACTIVATE = '/api/v1/auth/activateAccount';
const RESEND = '/api/v1/auth/resendVerification';
const LOGIN = '/api/v1/auth/login';

/** Signs up through the API and reads the activation link from the mail it sent. */
async function signUp(ctx: TestContext, overrides = {}) {
  const form = signupForm(overrides);
  const session = (await post(ctx.app, '/api/v1/auth/register', form)).json();
  const mail = await lastMailTo(ctx.db, form.email);
  return { form, session, token: session.token as string, link: activationTokenIn(mail.text_body) };
}

describe('activating an account', () => {
  const ctx = useTestApp();

  it('a member who opens the mailed link while logged in becomes verified', async () => {
    const { form, token, link } = await signUp(ctx);
    const res = await post(ctx.app, ACTIVATE, { token: link }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.activated });

    const login = await post(ctx.app, LOGIN, { email: form.email, password: form.password });
    expect(login.json().verified).toBe(true);
  });

  it('opening the link a second time says the account is already activated', async () => {
    const { token, link } = await signUp(ctx);
    await post(ctx.app, ACTIVATE, { token: link }, { token });
    const again = await post(ctx.app, ACTIVATE, { token: link }, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SERVER_MESSAGES.alreadyActivated });
  });

  it("someone else's link is refused with 403 and activates nobody", async () => {
    const amina = await signUp(ctx);
    const omar = await signUp(ctx, { first_name: 'Omar' });
    const res = await post(ctx.app, ACTIVATE, { token: amina.link }, { token: omar.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.notYourActivation });

    const login = await post(ctx.app, LOGIN, {
      email: amina.form.email,
      password: amina.form.password,
    });
    expect(login.json().verified).toBe(false);
    // Amina's own link still works for her.
    expect(
      (await post(ctx.app, ACTIVATE, { token: amina.link }, { token: amina.token })).statusCode,
    ).toBe(200);
  });

  it('a link older than 24 hours has expired', async () => {
    const { token, link } = await signUp(ctx);
    ctx.clock.advanceHours(24);
    const res = await post(ctx.app, ACTIVATE, { token: link }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.activationInvalid });
  });

  it('a link is still good just before 24 hours', async () => {
    const { token, link } = await signUp(ctx);
    ctx.clock.advance(24 * 3_600_000 - 1_000);
    expect((await post(ctx.app, ACTIVATE, { token: link }, { token })).statusCode).toBe(200);
  });

  it('a link that was already used cannot activate again, even after the account changed', async () => {
    const { session, token, link } = await signUp(ctx);
    await post(ctx.app, ACTIVATE, { token: link }, { token });
    // An operator un-verifying the account does not revive the spent link.
    await ctx.db.updateTable('users').set({ verified: 0 }).where('id', '=', session.id).execute();
    const res = await post(ctx.app, ACTIVATE, { token: link }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.activationInvalid });
  });

  it('an unknown token is refused with 400', async () => {
    const { token } = await signUp(ctx);
    const res = await post(ctx.app, ACTIVATE, { token: 'made-up-token' }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.activationInvalid });
  });

  it('activating without being logged in gets 401', async () => {
    const { link } = await signUp(ctx);
    const res = await post(ctx.app, ACTIVATE, { token: link });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });

  it('a request without a token is refused with a readable message', async () => {
    const { token } = await signUp(ctx);
    for (const body of [{}, { token: '' }, { token: 42 }]) {
      const res = await post(ctx.app, ACTIVATE, body, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.activationTokenMissing });
    }
  });
});

describe('asking for a new activation link', () => {
  const ctx = useTestApp();

  it('an unverified member gets a fresh link by mail, and it works', async () => {
    const { form, token, link: first } = await signUp(ctx);
    const res = await post(ctx.app, RESEND, undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.verificationSent });

    const mails = await mailsTo(ctx.db, form.email);
    expect(mails).toHaveLength(2);
    const fresh = activationTokenIn(mails[0]!.text_body);
    expect(fresh).not.toBe(first);
    expect((await post(ctx.app, ACTIVATE, { token: fresh }, { token })).statusCode).toBe(200);
  });

  it('the fresh link is valid 24 hours from when it was asked for', async () => {
    const { form, token } = await signUp(ctx);
    ctx.clock.advanceHours(23);
    await post(ctx.app, RESEND, undefined, { token });
    const fresh = activationTokenIn((await lastMailTo(ctx.db, form.email)).text_body);
    ctx.clock.advanceHours(23);
    expect((await post(ctx.app, ACTIVATE, { token: fresh }, { token })).statusCode).toBe(200);
  });

  it('the web client may send an empty JSON body or {}', async () => {
    const { token } = await signUp(ctx);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: RESEND,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    expect((await post(ctx.app, RESEND, {}, { token })).statusCode).toBe(200);
  });

  it('an activated member is told the account is already activated and gets no mail', async () => {
    const { form, token, link } = await signUp(ctx);
    await post(ctx.app, ACTIVATE, { token: link }, { token });
    const res = await post(ctx.app, RESEND, undefined, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This account is already activated.' });
    expect(await mailsTo(ctx.db, form.email)).toHaveLength(1);
  });

  it('asking without being logged in gets 401', async () => {
    const res = await post(ctx.app, RESEND, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('an app served from another address (APP_URL)', () => {
  const ctx = useTestApp({ config: { appUrl: 'https://app.example.org' } });

  it('the activation link in the mail opens the app there', async () => {
    const form = signupForm();
    await post(ctx.app, '/api/v1/auth/register', form);
    const mail = await lastMailTo(ctx.db, form.email);
    const token = activationTokenIn(mail.text_body);
    expect(mail.text_body).toContain(`https://app.example.org/activate/${token}`);
    expect(mail.html_body).toContain(`href="https://app.example.org/activate/${token}"`);
    expect(mail.text_body).not.toContain(ctx.config.publicUrl);
  });
});
