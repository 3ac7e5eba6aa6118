import {
  ACCOUNT_MESSAGES,
  COOKIE_NAMES,
  LOGIN_MESSAGES,
  MODERATION_MESSAGES,
  REDIRECT_DELAY_MS,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { authAnswer } from '../../test/fixtures';
import { renderApp, userCookie } from '../../test/render-app';

const languageCookie = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${COOKIE_NAMES.language}=`))
    ?.split('=')[1];

async function loginScreen(path = '/login', options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp(path, options);
  const email = await screen.findByPlaceholderText('Email address or phone number');
  const password = screen.getByPlaceholderText('Password');
  const submit = screen.getByRole('button', { name: 'Log In' });
  return { ...app, email, password, submit };
}

describe('login form', () => {
  it('shows no error before a field is touched', async () => {
    const { user, email } = await loginScreen();
    await user.type(email, 'not-an-email');
    expect(screen.queryByText(LOGIN_MESSAGES.emailInvalid)).not.toBeInTheDocument();
  });

  it('asks for the e-mail and the password when both are left empty', async () => {
    stubServer({});
    const { user, submit } = await loginScreen();
    await user.click(submit);
    expect(await screen.findByText(LOGIN_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(LOGIN_MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('says the e-mail is not valid once the field is left', async () => {
    const { user, email, password } = await loginScreen();
    await user.type(email, 'ada@');
    await user.click(password);
    expect(await screen.findByText(LOGIN_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(LOGIN_MESSAGES.passwordRequired)).not.toBeInTheDocument();
  });

  it('shows the required password message after the password field is left empty', async () => {
    const { user, email, password } = await loginScreen();
    await user.click(password);
    await user.click(email);
    expect(await screen.findByText(LOGIN_MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it("shows the server's refusal under the form", async () => {
    stubServer({
      login: () => ({
        status: 400,
        body: { message: SERVER_MESSAGES.invalidCredentials },
      }),
    });
    const { user, email, password, submit, pathname } = await loginScreen();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong-password');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.invalidCredentials);
    expect(pathname()).toBe('/login');
    expect(userCookie()).toBeNull();
  });

  it("shows a suspended member's 403 sentence as it is, and stays logged out", async () => {
    stubServer({
      login: () => ({ status: 403, body: { message: MODERATION_MESSAGES.accountSuspended } }),
    });
    const { user, email, password, submit, pathname } = await loginScreen();
    await user.type(email, 'linus@example.com');
    await user.type(password, 'correct horse');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.accountSuspended,
    );
    expect(screen.queryByText(SERVER_MESSAGES.loginSuccess)).not.toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(userCookie()).toBeNull();
  });

  it('greets in green, stores the user without the message, and goes to / after the delay', async () => {
    const { calls } = stubServer({ login: () => ({ body: authAnswer() }) });
    const { user, email, password, submit, pathname } = await loginScreen('/login', {
      fakeTimers: true,
    });
    await user.type(email, 'ada@example.com');
    await user.type(password, 'correct horse');
    await user.click(submit);

    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGES.loginSuccess);
    expect(calls.find((call) => call.name === 'login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    const stored = userCookie();
    expect(stored).toMatchObject({ first_name: 'Ada', token: 'token-of-ada' });
    expect(stored).not.toHaveProperty('message');
    expect(pathname()).toBe('/login');

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.login));
    expect(await screen.findByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile');
    expect(pathname()).toBe('/');
  });

  it('keeps a member who logs in from a logged-in route on that route', async () => {
    stubServer({ login: () => ({ body: authAnswer() }) });
    const { user, email, password, submit, pathname } = await loginScreen('/friends', {
      fakeTimers: true,
    });
    await user.type(email, 'ada@example.com');
    await user.type(password, 'correct horse');
    await user.click(submit);
    await screen.findByRole('status');
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.login));
    expect(await screen.findByRole('heading', { name: 'Friends' })).toBeInTheDocument();
    expect(pathname()).toBe('/friends');
  });

  it('switches to the member’s stored language once logged in, and keeps it', async () => {
    stubServer({ login: () => ({ body: authAnswer({ language: 'fr' }) }) });
    const { user, email, password, submit, pathname } = await loginScreen('/login', {
      fakeTimers: true,
    });
    expect(document.documentElement.lang).toBe('en');
    await user.type(email, 'ada@example.com');
    await user.type(password, 'correct horse');
    await user.click(submit);

    // The login screen speaks French before the member is taken on.
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(languageCookie()).toBe('fr');
    expect(pathname()).toBe('/login');

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.login));
    expect(await screen.findByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile');
    expect(pathname()).toBe('/');
    expect(document.documentElement.lang).toBe('fr');
    expect(languageCookie()).toBe('fr');
  });

  it('switches to the member’s language after the two-factor step too', async () => {
    stubServer({
      login: () => ({
        body: { message: ACCOUNT_MESSAGES.loginCodeNeeded, twoFactorRequired: true, ticket: 't' },
      }),
      loginTwoFactor: () => ({ body: authAnswer({ language: 'ar' }) }),
    });
    const { user, email, password, submit } = await loginScreen('/login', { fakeTimers: true });
    await user.type(email, 'ada@example.com');
    await user.type(password, 'correct horse');
    await user.click(submit);
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The code step, still shown under the greeting, speaks Arabic.
    expect(await screen.findByRole('button', { name: 'متابعة' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(languageCookie()).toBe('ar');
  });

  it('stays in the visitor’s language when the answer names none', async () => {
    stubServer({ login: () => ({ body: authAnswer() }) });
    const { user, email, password, submit } = await loginScreen();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'correct horse');
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGES.loginSuccess);
    expect(document.documentElement.lang).toBe('en');
    expect(languageCookie()).toBeUndefined();
  });

  it('keeps the language picked in the login footer over the account’s, and stores it with it', async () => {
    const server = stubServer({
      login: () => ({ body: authAnswer({ language: 'en' }) }),
      changeLanguage: () => ({
        body: { message: ACCOUNT_MESSAGES.languageChanged, language: 'de' },
      }),
    });
    const { user } = await loginScreen('/login', { fakeTimers: true });
    await user.click(screen.getByRole('link', { name: 'Deutsch' }));
    const anmelden = await screen.findByRole('button', { name: 'Anmelden' });
    expect(document.documentElement.lang).toBe('de');
    // The footer's links lead to '/', where the login screen shows again: its fields are new.
    const form = anmelden.closest('form') as HTMLFormElement;
    await user.type(form.querySelector('input[type="email"]') as HTMLElement, 'ada@example.com');
    await user.type(form.querySelector('input[type="password"]') as HTMLElement, 'correct horse');
    await user.click(anmelden);

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.login));
    const calls = server.calls.filter((call) => call.name === 'changeLanguage');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ language: 'de' });
    expect(document.documentElement.lang).toBe('de');
    expect(userCookie()?.language).toBe('de');
  });
});
