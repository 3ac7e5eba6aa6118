import { ACCOUNT_MESSAGES } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../test/fake-server';
import { renderAsAda, userCookie } from '../../test/render-app';

/** Ada's password, as the fake server knows it. */
const PASSWORD = 'secret-pass1';
const CODE = '123456';

/**
 * Settings, against a server that deletes Ada's account as the real one does: the right
 * password (and, with two-factor sign-in on, the right code), else its sentence.
 */
async function openSettings({ twoFactor = false, handlers = {} as Handlers } = {}) {
  const app = renderAsAda('/settings', {
    getAccount: () => ({
      body: {
        email: 'ada@example.test',
        pendingEmail: null,
        twoFactor: { enabled: twoFactor, recoveryCodesLeft: twoFactor ? 10 : 0 },
        language: 'en',
      },
    }),
    listSessions: () => ({ body: { sessions: [] } }),
    deleteAccount: ({ body }) => {
      const { currentPassword, code } = body as { currentPassword: string; code?: string };
      if (currentPassword !== PASSWORD) {
        return { status: 400, body: { message: ACCOUNT_MESSAGES.currentPasswordWrong } };
      }
      if (twoFactor && !code) {
        return { status: 400, body: { message: ACCOUNT_MESSAGES.twoFactorCodeRequired } };
      }
      if (twoFactor && code !== CODE) {
        return { status: 400, body: { message: ACCOUNT_MESSAGES.twoFactorCodeWrong } };
      }
      return { body: { message: ACCOUNT_MESSAGES.accountDeleted } };
    },
    ...handlers,
  });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  const sent = () => app.callsTo('deleteAccount').map((call) => call.body);
  return { ...app, sent };
}

const section = () => screen.getByRole('region', { name: 'Delete my account' });

/** Opens the confirmation from the section's button. */
async function openDialog(app: Awaited<ReturnType<typeof openSettings>>) {
  await app.user.click(within(section()).getByRole('button', { name: 'Delete my account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

const passwordField = (dialog: HTMLElement) => within(dialog).getByLabelText('Your password');
const codeLabel = 'Code from your authenticator app, or a recovery code';
const confirm = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Delete my account' });

async function expectLoggedOutWithNotice(app: Awaited<ReturnType<typeof openSettings>>) {
  await waitFor(() => expect(app.pathname()).toBe('/login'));
  // The login screen shows in place first, then anew at /login with the sentence.
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.accountDeleted),
  );
  expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  expect(userCookie()).toBeNull();
}

describe('Settings → Delete my account', () => {
  it('is the last part of Settings, after the other settings pages', async () => {
    await openSettings();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.at(-1)).toBe('Delete my account');
    expect(titles.at(-2)).toBe('Privacy and people');
  });

  it('the dialog says what happens and asks for the password; a wrong one is refused under the field; the right one logs out here and the login page says the account can still be kept', async () => {
    const app = await openSettings();
    const dialog = await openDialog(app);
    expect(dialog).toHaveAccessibleDescription(/hidden from everyone at once/);
    expect(dialog).toHaveTextContent('You have 30 days to change your mind');
    expect(dialog).toHaveTextContent('everything is deleted for good');
    // Two-factor sign-in is off: no code is asked for.
    await waitFor(() => expect(app.callsTo('getAccount').length).toBeGreaterThan(0));
    expect(within(dialog).queryByLabelText(codeLabel)).not.toBeInTheDocument();
    expect(passwordField(dialog)).toHaveFocus();

    // Nothing typed: the contract's sentence, and nothing sent.
    await app.user.click(confirm(dialog));
    expect(passwordField(dialog)).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.currentPasswordRequired,
    );
    expect(app.sent()).toEqual([]);

    await app.user.type(passwordField(dialog), 'not-my-password');
    await app.user.click(confirm(dialog));
    await waitFor(() =>
      expect(passwordField(dialog)).toHaveAccessibleDescription(
        ACCOUNT_MESSAGES.currentPasswordWrong,
      ),
    );
    expect(app.pathname()).toBe('/settings');
    expect(userCookie()).not.toBeNull();

    await app.user.clear(passwordField(dialog));
    await app.user.type(passwordField(dialog), PASSWORD);
    await app.user.click(confirm(dialog));

    await expectLoggedOutWithNotice(app);
    expect(app.sent()).toEqual([
      { currentPassword: 'not-my-password' },
      { currentPassword: PASSWORD },
    ]);
  });

  it('with two-factor sign-in on, the code is asked for and sent; a wrong one is refused under it', async () => {
    const app = await openSettings({ twoFactor: true });
    const dialog = await openDialog(app);
    const code = await within(dialog).findByLabelText(codeLabel);

    await app.user.type(passwordField(dialog), PASSWORD);
    await app.user.click(confirm(dialog));
    // An empty code is the contract's sentence: nothing is sent.
    expect(code).toHaveAccessibleDescription(ACCOUNT_MESSAGES.loginCodeNeeded);
    expect(app.sent()).toEqual([]);

    await app.user.type(code, '654321');
    await app.user.click(confirm(dialog));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(ACCOUNT_MESSAGES.twoFactorCodeWrong),
    );

    await app.user.clear(code);
    await app.user.type(code, CODE);
    await app.user.click(confirm(dialog));
    await expectLoggedOutWithNotice(app);
    expect(app.sent()).toEqual([
      { currentPassword: PASSWORD, code: '654321' },
      { currentPassword: PASSWORD, code: CODE },
    ]);
  });

  it("a moderator or admin gets the server's sentence in the dialog and stays signed in; Cancel closes it", async () => {
    const app = await openSettings({
      handlers: {
        deleteAccount: () => ({
          status: 400,
          body: { message: ACCOUNT_MESSAGES.staffCannotDelete },
        }),
      },
    });
    const dialog = await openDialog(app);
    await app.user.type(passwordField(dialog), PASSWORD);
    await app.user.click(confirm(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.staffCannotDelete,
    );
    expect(app.pathname()).toBe('/settings');
    expect(userCookie()).not.toBeNull();

    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).not.toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Delete my account' })).toHaveFocus();
  });
});
