import {
  DEFAULT_PICTURE,
  FIND_ACCOUNT_MESSAGES,
  NEW_PASSWORD_MESSAGES,
  REDIRECT_DELAY_MS,
  RESET_CODE_MESSAGES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const ACCOUNT = {
  email: 'ada@example.com',
  picture: DEFAULT_PICTURE,
  first_name: 'Ada',
  last_name: 'Lovelace',
};
type App = ReturnType<typeof renderApp>;

async function typeAndLeave(app: App, field: HTMLElement, value: string) {
  await app.user.clear(field);
  if (value) await app.user.type(field, value);
  await app.user.tab();
}

/** A server that knows Ada and accepts the code 'K7P2Q'. */
function adaServer() {
  return stubServer({
    findUser: ({ body }) =>
      (body as { email: string }).email === ACCOUNT.email
        ? { body: ACCOUNT }
        : { status: 404, body: { message: SERVER_MESSAGES.accountNotFound } },
    sendResetCode: () => ({ body: { message: SERVER_MESSAGES.resetCodeSent } }),
    validateResetCode: ({ body }) =>
      (body as { code: string }).code === 'K7P2Q'
        ? { body: { message: 'ok' } }
        : { status: 400, body: { message: SERVER_MESSAGES.resetCodeWrong } },
    resetPassword: () => ({ body: { message: SERVER_MESSAGES.passwordChanged } }),
  });
}

async function findAda(app: App) {
  await app.user.type(
    await screen.findByPlaceholderText('Email address or phone number'),
    ACCOUNT.email,
  );
  await app.user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByRole('heading', { name: 'Reset Your Password' });
}

async function reachCodeStep(app: App) {
  await findAda(app);
  await app.user.click(screen.getByRole('button', { name: 'Send code via email' }));
  await screen.findByRole('heading', { name: 'Code verification' });
}

async function reachPasswordStep(app: App) {
  await reachCodeStep(app);
  await app.user.type(screen.getByPlaceholderText('Code'), 'K7P2Q');
  await app.user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Change Password' });
}

describe('password reset', () => {
  it('has a header with the logo and a Login button', async () => {
    renderApp('/reset');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Hearth home' })).toBeInTheDocument();
  });

  it('step 0 checks the e-mail: required, valid, at most 50 characters', async () => {
    const app = renderApp('/reset');
    const email = await screen.findByPlaceholderText('Email address or phone number');
    expect(screen.getByRole('heading', { name: 'Find your Account' })).toBeInTheDocument();

    await typeAndLeave(app, email, '');
    expect(await screen.findByText(FIND_ACCOUNT_MESSAGES.emailRequired)).toBeInTheDocument();
    await typeAndLeave(app, email, 'ada@');
    expect(await screen.findByText(FIND_ACCOUNT_MESSAGES.emailInvalid)).toBeInTheDocument();
    const fifty = `${'a'.repeat(38)}@example.com`;
    await typeAndLeave(app, email, fifty);
    expect(email).not.toHaveAttribute('aria-invalid');
    await typeAndLeave(app, email, `a${fifty}`);
    expect(await screen.findByText(FIND_ACCOUNT_MESSAGES.emailMax)).toBeInTheDocument();
  });

  it("step 0 shows the server's answer for an unknown account", async () => {
    adaServer();
    const app = renderApp('/reset');
    await app.user.type(
      await screen.findByPlaceholderText('Email address or phone number'),
      'nobody@example.com',
    );
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.accountNotFound);
  });

  it("step 1 shows the found account, and 'Not you?' goes back to step 0", async () => {
    const { calls } = adaServer();
    const app = renderApp('/reset');
    await findAda(app);
    expect(calls[0]?.body).toEqual({ email: ACCOUNT.email });
    const shown = screen.getAllByText(ACCOUNT.email);
    expect(shown.length).toBeGreaterThan(0);
    // Each address wraps only after its '@' (a <wbr> there) and carries the whole address as title.
    for (const email of shown) {
      expect(email).toHaveAttribute('title', ACCOUNT.email);
      expect(email.innerHTML).toBe('ada@<wbr>example.com');
    }
    // The found account is named, not a generic caption.
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByText(/Hearth (user|account)/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: `Picture of ${ACCOUNT.email}` })).toHaveAttribute(
      'src',
      ACCOUNT.picture,
    );
    await app.user.click(screen.getByRole('button', { name: 'Not you?' }));
    expect(await screen.findByRole('heading', { name: 'Find your Account' })).toBeInTheDocument();
  });

  it('step 2 confirms the code was sent and checks the code: required, exactly 5', async () => {
    const { calls } = adaServer();
    const app = renderApp('/reset');
    await reachCodeStep(app);
    expect(calls[1]).toMatchObject({ name: 'sendResetCode', body: { email: ACCOUNT.email } });
    expect(screen.getByRole('status')).toHaveTextContent(SERVER_MESSAGES.resetCodeSent);

    const code = screen.getByPlaceholderText('Code');
    await typeAndLeave(app, code, '');
    expect(await screen.findByText(RESET_CODE_MESSAGES.required)).toBeInTheDocument();
    await typeAndLeave(app, code, 'K7P2');
    expect(await screen.findByText(RESET_CODE_MESSAGES.min)).toBeInTheDocument();
    await typeAndLeave(app, code, 'K7P2QX');
    expect(await screen.findByText(RESET_CODE_MESSAGES.max)).toBeInTheDocument();
    await typeAndLeave(app, code, 'AAAAA');
    expect(code).not.toHaveAttribute('aria-invalid');

    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.resetCodeWrong);
    expect(calls.at(-1)?.body).toEqual({ email: ACCOUNT.email, code: 'AAAAA' });
  });

  it('step 3 checks the new password: required, 6 to 50, and the confirmation', async () => {
    adaServer();
    const app = renderApp('/reset');
    await reachPasswordStep(app);
    const password = screen.getByPlaceholderText('New password');
    const confirm = screen.getByPlaceholderText('Confirm Password');

    await typeAndLeave(app, password, '');
    expect(await screen.findByText(NEW_PASSWORD_MESSAGES.required)).toBeInTheDocument();
    await typeAndLeave(app, password, '12345');
    expect(await screen.findByText(NEW_PASSWORD_MESSAGES.min)).toBeInTheDocument();
    await typeAndLeave(app, password, '123456');
    expect(password).not.toHaveAttribute('aria-invalid');
    await typeAndLeave(app, password, 'p'.repeat(50));
    expect(password).not.toHaveAttribute('aria-invalid');
    await typeAndLeave(app, password, 'p'.repeat(51));
    expect(await screen.findByText(NEW_PASSWORD_MESSAGES.max)).toBeInTheDocument();

    await typeAndLeave(app, confirm, '');
    expect(await screen.findByText(NEW_PASSWORD_MESSAGES.confirmRequired)).toBeInTheDocument();
    await typeAndLeave(app, password, 'new secret');
    await typeAndLeave(app, confirm, 'new secrets');
    expect(await screen.findByText(NEW_PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    // Fixing the password to match clears the mismatch.
    await typeAndLeave(app, password, 'new secrets');
    await vi.waitFor(() =>
      expect(screen.queryByText(NEW_PASSWORD_MESSAGES.mismatch)).not.toBeInTheDocument(),
    );
  });

  it('changes the password, says so in green, and goes to /login after the delay', async () => {
    const { calls } = adaServer();
    const app = renderApp('/reset', { fakeTimers: true });
    await reachPasswordStep(app);
    await app.user.type(screen.getByPlaceholderText('New password'), 'new secret');
    await app.user.type(screen.getByPlaceholderText('Confirm Password'), 'new secret');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SERVER_MESSAGES.passwordChanged);
    expect(calls.at(-1)).toMatchObject({
      name: 'resetPassword',
      body: { email: ACCOUNT.email, password: 'new secret', confPassword: 'new secret' },
    });
    expect(app.pathname()).toBe('/reset');
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.reset));
    expect(app.pathname()).toBe('/login');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });
});
