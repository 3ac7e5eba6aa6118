import { REDIRECT_DELAY_MS, SERVER_MESSAGES, UI_MESSAGES } from '@hearth/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { authAnswer, sessionUser } from '../../test/fixtures';
import { renderApp, userCookie } from '../../test/render-app';

const unverified = sessionUser({ verified: false });

describe('account activation', () => {
  it('sends the token once, with the Bearer header, and shows the success popup', async () => {
    const { calls } = stubServer({
      activateAccount: () => ({ body: { message: SERVER_MESSAGES.activated } }),
    });
    // renderApp wraps the app in StrictMode, which runs effects twice.
    renderApp('/activate/link-token-1', { user: unverified });

    const popup = await screen.findByRole('dialog', { name: UI_MESSAGES.activationSuccess });
    expect(within(popup).getByText(SERVER_MESSAGES.activated)).toBeInTheDocument();
    const activations = calls.filter((c) => c.name === 'activateAccount');
    expect(activations).toHaveLength(1);
    expect(activations[0]?.body).toEqual({ token: 'link-token-1' });
    expect(activations[0]?.headers.get('Authorization')).toBe(`Bearer ${unverified.token}`);
  });

  it('marks the member verified: the banner goes and the cookie says so', async () => {
    stubServer({
      activateAccount: () => ({ body: { message: SERVER_MESSAGES.activated } }),
    });
    renderApp('/activate/link-token-2', { user: unverified });
    await screen.findByRole('dialog', { name: UI_MESSAGES.activationSuccess });
    expect(screen.queryByText(UI_MESSAGES.verifyBanner, { exact: false })).not.toBeInTheDocument();
    expect(userCookie()).toMatchObject({ verified: true });
  });

  it('goes to / after the delay', async () => {
    stubServer({
      activateAccount: () => ({ body: { message: SERVER_MESSAGES.activated } }),
    });
    const app = renderApp('/activate/link-token-3', { user: unverified, fakeTimers: true });
    await screen.findByRole('dialog', { name: UI_MESSAGES.activationSuccess });
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.activation - 100));
    expect(app.pathname()).toBe('/activate/link-token-3');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(app.pathname()).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the failure popup with the server's message, then goes to /", async () => {
    stubServer({
      activateAccount: () => ({
        status: 400,
        body: { message: SERVER_MESSAGES.alreadyActivated },
      }),
    });
    const app = renderApp('/activate/used-token', {
      user: sessionUser({ verified: true }),
      fakeTimers: true,
    });
    const popup = await screen.findByRole('dialog', { name: UI_MESSAGES.activationFailure });
    expect(within(popup).getByText(SERVER_MESSAGES.alreadyActivated)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.activation));
    expect(app.pathname()).toBe('/');
  });

  it('asks a logged-out visitor to log in first, then activates with the new session', async () => {
    const { calls } = stubServer({
      login: () => ({ body: authAnswer({ verified: false, token: 'fresh-token' }) }),
      activateAccount: () => ({ body: { message: SERVER_MESSAGES.activated } }),
    });
    const app = renderApp('/activate/link-token-4', { fakeTimers: true });
    await app.user.type(
      await screen.findByPlaceholderText('Email address or phone number'),
      'ada@example.com',
    );
    await app.user.type(screen.getByPlaceholderText('Password'), 'correct horse');
    await app.user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByText(SERVER_MESSAGES.loginSuccess);
    expect(calls.some((c) => c.name === 'activateAccount')).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.login));
    expect(
      await screen.findByRole('dialog', { name: UI_MESSAGES.activationSuccess }),
    ).toBeInTheDocument();
    const activation = calls.find((c) => c.name === 'activateAccount');
    expect(activation?.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(app.pathname()).toBe('/activate/link-token-4');
  });
});
