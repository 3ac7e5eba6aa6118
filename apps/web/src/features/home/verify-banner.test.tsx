import { MESSAGE_DISPLAY_MS, SERVER_MESSAGES, UI_MESSAGES } from '@hearth/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import { renderApp, userCookie } from '../../test/render-app';

describe('verification banner', () => {
  it('is shown only to an unverified member', async () => {
    renderApp('/', { user: sessionUser({ verified: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(screen.queryByText(UI_MESSAGES.verifyBanner, { exact: false })).not.toBeInTheDocument();
  });

  it('resends the link and shows the answer for a while', async () => {
    const { calls } = stubServer({
      feed: () => ({ body: [] }),
      resendVerification: () => ({
        body: { message: SERVER_MESSAGES.verificationSent },
      }),
    });
    const app = renderApp('/', { user: sessionUser({ verified: false }), fakeTimers: true });
    expect(await screen.findByText(UI_MESSAGES.verifyBanner, { exact: false })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: UI_MESSAGES.verifyBannerLink }));

    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGES.verificationSent);
    const resend = calls.find((call) => call.name === 'resendVerification');
    expect(resend).toMatchObject({ method: 'POST', name: 'resendVerification' });
    expect(resend?.body).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_DISPLAY_MS));
    expect(screen.queryByText(SERVER_MESSAGES.verificationSent)).not.toBeInTheDocument();
  });

  it('shows a refusal in the error style', async () => {
    stubServer({
      feed: () => ({ body: [] }),
      resendVerification: () => ({
        status: 400,
        body: { message: SERVER_MESSAGES.alreadyActivated },
      }),
    });
    const app = renderApp('/', { user: sessionUser({ verified: false }) });
    await app.user.click(await screen.findByRole('button', { name: UI_MESSAGES.verifyBannerLink }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.alreadyActivated);
  });

  it('logs the member out when the server says the session is over', async () => {
    stubServer({
      feed: () => ({ body: [] }),
      resendVerification: () => ({
        status: 401,
        body: { message: SERVER_MESSAGES.sessionExpired },
      }),
    });
    const app = renderApp('/', { user: sessionUser({ verified: false }) });
    await app.user.click(await screen.findByRole('button', { name: UI_MESSAGES.verifyBannerLink }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(userCookie()).toBeNull();
  });
});
