import {
  FIND_ACCOUNT_MESSAGES,
  NEW_PASSWORD_MESSAGES,
  RESET_CODE_ALPHABET,
  RESET_CODE_MESSAGES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.js';
import { lastMailTo, mailsTo, resetCodeIn } from '../../test-support/mail.js';
import { post, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';

const FIND = '/api/v1/auth/findUser';
const SEND = '/api/v1/auth/sendResetCode';
const VALIDATE = '/api/v1/auth/validateResetCode';
const RESET = '/api/v1/auth/resetPassword';
const LOGIN = '/api/v1/auth/login';
const RESEND = '/api/v1/auth/resendVerification';

async function sendCode(ctx: TestContext, email: string): Promise<string> {
  const res = await post(ctx.app, SEND, { email });
  expect(res.statusCode).toBe(200);
  return resetCodeIn((await lastMailTo(ctx.db, email)).text_body);
}

/** A code that is not `code`, in the same alphabet. */
function otherThan(code: string): string {
  const first = RESET_CODE_ALPHABET.split('').find((c) => c !== code[0])!;
  return first + code.slice(1);
}

const newPassword = (password: string) => ({ password, confPassword: password });

describe('finding an account', () => {
  const ctx = useTestApp();

  it("a member who forgot the password finds the account's e-mail and picture", async () => {
    const { user } = await buildUser(ctx, { picture: 'ada/profile_pictures/me.webp' });
    const res = await post(ctx.app, FIND, { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: user.email,
      picture: publicAddress('/media/ada/profile_pictures/me.webp'),
      first_name: user.first_name,
      last_name: user.last_name,
    });
  });

  it('an unknown e-mail gets 404 with the spec sentence', async () => {
    const res = await post(ctx.app, FIND, { email: 'ghost@example.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Account does not exists.' });
  });

  it.each([
    ['', FIND_ACCOUNT_MESSAGES.emailRequired],
    ['nope', FIND_ACCOUNT_MESSAGES.emailInvalid],
    [`${'a'.repeat(41)}@mail.test`, FIND_ACCOUNT_MESSAGES.emailMax],
  ])('the e-mail %j is refused with the find-account message', async (email, message) => {
    const res = await post(ctx.app, FIND, { email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('resetting a forgotten password', () => {
  const ctx = useTestApp();
  const freshMember = () => buildUser(ctx, { password: 'old-password' });

  it('the whole story: code by mail, code checked, new password, old one no longer works', async () => {
    const { user } = await freshMember();
    const sent = await post(ctx.app, SEND, { email: user.email });
    expect(sent.json()).toEqual({ message: SERVER_MESSAGES.resetCodeSent });
    const mail = await lastMailTo(ctx.db, user.email);
    const code = resetCodeIn(mail.text_body);
    expect(code).toMatch(new RegExp(`^[${RESET_CODE_ALPHABET}]{5}$`));

    const checked = await post(ctx.app, VALIDATE, { email: user.email, code });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ message: 'ok' });

    const reset = await post(ctx.app, RESET, { email: user.email, ...newPassword('new-password') });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: SERVER_MESSAGES.passwordChanged });

    expect(
      (await post(ctx.app, LOGIN, { email: user.email, password: 'old-password' })).statusCode,
    ).toBe(400);
    expect(
      (await post(ctx.app, LOGIN, { email: user.email, password: 'new-password' })).statusCode,
    ).toBe(200);
  });

  it('a code typed in lower case is accepted', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    const res = await post(ctx.app, VALIDATE, { email: user.email, code: code.toLowerCase() });
    expect(res.statusCode).toBe(200);
  });

  it('the reset ends every older session: the old token gets 401', async () => {
    const { user, token } = await freshMember();
    await ctx.db.updateTable('users').set({ verified: 0 }).where('id', '=', user.id).execute();
    expect((await post(ctx.app, RESEND, undefined, { token })).statusCode).toBe(200);

    const code = await sendCode(ctx, user.email);
    await post(ctx.app, VALIDATE, { email: user.email, code });
    await post(ctx.app, RESET, { email: user.email, ...newPassword('new-password') });

    const old = await post(ctx.app, RESEND, undefined, { token });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });

    const fresh = (
      await post(ctx.app, LOGIN, { email: user.email, password: 'new-password' })
    ).json();
    expect((await post(ctx.app, RESEND, undefined, { token: fresh.token })).statusCode).toBe(200);
  });

  it('a new code replaces the older one', async () => {
    const { user } = await freshMember();
    const first = await sendCode(ctx, user.email);
    let second = await sendCode(ctx, user.email);
    while (second === first) second = await sendCode(ctx, user.email);

    const old = await post(ctx.app, VALIDATE, { email: user.email, code: first });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: SERVER_MESSAGES.resetCodeWrong });
    expect((await post(ctx.app, VALIDATE, { email: user.email, code: second })).statusCode).toBe(
      200,
    );
  });

  it('a code is good for 15 minutes, then it has expired', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    ctx.clock.advanceMinutes(15);
    const res = await post(ctx.app, VALIDATE, { email: user.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.resetCodeExpired });
  });

  it('a code checked at 14 minutes still opens the window', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    ctx.clock.advanceMinutes(14);
    expect((await post(ctx.app, VALIDATE, { email: user.email, code })).statusCode).toBe(200);
  });

  it('a wrong code is refused and the right one still works afterwards', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    const wrong = await post(ctx.app, VALIDATE, { email: user.email, code: otherThan(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: SERVER_MESSAGES.resetCodeWrong });
    expect((await post(ctx.app, VALIDATE, { email: user.email, code })).statusCode).toBe(200);
  });

  it('five wrong tries burn the code: even the right one is refused, a new code works', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        (await post(ctx.app, VALIDATE, { email: user.email, code: otherThan(code) })).json(),
      );
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill({ message: SERVER_MESSAGES.resetCodeWrong }));
    expect(answers[4]).toEqual({ message: SERVER_MESSAGES.resetCodeBurnt });

    const right = await post(ctx.app, VALIDATE, { email: user.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: SERVER_MESSAGES.resetCodeBurnt });
    expect(
      (await post(ctx.app, RESET, { email: user.email, ...newPassword('new-password') }))
        .statusCode,
    ).toBe(403);

    const fresh = await sendCode(ctx, user.email);
    expect((await post(ctx.app, VALIDATE, { email: user.email, code: fresh })).statusCode).toBe(
      200,
    );
  });

  it('a burst of parallel guesses gets no more than five comparisons', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(ctx.app, VALIDATE, { email: user.email, code: otherThan(code) }),
      ),
    );
    expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
    const right = await post(ctx.app, VALIDATE, { email: user.email, code });
    expect(right.json()).toEqual({ message: SERVER_MESSAGES.resetCodeBurnt });
  });

  it('checking a code when none was sent is refused', async () => {
    const { user } = await freshMember();
    const res = await post(ctx.app, VALIDATE, { email: user.email, code: 'ABCDE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.resetCodeWrong });
  });

  it('changing the password without a checked code is refused with 403', async () => {
    const { user } = await freshMember();
    await sendCode(ctx, user.email);
    const res = await post(ctx.app, RESET, { email: user.email, ...newPassword('new-password') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.resetNotAllowed });
    expect(
      (await post(ctx.app, LOGIN, { email: user.email, password: 'old-password' })).statusCode,
    ).toBe(200);
  });

  it('the window is used once: a second change is refused', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    await post(ctx.app, VALIDATE, { email: user.email, code });
    expect(
      (await post(ctx.app, RESET, { email: user.email, ...newPassword('first-new') })).statusCode,
    ).toBe(200);
    const again = await post(ctx.app, RESET, { email: user.email, ...newPassword('second-new') });
    expect(again.statusCode).toBe(403);
    expect(
      (await post(ctx.app, LOGIN, { email: user.email, password: 'first-new' })).statusCode,
    ).toBe(200);
  });

  it('two changes sent at once: exactly one wins', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    await post(ctx.app, VALIDATE, { email: user.email, code });
    const answers = await Promise.all([
      post(ctx.app, RESET, { email: user.email, ...newPassword('left-new') }),
      post(ctx.app, RESET, { email: user.email, ...newPassword('right-new') }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
  });

  it('the window closes 15 minutes after the code was checked', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    await post(ctx.app, VALIDATE, { email: user.email, code });
    ctx.clock.advanceMinutes(15);
    const res = await post(ctx.app, RESET, { email: user.email, ...newPassword('new-password') });
    expect(res.statusCode).toBe(403);
  });

  it("one member's checked code does not let anyone change another member's password", async () => {
    const { user } = await freshMember();
    const other = await buildUser(ctx, { password: 'other-old' });
    const code = await sendCode(ctx, user.email);
    await post(ctx.app, VALIDATE, { email: user.email, code });
    const res = await post(ctx.app, RESET, { email: other.user.email, ...newPassword('hijacked') });
    expect(res.statusCode).toBe(403);
  });

  it('sending a code to an unknown e-mail gets 404 and sends nothing', async () => {
    const res = await post(ctx.app, SEND, { email: 'ghost@example.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.accountNotFound });
    expect(await mailsTo(ctx.db, 'ghost@example.test')).toHaveLength(0);
  });

  it('checking a code for an unknown e-mail gets 404', async () => {
    const res = await post(ctx.app, VALIDATE, { email: 'ghost@example.test', code: 'ABCDE' });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    [{ code: '' }, RESET_CODE_MESSAGES.required],
    [{ code: 'ABCD' }, RESET_CODE_MESSAGES.min],
    [{ code: 'ABCDEF' }, RESET_CODE_MESSAGES.max],
    [{}, RESET_CODE_MESSAGES.required],
  ])('the code form %j is refused with its message', async (body, message) => {
    const res = await post(ctx.app, VALIDATE, { email: 'someone@example.test', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it.each([
    [{ password: '', confPassword: '' }, NEW_PASSWORD_MESSAGES.required],
    [{ password: '12345', confPassword: '12345' }, NEW_PASSWORD_MESSAGES.min],
    [{ password: 'x'.repeat(51), confPassword: 'x'.repeat(51) }, NEW_PASSWORD_MESSAGES.max],
    [{ password: '123456', confPassword: '' }, NEW_PASSWORD_MESSAGES.confirmRequired],
    [{ password: '123456', confPassword: '1234567' }, NEW_PASSWORD_MESSAGES.mismatch],
  ])('the new password %j is refused with its message', async (body, message) => {
    const res = await post(ctx.app, RESET, { email: 'someone@example.test', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('a password of 50 characters is accepted at reset (36 is only the sign-up bound)', async () => {
    const { user } = await freshMember();
    const code = await sendCode(ctx, user.email);
    await post(ctx.app, VALIDATE, { email: user.email, code });
    const long = 'p'.repeat(50);
    expect(
      (await post(ctx.app, RESET, { email: user.email, ...newPassword(long) })).statusCode,
    ).toBe(200);
    expect((await post(ctx.app, LOGIN, { email: user.email, password: long })).statusCode).toBe(
      200,
    );
  });
});
