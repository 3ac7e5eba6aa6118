import { SERVER_MESSAGES } from '@hearth/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signupForm } from '../../test-support/factories.js';
import { activationTokenIn, lastMailTo, resetCodeIn } from '../../test-support/mail.js';
import { TestSmtpServer } from '../../test-support/smtp-server.js';
import { post, type TestContext, useTestApp } from '../../test-support/test-app.js';

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

async function signUp(ctx: TestContext) {
  const form = signupForm();
  const res = await post(ctx.app, '/api/v1/auth/register', form);
  expect(res.statusCode).toBe(201);
  return { form, token: res.json().token as string };
}

describe('mail over a real SMTP server', () => {
  const ctx = useTestApp({
    config: () => ({ smtpUrl: smtp.url, mailFrom: 'Hearth <hello@hearth.test>' }),
  });

  afterEach(async () => {
    smtp.refusing = false;
    if (!smtp.running) await smtp.start();
  });

  it('the activation link arrives by SMTP and activates the account', async () => {
    const { form, token } = await signUp(ctx);
    const mail = await smtp.waitForMailTo(form.email);
    expect(mail.from).toBe('hello@hearth.test');
    expect(mail.raw).toMatch(/^From: Hearth <hello@hearth\.test>/m);
    expect(mail.subject).toMatch(/activate/i);
    expect(mail.text).toContain(`${ctx.config.publicUrl}/activate/`);

    const res = await post(
      ctx.app,
      '/api/v1/auth/activateAccount',
      { token: activationTokenIn(mail.text) },
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.activated });
  });

  it('the reset code arrives by SMTP and lets the member set a new password', async () => {
    const { form } = await signUp(ctx);
    await post(ctx.app, '/api/v1/auth/sendResetCode', { email: form.email });
    await ctx.app.mailDelivery.idle();
    const mail = smtp.mailsTo(form.email).find((m) => /reset code/i.test(m.subject));
    expect(mail).toBeDefined();
    const code = resetCodeIn(mail!.text);

    expect(
      (await post(ctx.app, '/api/v1/auth/validateResetCode', { email: form.email, code })).json(),
    ).toEqual({ message: 'ok' });
    const reset = await post(ctx.app, '/api/v1/auth/resetPassword', {
      email: form.email,
      password: 'brand-new-pass',
      confPassword: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post(ctx.app, '/api/v1/auth/login', { email: form.email, password: 'brand-new-pass' }))
        .statusCode,
    ).toBe(200);
  });

  it('the outbox row is marked sent once the SMTP server took the mail', async () => {
    const { form } = await signUp(ctx);
    await smtp.waitForMailTo(form.email);
    await ctx.app.mailDelivery.idle();
    const row = await lastMailTo(ctx.db, form.email);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.sent_at).not.toBeNull();
  });

  it('during an SMTP outage sign-up still works, and the queued mail goes out after recovery', async () => {
    await smtp.stop();
    const { form, token } = await signUp(ctx);
    await ctx.app.mailDelivery.idle();
    let row = await lastMailTo(ctx.db, form.email);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);

    // It waits for its back-off before trying again.
    ctx.app.mailDelivery.kick();
    await ctx.app.mailDelivery.idle();
    expect((await lastMailTo(ctx.db, form.email)).attempts).toBe(1);

    await smtp.start();
    ctx.clock.advance(30_000);
    ctx.app.mailDelivery.kick();
    await ctx.app.mailDelivery.idle();

    const mail = await smtp.waitForMailTo(form.email);
    row = await lastMailTo(ctx.db, form.email);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    const res = await post(
      ctx.app,
      '/api/v1/auth/activateAccount',
      { token: activationTokenIn(mail.text) },
      { token },
    );
    expect(res.statusCode).toBe(200);
  });

  it('a server refusing mail for a while gets it retried with growing waits, never dropped', async () => {
    smtp.refusing = true;
    const { form } = await signUp(ctx);
    await ctx.app.mailDelivery.idle();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const row = await lastMailTo(ctx.db, form.email);
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toMatch(/451/);
      const wait = Date.parse(row.next_attempt_at) - ctx.clock.now().getTime();
      waits.push(wait);
      ctx.clock.advance(wait);
      ctx.app.mailDelivery.kick();
      await ctx.app.mailDelivery.idle();
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(smtp.mailsTo(form.email)).toHaveLength(0);

    smtp.refusing = false;
    const row = await lastMailTo(ctx.db, form.email);
    ctx.clock.advance(Date.parse(row.next_attempt_at) - ctx.clock.now().getTime());
    ctx.app.mailDelivery.kick();
    await ctx.app.mailDelivery.idle();
    expect(smtp.mailsTo(form.email)).toHaveLength(1);
    expect((await lastMailTo(ctx.db, form.email)).status).toBe('sent');
  });
});
