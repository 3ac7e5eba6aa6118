import { ROUTES } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, uniqueEmail } from '../../test-support/factories.js';
import { lastMailTo } from '../../test-support/mail.js';
import { type ReceivedMail, TestSmtpServer } from '../../test-support/smtp-server.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { passwordChangedMail, resetCodeMail, warningMail } from './templates.js';

// The mails' languages (the languages issue): each mail is in its recipient's stored language
// when a catalogue has it, through a real SMTP server, with a Content-Language header.

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

async function sendResetCode(ctx: TestContext, member: BuiltUser): Promise<ReceivedMail> {
  const res = await callEndpoint(ctx.app, ROUTES.sendResetCode, {
    body: { email: member.user.email },
  });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.mailDelivery.idle();
  return smtp.waitForMailTo(member.user.email);
}

async function codeWorks(ctx: TestContext, member: BuiltUser, code: string) {
  const res = await callEndpoint(ctx.app, ROUTES.validateResetCode, {
    body: { email: member.user.email, code },
  });
  expect(res.json()).toEqual({ message: 'ok' });
}

describe('mail in the recipient’s language, over a real SMTP server', () => {
  const ctx = useTestApp({
    config: () => ({ smtpUrl: smtp.url, mailFrom: 'Hearth <hello@hearth.test>' }),
  });

  it('a member whose language is ja gets the reset code in Japanese, the code intact', async () => {
    const hana = await buildUser(ctx, { first_name: 'Hana', language: 'ja' });
    const mail = await sendResetCode(ctx, hana);

    const code = /^Hearth：パスワード再設定コードは ([A-Z0-9]{5}) です$/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeDefined();
    expect(mail.text).toContain('Hana さん、こんにちは。');
    expect(mail.text).toContain(`パスワード再設定コードは ${code} です。`);
    expect(mail.text).toContain('このコードは 15 分間有効です。');
    expect(mail.text).not.toMatch(/reset code|valid for|Hello/i);
    expect(header(mail.raw, 'content-language')).toBe('ja');

    const row = await lastMailTo(ctx.db, hana.user.email);
    expect(row.language).toBe('ja');
    expect(row.html_body).toContain('<html lang="ja" dir="ltr">');
    expect(row.html_body).toContain(`>${code}</p>`);
    await codeWorks(ctx, hana, code ?? '');
  });

  it('a member whose language is ar gets the password-changed mail in Arabic, right to left', async () => {
    const amal = await buildUser(ctx, { first_name: 'Amal', language: 'ar' });
    const res = await callEndpoint(ctx.app, ROUTES.changePassword, {
      body: {
        currentPassword: amal.password,
        password: 'new-password1',
        confPassword: 'new-password1',
      },
      token: amal.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.mailDelivery.idle();
    const mail = await smtp.waitForMailTo(amal.user.email);

    expect(mail.subject).toBe('Hearth: تم تغيير كلمة المرور');
    expect(mail.text).toContain('مرحبًا Amal،');
    expect(mail.text).toContain(`${ctx.config.appUrl}/reset`);
    expect(header(mail.raw, 'content-language')).toBe('ar');

    const row = await lastMailTo(ctx.db, amal.user.email);
    expect(row.html_body).toContain('<html lang="ar" dir="rtl">');
    expect(row.html_body).toContain('<body lang="ar" dir="rtl"');
    expect(row.html_body).toContain(`href="${ctx.config.appUrl}/reset"`);
  });

  it('a member whose language has no catalogue (it) gets English', async () => {
    const gio = await buildUser(ctx, { first_name: 'Gio', language: 'it' });
    const mail = await sendResetCode(ctx, gio);

    const code = /^Hearth: your password reset code is ([A-Z0-9]{5})$/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeDefined();
    expect(mail.text).toContain('Hello Gio,');
    expect(mail.text).toContain(`Your password reset code is: ${code}`);
    expect(mail.text).toContain('It is valid for 15 minutes.');
    expect(header(mail.raw, 'content-language')).toBe('en');
    expect((await lastMailTo(ctx.db, gio.user.email)).html_body).toContain(
      '<html lang="en" dir="ltr">',
    );
    await codeWorks(ctx, gio, code ?? '');
  });

  it('the link to a new address is in the account’s language', async () => {
    const zoe = await buildUser(ctx, { first_name: 'Zoé', language: 'fr' });
    const newEmail = uniqueEmail('zoe.new');
    const res = await callEndpoint(ctx.app, ROUTES.changeEmail, {
      body: { email: newEmail, currentPassword: zoe.password },
      token: zoe.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.mailDelivery.idle();
    const mail = await smtp.waitForMailTo(newEmail);
    expect(mail.subject).toBe('Hearth\u00a0: confirmez votre nouvelle adresse e-mail');
    expect(mail.text).toContain('Bonjour Zoé,');
    expect(mail.text).toContain(`Ouvrez ce lien pour faire de ${newEmail} l’adresse e-mail`);
    expect(mail.text).toContain(`${ctx.config.appUrl}/confirm-email/`);
    expect(header(mail.raw, 'content-language')).toBe('fr');
  });

  it('a member who changed their language gets their next mail in it', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada' });
    const changed = await callEndpoint(ctx.app, ROUTES.changeLanguage, {
      body: { language: 'de' },
      token: ada.token,
    });
    expect(changed.statusCode).toBe(200);
    const mail = await sendResetCode(ctx, ada);
    expect(mail.subject).toMatch(/^Hearth: Dein Code zum Zurücksetzen des Passworts lautet /);
    expect(mail.text).toContain('Hallo Ada,');
    expect(mail.text).toContain('Er ist 15 Minuten lang gültig.');
  });
});

describe('the mail templates', () => {
  const to = (language: string | null) => ({
    email: 'ada@example.test',
    first_name: 'Ada',
    language,
  });

  it('write English as they always did, for English, unknown and missing languages', () => {
    for (const language of ['en', 'zgh', 'xx', null]) {
      const mail = resetCodeMail(to(language), 'ABCDE');
      expect(mail.subject).toBe('Hearth: your password reset code is ABCDE');
      expect(mail.text).toBe(
        [
          'Hello Ada,',
          '',
          'Your password reset code is: ABCDE',
          'It is valid for 15 minutes.',
          '',
          'If you did not ask to reset your password, you can ignore this mail.',
        ].join('\n'),
      );
      expect(mail.language).toBe('en');
    }
    const changed = passwordChangedMail(to('en'), 'https://app.example.org/reset');
    expect(changed.html).toBe(
      '<!doctype html><html lang="en" dir="ltr"><body lang="en" dir="ltr" style="font-family:Helvetica,Arial,sans-serif;color:#1c1e21;max-width:560px"><p>Hello Ada,</p><p>The password of your Hearth account was just changed, and your other devices were logged out.</p><p>If you did not change it, reset your password at once:</p><p><a href="https://app.example.org/reset">https://app.example.org/reset</a></p><p style="color:#65676b;font-size:13px">Hearth</p></body></html>',
    );
  });

  it('put what people typed in as typed: escaped in the HTML part, never read as ICU or escapes', () => {
    const serverName = 'Ville {name} \\u0041 <b>&';
    const reason = "Don't {post} \\x41 <i>spam</i>";
    for (const language of ['en', 'fr', 'ar']) {
      const mail = warningMail(to(language), { serverName, reason });
      expect(mail.subject).toContain(serverName);
      expect(mail.text).toContain(serverName);
      expect(mail.text).toContain(reason);
      expect(mail.html).toContain('Ville {name} \\u0041 &lt;b&gt;&amp;');
      expect(mail.html).toContain('Don&#39;t {post} \\x41 &lt;i&gt;spam&lt;/i&gt;');
      expect(mail.html).not.toContain('<b>');
    }
  });
});
