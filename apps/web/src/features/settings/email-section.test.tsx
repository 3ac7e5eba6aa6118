import {
  ACCOUNT_MESSAGES,
  type Account,
  type ChangeEmailInput,
  REGISTER_MESSAGES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../test/fake-server';
import { renderAsAda } from '../../test/render-app';

/**
 * A server that keeps Ada's account: changeEmail leaves the new address waiting, as the real one
 * does until the link is opened.
 */
async function openSettings(handlers: Handlers = {}, start: Partial<Account> = {}) {
  let account: Account = {
    email: 'ada@example.test',
    pendingEmail: null,
    twoFactor: { enabled: false, recoveryCodesLeft: 0 },
    language: 'en',
    ...start,
  };
  const app = renderAsAda('/settings', {
    getAccount: () => ({ body: account }),
    changeEmail: ({ body }) => {
      account = { ...account, pendingEmail: (body as ChangeEmailInput).email.toLowerCase() };
      return { body: { message: ACCOUNT_MESSAGES.emailChangeSent } };
    },
    ...handlers,
  });
  const sent = () => app.callsTo('changeEmail').map((call) => call.body);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return { ...app, sent };
}

const section = () => screen.getByRole('region', { name: 'E-mail' });
const field = (name: string) => within(section()).getByLabelText(name) as HTMLInputElement;

async function fill(
  app: Awaited<ReturnType<typeof openSettings>>,
  email: string,
  password: string,
) {
  if (email) await app.user.type(field('New e-mail address'), email);
  if (password) await app.user.type(field('Your password'), password);
}

describe('Settings → E-mail', () => {
  it('shows the current address between Name and Password, with empty fields for a new one', async () => {
    await openSettings();
    expect(await within(section()).findByText('ada@example.test')).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(titles.indexOf('Name'), titles.indexOf('Name') + 3)).toEqual([
      'Name',
      'E-mail',
      'Password',
    ]);

    expect(field('New e-mail address')).toHaveValue('');
    expect(field('New e-mail address')).toHaveAttribute('type', 'email');
    expect(field('New e-mail address')).toHaveAttribute('autocomplete', 'email');
    expect(field('Your password')).toHaveValue('');
    expect(field('Your password')).toHaveAttribute('type', 'password');
    expect(field('Your password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(section()).queryByText(/Waiting for you/)).not.toBeInTheDocument();
  });

  it('sends the address and the password; then says a link was sent, empties the fields and shows the address waiting', async () => {
    const app = await openSettings();
    await within(section()).findByText('ada@example.test');
    await fill(app, ' Ada.New@Example.test ', 'my secret');
    await app.user.click(within(section()).getByRole('button', { name: 'Send link' }));

    await waitFor(() =>
      expect(within(section()).getByText(ACCOUNT_MESSAGES.emailChangeSent)).toBeInTheDocument(),
    );
    expect(app.sent()).toEqual([{ email: 'Ada.New@Example.test', currentPassword: 'my secret' }]);
    expect(field('New e-mail address')).toHaveValue('');
    expect(field('Your password')).toHaveValue('');
    const waiting = await within(section()).findByText(/Waiting for you to open the link/);
    expect(waiting).toHaveTextContent(
      'Waiting for you to open the link we sent to ada.new@example.test',
    );
    // Nothing changed yet: the address in use is still the old one.
    expect(within(section()).getByText('ada@example.test')).toBeInTheDocument();
  });

  it('shows an address already waiting when the page opens', async () => {
    await openSettings({}, { pendingEmail: 'ada.next@example.test' });
    expect(
      await within(section()).findByText(/Waiting for you to open the link/),
    ).toHaveTextContent('Waiting for you to open the link we sent to ada.next@example.test');
  });

  it("shows the server's sentence for an address in use, keeps what was typed, and shows nothing waiting", async () => {
    const app = await openSettings({
      changeEmail: () => ({ status: 409, body: { message: SERVER_MESSAGES.emailTaken } }),
    });
    await within(section()).findByText('ada@example.test');
    await fill(app, 'grace@example.test', 'my secret');
    await app.user.click(within(section()).getByRole('button', { name: 'Send link' }));

    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      SERVER_MESSAGES.emailTaken,
    );
    expect(field('New e-mail address')).toHaveValue('grace@example.test');
    expect(within(section()).queryByText(/Waiting for you/)).not.toBeInTheDocument();

    // Typing again is a new attempt: the refusal goes.
    await app.user.type(field('Your password'), 'x');
    await waitFor(() => expect(within(section()).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows a wrong password as the server says it', async () => {
    const app = await openSettings({
      changeEmail: () => ({
        status: 400,
        body: { message: ACCOUNT_MESSAGES.currentPasswordWrong },
      }),
    });
    await within(section()).findByText('ada@example.test');
    await fill(app, 'ada.new@example.test', 'not it');
    await app.user.click(within(section()).getByRole('button', { name: 'Send link' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
  });

  it('says what is missing before sending anything, tied to its field', async () => {
    const app = await openSettings();
    await within(section()).findByText('ada@example.test');
    await fill(app, 'not-an-address', '');
    await app.user.click(within(section()).getByRole('button', { name: 'Send link' }));

    expect(field('New e-mail address')).toHaveAccessibleDescription(REGISTER_MESSAGES.emailInvalid);
    expect(field('New e-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Your password')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.currentPasswordRequired,
    );
    expect(field('New e-mail address')).toHaveFocus();
    expect(app.sent()).toEqual([]);
  });
});
