import {
  ACCOUNT_MESSAGES,
  type ChangeNameInput,
  NEW_PASSWORD_MESSAGES,
  REGISTER_MESSAGES,
} from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, type Handlers, stubServer } from '../../test/fake-server';
import { buildImages, buildOwnProfile, sessionUser } from '../../test/fixtures';
import { renderApp, userCookie } from '../../test/render-app';

/** A server that keeps Ada's name: changeName stores it, getProfile answers with it. */
function stubAccount(handlers: Handlers = {}) {
  let name = { first_name: 'Ada', last_name: 'Owen' };
  const server = stubServer({
    changeName: ({ body }) => {
      name = body as ChangeNameInput;
      return { body: { message: ACCOUNT_MESSAGES.nameChanged, ...name } };
    },
    changePassword: () => ({ body: { message: ACCOUNT_MESSAGES.passwordChanged } }),
    getProfile: byParam('username', { adaowen: () => ({ body: buildOwnProfile(name) }) }),
    listImages: () => ({ body: buildImages('adaowen', 0) }),
    ...handlers,
  });
  const bodiesOf = (name: 'changeName' | 'changePassword') =>
    server.calls.filter((call) => call.name === name).map((call) => call.body);
  return { ...server, bodiesOf };
}

async function openSettings(handlers?: Handlers, path = '/settings') {
  const server = stubAccount(handlers);
  const app = renderApp(path, { user: sessionUser() });
  if (path === '/settings') await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return { ...app, ...server };
}

const region = (name: string) => screen.getByRole('region', { name });
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

async function typeInto(app: ReturnType<typeof renderApp>, label: string, text: string) {
  await app.user.clear(field(label));
  if (text) await app.user.type(field(label), text);
}

async function fillPasswords(
  app: ReturnType<typeof renderApp>,
  current: string,
  password: string,
  confirmation: string,
) {
  await typeInto(app, 'Current password', current);
  await typeInto(app, 'New password', password);
  await typeInto(app, 'Confirm new password', confirmation);
}

describe('Settings & privacy → Settings (/settings)', () => {
  it("shows the member's name in its fields, the password fields empty, and the other settings pages", async () => {
    await openSettings();
    expect(within(region('Name')).getByRole('heading', { level: 2 })).toHaveTextContent('Name');
    expect(field('First name')).toHaveValue('Ada');
    expect(field('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(field('Surname')).toHaveValue('Owen');
    expect(field('Surname')).toHaveAttribute('autocomplete', 'family-name');
    expect(within(region('Name')).getByRole('button', { name: 'Save' })).toBeEnabled();

    const password = region('Password');
    for (const [label, autocomplete] of [
      ['Current password', 'current-password'],
      ['New password', 'new-password'],
      ['Confirm new password', 'new-password'],
    ] as const) {
      expect(within(password).getByLabelText(label)).toHaveValue('');
      expect(within(password).getByLabelText(label)).toHaveAttribute('type', 'password');
      expect(within(password).getByLabelText(label)).toHaveAttribute('autocomplete', autocomplete);
    }
    expect(within(password).getByRole('button', { name: 'Change password' })).toBeEnabled();

    const more = screen.getByRole('navigation', { name: 'Privacy and people' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Privacy settings', '/settings/privacy'],
      ['Blocking', '/settings/blocking'],
      ['Muted', '/settings/muted'],
    ]);
  });

  it('changes the name: the trimmed names go to the server, and the header and account menu show the new one at once', async () => {
    const app = await openSettings();
    expect(screen.getByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile');
    await typeInto(app, 'First name', '  Augusta ');
    await typeInto(app, 'Surname', ' King');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(region('Name')).findByRole('status')).toHaveTextContent(
      ACCOUNT_MESSAGES.nameChanged,
    );
    expect(app.bodiesOf('changeName')).toEqual([{ first_name: 'Augusta', last_name: 'King' }]);
    // The fields show the name as stored.
    expect(field('First name')).toHaveValue('Augusta');
    expect(field('Surname')).toHaveValue('King');
    expect(screen.getByRole('link', { name: 'Augusta' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Ada' })).not.toBeInTheDocument();
    // The session keeps it: a reload shows it too.
    expect(userCookie()).toMatchObject({
      first_name: 'Augusta',
      last_name: 'King',
      token: 'token-of-ada',
    });

    await app.user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('dialog', { name: 'Account menu' });
    expect(within(menu).getByRole('link', { name: /See your profile/ })).toHaveTextContent(
      'Augusta King',
    );
  });

  it('reads the member’s profile again after the name changed, so it shows the new name', async () => {
    const app = await openSettings({}, '/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Owen' })).toBeInTheDocument();
    await act(() => app.router.navigate('/settings'));
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await typeInto(app, 'First name', 'Augusta');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await within(region('Name')).findByText(ACCOUNT_MESSAGES.nameChanged);

    await act(() => app.router.navigate('/profile'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Augusta Owen' }),
    ).toBeInTheDocument();
    expect(app.calls.filter((call) => call.name === 'getProfile')).toHaveLength(2);
  });

  it('says what a name needs before sending anything, tied to its field', async () => {
    const app = await openSettings();
    await typeInto(app, 'First name', '   ');
    await typeInto(app, 'Surname', 'O');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(field('First name')).toHaveAccessibleDescription(REGISTER_MESSAGES.firstNameRequired);
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Surname')).toHaveAccessibleDescription(REGISTER_MESSAGES.lastNameLength);
    expect(field('First name')).toHaveFocus();

    await typeInto(app, 'First name', 'Ada2');
    expect(field('First name')).toHaveAccessibleDescription(REGISTER_MESSAGES.nameLetters);
    expect(app.bodiesOf('changeName')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Ada' })).toBeInTheDocument();
  });

  it("shows the server's sentence when it refuses the name, and keeps the session's name", async () => {
    const app = await openSettings({
      changeName: () => ({ status: 400, body: { message: REGISTER_MESSAGES.nameLetters } }),
    });
    await typeInto(app, 'First name', 'Augusta');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(region('Name')).findByRole('alert')).toHaveTextContent(
      REGISTER_MESSAGES.nameLetters,
    );
    expect(within(region('Name')).getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('link', { name: 'Ada' })).toBeInTheDocument();
    expect(userCookie()).toMatchObject({ first_name: 'Ada' });
  });

  it('changes the password: the three fields go to the server, the sentence shows and the fields empty', async () => {
    const app = await openSettings();
    await fillPasswords(app, 'old secret', 'new secret', 'new secret');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await within(region('Password')).findByRole('status')).toHaveTextContent(
      'Your password is changed. Your other devices are logged out.',
    );
    expect(app.bodiesOf('changePassword')).toEqual([
      { currentPassword: 'old secret', password: 'new secret', confPassword: 'new secret' },
    ]);
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(field(label)).toHaveValue('');
      expect(field(label)).not.toHaveAttribute('aria-invalid');
    }
    // This device stays logged in.
    expect(userCookie()).toMatchObject({ token: 'token-of-ada' });
    expect(app.pathname()).toBe('/settings');

    // A new attempt starts without the earlier answer.
    await app.user.type(field('Current password'), 'n');
    expect(within(region('Password')).getByRole('status')).toHaveTextContent('');
  });

  it('says the passwords do not match, without a call', async () => {
    const app = await openSettings();
    await fillPasswords(app, 'old secret', 'new secret', 'new secrets');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(field('Confirm new password')).toHaveAccessibleDescription(
      NEW_PASSWORD_MESSAGES.mismatch,
    );
    expect(field('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(app.bodiesOf('changePassword')).toEqual([]);
  });

  it('says a new password is too short and the current one is missing, without a call', async () => {
    const app = await openSettings();
    await fillPasswords(app, '', 'short', 'short');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(field('Current password')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.currentPasswordRequired,
    );
    expect(field('New password')).toHaveAccessibleDescription(NEW_PASSWORD_MESSAGES.min);
    expect(field('Current password')).toHaveFocus();
    expect(app.bodiesOf('changePassword')).toEqual([]);
  });

  it("shows the server's sentence for a wrong current password and keeps what was typed", async () => {
    const app = await openSettings({
      changePassword: () => ({
        status: 400,
        body: { message: ACCOUNT_MESSAGES.currentPasswordWrong },
      }),
    });
    await fillPasswords(app, 'not it', 'new secret', 'new secret');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await within(region('Password')).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
    expect(within(region('Password')).getByRole('status')).toHaveTextContent('');
    expect(field('Current password')).toHaveValue('not it');
    expect(field('New password')).toHaveValue('new secret');
    // A refused password is no reason to log out.
    expect(app.pathname()).toBe('/settings');
    expect(userCookie()).toMatchObject({ token: 'token-of-ada' });

    // Typing again is a new attempt: the refusal goes.
    await typeInto(app, 'Current password', 'old secret');
    await waitFor(() =>
      expect(within(region('Password')).queryByRole('alert')).not.toBeInTheDocument(),
    );
  });
});
