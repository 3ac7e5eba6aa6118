import { ACCOUNT_MESSAGES, type Account } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const confirmed = { message: ACCOUNT_MESSAGES.emailChanged, email: 'ada.new@example.test' };

const card = () => screen.getByRole('region', { name: 'Your new e-mail address' });

describe('the link that confirms a new e-mail address (/confirm-email/:token)', () => {
  it('for a visitor: sends the token once, without a session, and shows the sentence, the new address and the way to log in', async () => {
    const { calls } = stubServer({ confirmEmail: () => ({ body: confirmed }) });
    // renderApp wraps the app in StrictMode, which runs effects twice.
    const app = renderApp('/confirm-email/link-token-1');

    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeInTheDocument();
    expect(within(card()).getByText('ada.new@example.test')).toBeInTheDocument();
    const sent = calls.filter((call) => call.name === 'confirmEmail');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ token: 'link-token-1' });
    expect(sent[0]?.headers.get('Authorization')).toBeNull();

    await app.user.click(within(card()).getByRole('link', { name: 'Log in' }));
    expect(app.pathname()).toBe('/login');
  });

  it('for a member: the sentence, then Settings shows the new address', async () => {
    let account: Account = {
      email: 'ada@example.test',
      pendingEmail: 'ada.new@example.test',
      twoFactor: { enabled: false, recoveryCodesLeft: 0 },
      language: 'en',
    };
    const { calls } = stubServer({
      confirmEmail: () => {
        account = { ...account, email: confirmed.email, pendingEmail: null };
        return { body: confirmed };
      },
      getAccount: () => ({ body: account }),
    });
    const app = renderApp('/confirm-email/link-token-2', { user: sessionUser() });

    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'confirmEmail')).toHaveLength(1);
    await app.user.click(within(card()).getByRole('link', { name: 'Go to Settings' }));
    expect(app.pathname()).toBe('/settings');
    const email = await screen.findByRole('region', { name: 'E-mail' });
    expect(await within(email).findByText('ada.new@example.test')).toBeInTheDocument();
    expect(within(email).queryByText(/Waiting for you/)).not.toBeInTheDocument();
  });

  it("shows the server's sentence for a used or expired link, with the way on", async () => {
    stubServer({
      confirmEmail: () => ({ status: 400, body: { message: ACCOUNT_MESSAGES.emailLinkInvalid } }),
    });
    renderApp('/confirm-email/used-token', { user: sessionUser() });

    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.emailLinkInvalid);
    expect(within(card()).queryByText(ACCOUNT_MESSAGES.emailChanged)).not.toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });
});
