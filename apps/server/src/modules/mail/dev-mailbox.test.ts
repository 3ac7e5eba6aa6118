import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { signupForm } from '../../test-support/factories.js';
import { activationTokenIn, lastMailTo } from '../../test-support/mail.js';
import { post, testConfig, useTestApp } from '../../test-support/test-app.js';
import { TestClock } from '../../test-support/test-clock.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { MAILBOX_LOOPBACK_ONLY } from './routes.js';

describe('the dev outbox (no SMTP_URL)', () => {
  const ctx = useTestApp();

  it('a developer reads the activation mail at /dev/mailbox, newest first, with a clickable link', async () => {
    const older = signupForm({ first_name: 'Older' });
    const newer = signupForm({ first_name: 'Newer' });
    await post(ctx.app, '/api/v1/auth/register', older);
    ctx.clock.advance(1000);
    await post(ctx.app, '/api/v1/auth/register', newer);

    const res = await ctx.app.inject({ url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html.indexOf(newer.email)).toBeGreaterThan(-1);
    expect(html.indexOf(newer.email)).toBeLessThan(html.indexOf(older.email));
    const token = activationTokenIn((await lastMailTo(ctx.db, newer.email)).text_body);
    const link = `${ctx.config.publicUrl}/activate/${token}`;
    expect(html).toContain(`<a href="${link}">${link}</a>`);
  });

  it('scripts read the same mail as JSON, optionally for one recipient', async () => {
    const form = signupForm();
    await post(ctx.app, '/api/v1/auth/register', form);
    await post(ctx.app, '/api/v1/auth/register', signupForm());
    await ctx.app.mailDelivery.idle();

    const all = await ctx.app.inject({ url: '/dev/mailbox?format=json' });
    expect(all.json()).toHaveLength(2);
    const mine = await ctx.app.inject({
      url: `/dev/mailbox?format=json&to=${encodeURIComponent(form.email.toUpperCase())}`,
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({
        to: form.email,
        subject: expect.stringMatching(/activate/i),
        text: expect.stringContaining('/activate/'),
        status: 'sent',
        attempts: 1,
      }),
    ]);
  });

  it('mail content is escaped on the page', async () => {
    const now = ctx.clock.now().toISOString();
    await ctx.db
      .insertInto('mail_outbox')
      .values({
        id: '00000000-0000-7000-8000-000000000001',
        recipient: 'x@example.test',
        subject: '<script>alert(1)</script>',
        text_body: 'see <b>this</b> http://hearth.test/a?b=1&c=2',
        html_body: '',
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        lease_owner: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .execute();
    const html = (await ctx.app.inject({ url: '/dev/mailbox' })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('see &lt;b&gt;this&lt;/b&gt;');
    expect(html).toContain('<a href="http://hearth.test/a?b=1&amp;c=2">');
  });

  it('without SMTP the mail counts as delivered and its link is printed to the server log', async () => {
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
      clock: new TestClock(),
      logger: { level: 'info', stream },
    });
    try {
      const form = signupForm();
      await post(app, '/api/v1/auth/register', form);
      await app.mailDelivery.idle();
      const mail = await lastMailTo(database.db, form.email);
      expect(mail.status).toBe('sent');
      const token = activationTokenIn(mail.text_body);
      expect(lines.join('\n')).toContain(`/activate/${token}`);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe('who may read the dev mailbox', () => {
  const ctx = useTestApp();

  it('a browser on the same machine reads it, over IPv4 or IPv6 loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      const res = await ctx.app.inject({ url: '/dev/mailbox?format=json', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json(), remoteAddress).toEqual([]);
    }
  });

  it('another machine is refused 403 with a sentence and sees no mail', async () => {
    await post(ctx.app, '/api/v1/auth/register', signupForm());
    for (const remoteAddress of ['192.0.2.10', '10.0.0.7', '::ffff:192.0.2.10', '2001:db8::1']) {
      for (const format of ['json', 'html']) {
        const res = await ctx.app.inject({ url: `/dev/mailbox?format=${format}`, remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(403);
        expect(res.json(), remoteAddress).toEqual({ message: MAILBOX_LOOPBACK_ONLY });
        expect(res.body).not.toContain('activate');
      }
    }
  });

  it('a request forwarded by a reverse proxy on the same machine is refused too', async () => {
    for (const header of [
      { 'x-forwarded-for': '198.51.100.4' },
      { forwarded: 'for=198.51.100.4' },
      { 'x-real-ip': '198.51.100.4' },
      // Even a proxy claiming the client is local: the mailbox is for direct local use only.
      { 'x-forwarded-for': '127.0.0.1' },
    ]) {
      const res = await ctx.app.inject({ url: '/dev/mailbox?format=json', headers: header });
      expect(res.statusCode, JSON.stringify(header)).toBe(403);
    }
  });
});

describe('the dev mailbox behind a trusted proxy', () => {
  const ctx = useTestApp({ config: { trustProxy: true } });

  it('a remote member coming through the proxy is refused', async () => {
    const res = await ctx.app.inject({
      url: '/dev/mailbox?format=json',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the dev mailbox when mail goes out over SMTP', () => {
  const ctx = useTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:2525' } });

  it('is not served at all, even to this machine', async () => {
    await post(ctx.app, '/api/v1/auth/register', signupForm());
    for (const format of ['json', 'html']) {
      const res = await ctx.app.inject({ url: `/dev/mailbox?format=${format}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });
});

describe('the dev mailbox in production', () => {
  const ctx = useTestApp({ config: { nodeEnv: 'production' } });

  it('is not served at all', async () => {
    const res = await ctx.app.inject({ url: '/dev/mailbox?format=json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});
