import { ACCOUNT_MESSAGES, REDIRECT_DELAY_MS, SERVER_MESSAGES } from '@hearth/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Handlers, stubServer } from '../../test/fake-server';
import { authAnswer } from '../../test/fixtures';
import { renderApp, userCookie } from '../../test/render-app';

const CODE_SENTENCE = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
const PURGE_AT = '2026-12-27T10:00:00.000Z';

const codeAsked = () => ({
  body: {
    message: ACCOUNT_MESSAGES.loginCodeNeeded,
    twoFactorRequired: true,
    ticket: 'ticket-for-a-code',
  },
});

const deletionScheduled = () => ({
  body: {
    message: ACCOUNT_MESSAGES.deletionScheduled,
    deletionScheduled: true,
    purgeAt: PURGE_AT,
    ticket: 'ticket-to-keep',
  },
});

/** Ada logs in with her password on /login against a server answering `handlers`. */
async function logIn(handlers: Handlers) {
  const server = stubServer(handlers);
  const app = renderApp('/login', { fakeTimers: true });
  const email = await screen.findByPlaceholderText('Email address or phone number');
  await app.user.type(email, 'ada@example.com');
  await app.user.type(screen.getByPlaceholderText('Password'), 'correct horse');
  await app.user.click(screen.getByRole('button', { name: 'Log In' }));
  const bodiesOf = (name: 'loginTwoFactor' | 'cancelDeletion') =>
    server.calls.filter((call) => call.name === name).map((call) => call.body);
  return { ...app, ...server, bodiesOf };
}

describe("login's second step: a code", () => {
  it('asks for the code on a number pad, takes it with the ticket, and logs in', async () => {
    const app = await logIn({
      login: codeAsked,
      loginTwoFactor: () => ({ body: authAnswer() }),
    });
    expect(await screen.findByText(CODE_SENTENCE)).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: '6-digit code' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription(CODE_SENTENCE);
    // No session yet, and the password form is out of the way.
    expect(userCookie()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();

    await app.user.type(code, '123456');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGES.loginSuccess);
    expect(app.bodiesOf('loginTwoFactor')).toEqual([
      { ticket: 'ticket-for-a-code', code: '123456' },
    ]);
    expect(userCookie()).toMatchObject({ first_name: 'Ada', token: 'token-of-ada' });

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.login));
    expect(await screen.findByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile');
    expect(app.pathname()).toBe('/');
  });

  it("shows the server's refusal of a wrong code, then takes a recovery code typed with letters", async () => {
    const app = await logIn({
      login: codeAsked,
      loginTwoFactor: ({ body }) =>
        (body as { code: string }).code === 'ABCDE-FGHJK'
          ? { body: authAnswer() }
          : { status: 400, body: { message: ACCOUNT_MESSAGES.twoFactorCodeWrong } },
    });
    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    await app.user.type(code, '000000');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.twoFactorCodeWrong);
    expect(userCookie()).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(recovery).toHaveAttribute('inputmode', 'text');
    await app.user.clear(recovery);
    await app.user.type(recovery, 'ABCDE-FGHJK');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGES.loginSuccess);
    expect(app.bodiesOf('loginTwoFactor')).toEqual([
      { ticket: 'ticket-for-a-code', code: '000000' },
      { ticket: 'ticket-for-a-code', code: 'ABCDE-FGHJK' },
    ]);
  });

  it('an empty or malformed code is pointed out before anything is sent', async () => {
    const app = await logIn({ login: codeAsked });
    await screen.findByText(CODE_SENTENCE);
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.loginCodeNeeded)).toBeInTheDocument();
    await app.user.type(screen.getByRole('textbox', { name: '6-digit code' }), '12345');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.twoFactorCodeWrong)).toBeInTheDocument();
    expect(app.bodiesOf('loginTwoFactor')).toEqual([]);
  });

  it('an expired ticket says to log in again; Back to log in finds the e-mail still typed', async () => {
    const app = await logIn({
      login: codeAsked,
      loginTwoFactor: () => ({
        status: 400,
        body: { message: ACCOUNT_MESSAGES.loginTicketExpired },
      }),
    });
    await app.user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.loginTicketExpired);

    await app.user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(screen.getByPlaceholderText('Email address or phone number')).toHaveValue(
      'ada@example.com',
    );
    expect(screen.queryByText(CODE_SENTENCE)).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });
});

describe('logging in to an account being deleted', () => {
  it('says the day it goes; Keep my account cancels the deletion and logs in', async () => {
    const app = await logIn({
      login: deletionScheduled,
      cancelDeletion: () => ({
        body: authAnswer({ message: ACCOUNT_MESSAGES.deletionCancelled }),
      }),
    });
    expect(
      await screen.findByRole('heading', {
        name: 'Your account will be deleted on 27 December 2026',
      }),
    ).toBeInTheDocument();
    const keep = screen.getByRole('button', { name: 'Keep my account' });
    expect(keep).toHaveFocus();
    expect(userCookie()).toBeNull();

    await app.user.click(keep);
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.deletionCancelled);
    expect(app.bodiesOf('cancelDeletion')).toEqual([{ ticket: 'ticket-to-keep' }]);
    expect(userCookie()).toMatchObject({ token: 'token-of-ada' });
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.login));
    expect(app.pathname()).toBe('/');
  });

  it('Cancel goes back to the login form, keeping nothing and logging in no one', async () => {
    const app = await logIn({ login: deletionScheduled });
    await app.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(
      screen.queryByRole('heading', { name: /Your account will be deleted/ }),
    ).not.toBeInTheDocument();
    expect(app.bodiesOf('cancelDeletion')).toEqual([]);
    expect(userCookie()).toBeNull();
  });

  it('with two-factor sign-in on, the code comes first, then the offer to keep the account', async () => {
    const app = await logIn({
      login: codeAsked,
      loginTwoFactor: deletionScheduled,
      cancelDeletion: () => ({
        body: authAnswer({ message: ACCOUNT_MESSAGES.deletionCancelled }),
      }),
    });
    await app.user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    await app.user.click(await screen.findByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.deletionCancelled);
    expect(app.bodiesOf('cancelDeletion')).toEqual([{ ticket: 'ticket-to-keep' }]);
  });
});
