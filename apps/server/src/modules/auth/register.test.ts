import { DEFAULT_PICTURE, REGISTER_MESSAGES, SERVER_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { signupForm } from '../../test-support/factories.js';
import { activationTokenIn, lastMailTo, mailsTo } from '../../test-support/mail.js';
import { post, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';

const REGISTER = '/api/v1/auth/register';

describe('signing up', () => {
  const ctx = useTestApp();

  it('a newcomer who signs up gets a session, an unverified account and the welcome message', async () => {
    const form = signupForm({ first_name: 'Amina', last_name: 'Benali' });
    const res = await post(ctx.app, REGISTER, form);

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Register Success ! please activate your email to start',
      id: expect.any(String),
      username: 'aminabenali',
      picture: publicAddress(DEFAULT_PICTURE),
      first_name: 'Amina',
      last_name: 'Benali',
      token: expect.any(String),
      verified: false,
      role: 'member',
      language: 'en',
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'first_name',
        'id',
        'language',
        'last_name',
        'message',
        'picture',
        'role',
        'token',
        'username',
        'verified',
      ].sort(),
    );
  });

  it('the session token from sign-up works for an authenticated call', async () => {
    const res = await post(ctx.app, REGISTER, signupForm());
    const { token } = res.json();
    const resend = await post(ctx.app, '/api/v1/auth/resendVerification', undefined, { token });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: SERVER_MESSAGES.verificationSent });
  });

  it('a newcomer receives an activation mail with a link to the public URL', async () => {
    const form = signupForm();
    await post(ctx.app, REGISTER, form);
    const mail = await lastMailTo(ctx.db, form.email);
    expect(mail.subject).toMatch(/activate/i);
    expect(mail.text_body).toContain(`${ctx.config.publicUrl}/activate/`);
    expect(mail.html_body).toContain(`href="${ctx.config.publicUrl}/activate/`);
    expect(activationTokenIn(mail.text_body)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('the e-mail is stored lower-cased and trimmed, and the mail goes there', async () => {
    const res = await post(ctx.app, REGISTER, signupForm({ email: '  Amina.Mixed@Example.TEST ' }));
    expect(res.statusCode).toBe(201);
    expect(await mailsTo(ctx.db, 'amina.mixed@example.test')).toHaveLength(1);
  });

  it('a second sign-up with the same e-mail in any letter case gets 409', async () => {
    const form = signupForm({ email: 'taken@example.test' });
    expect((await post(ctx.app, REGISTER, form)).statusCode).toBe(201);
    for (const email of ['taken@example.test', 'TAKEN@example.test', 'Taken@Example.Test']) {
      const again = await post(ctx.app, REGISTER, { ...form, email });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: SERVER_MESSAGES.emailTaken });
    }
    // Refused sign-ups send nothing.
    expect(await mailsTo(ctx.db, 'taken@example.test')).toHaveLength(1);
  });

  it('the same e-mail sent twice at the same moment creates one account', async () => {
    const form = signupForm({ email: 'twice@example.test' });
    const answers = await Promise.all([
      post(ctx.app, REGISTER, form),
      post(ctx.app, REGISTER, form),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  describe('usernames', () => {
    it('members with the same name get the name, then the name with 1, 2, …', async () => {
      const names = [];
      for (let i = 0; i < 4; i++) {
        const res = await post(
          ctx.app,
          REGISTER,
          signupForm({ first_name: 'John', last_name: 'Doe' }),
        );
        names.push(res.json().username);
      }
      expect(names).toEqual(['johndoe', 'johndoe1', 'johndoe2', 'johndoe3']);
    });

    it('accents are dropped and the name is lower-cased', async () => {
      const res = await post(
        ctx.app,
        REGISTER,
        signupForm({ first_name: 'Zoé', last_name: 'Émile' }),
      );
      expect(res.json().username).toBe('zoeemile');
      expect(res.json().first_name).toBe('Zoé');
    });

    it('a name written only in another script still gets a username of letters a-z', async () => {
      const first = await post(
        ctx.app,
        REGISTER,
        signupForm({ first_name: 'Иван', last_name: 'Петров' }),
      );
      const second = await post(
        ctx.app,
        REGISTER,
        signupForm({ first_name: 'Анна', last_name: 'Лі' }),
      );
      expect(first.statusCode).toBe(201);
      expect(first.json().username).toMatch(/^[a-z]+$/);
      expect(second.json().username).toMatch(/^[a-z]+[0-9]*$/);
      expect(second.json().username).not.toBe(first.json().username);
    });

    it('many members named alike signing up at once all get distinct usernames', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          post(ctx.app, REGISTER, signupForm({ first_name: 'Sam', last_name: 'Lee' })),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
      const usernames = answers.map((a) => a.json().username);
      expect(new Set(usernames).size).toBe(6);
      expect(usernames.every((u) => /^samlee\d*$/.test(u))).toBe(true);
    });
  });

  describe('validation answers with the sign-up form messages', () => {
    it.each([
      ['first_name', '', REGISTER_MESSAGES.firstNameRequired],
      ['last_name', '', REGISTER_MESSAGES.lastNameRequired],
      ['first_name', 'A', REGISTER_MESSAGES.firstNameLength],
      ['last_name', 'B'.repeat(17), REGISTER_MESSAGES.lastNameLength],
      ['first_name', 'Am1na', REGISTER_MESSAGES.nameLetters],
      ['email', '', REGISTER_MESSAGES.emailRequired],
      ['email', 'amina@', REGISTER_MESSAGES.emailInvalid],
      ['password', '', REGISTER_MESSAGES.passwordRequired],
      ['password', '12345', REGISTER_MESSAGES.passwordMin],
      ['password', 'x'.repeat(37), REGISTER_MESSAGES.passwordMax],
      ['gender', 'other', REGISTER_MESSAGES.genderRequired],
      ['bYear', new Date().getFullYear() - 5, REGISTER_MESSAGES.birthDate],
      ['bYear', new Date().getFullYear() - 120, REGISTER_MESSAGES.birthDate],
      ['bDay', 32, REGISTER_MESSAGES.birthDate],
    ])('%s = %j is refused with its message', async (field, value, message) => {
      const res = await post(ctx.app, REGISTER, signupForm({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it.each([
      ['first_name', REGISTER_MESSAGES.firstNameRequired],
      ['email', REGISTER_MESSAGES.emailRequired],
      ['password', REGISTER_MESSAGES.passwordRequired],
      ['gender', REGISTER_MESSAGES.genderRequired],
      ['bMonth', REGISTER_MESSAGES.birthDate],
    ])('a form without %s is refused with its message', async (field, message) => {
      const form: Record<string, unknown> = signupForm();
      delete form[field];
      const res = await post(ctx.app, REGISTER, form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it('an empty form is asked for the first name first', async () => {
      const res = await post(ctx.app, REGISTER, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: REGISTER_MESSAGES.firstNameRequired });
    });

    it('select values sent as strings are accepted, the way a form sends them', async () => {
      const res = await post(
        ctx.app,
        REGISTER,
        signupForm({ bYear: '1990', bMonth: '2', bDay: '28' }),
      );
      expect(res.statusCode).toBe(201);
    });

    it('nothing is stored for a refused form', async () => {
      const form = signupForm({ password: '123' });
      await post(ctx.app, REGISTER, form);
      expect(await mailsTo(ctx.db, form.email)).toHaveLength(0);
      const login = await post(ctx.app, '/api/v1/auth/login', {
        email: form.email,
        password: '123',
      });
      expect(login.statusCode).toBe(400);
    });
  });
});
