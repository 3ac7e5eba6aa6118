import { JOIN_REASON_MAX, SERVER_MESSAGES, SIGNUP_MESSAGES } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAbout, type Handlers, stubServer } from '../../test/fake-server';
import { authAnswer } from '../../test/fixtures';
import { renderApp, userCookie } from '../../test/render-app';
import { fillValidForm, openSignUp, signUpForm } from '../../test/signup';

/** A server whose GET /about says `about`, answering `handlers` besides. */
function stubSignup(about: Parameters<typeof buildAbout>[0], handlers: Handlers = {}) {
  const server = stubServer({ about: () => ({ body: buildAbout(about) }), ...handlers });
  const callsTo = (name: string) => server.calls.filter((call) => call.name === name);
  return { ...server, callsTo };
}

/** The applicant's answer in approval mode: no token, the request waiting. */
function pendingAnswer() {
  const { token: _token, role: _role, ...fields } = authAnswer({ verified: false });
  return { ...fields, message: SIGNUP_MESSAGES.awaitingApproval, pending: true as const };
}

describe('sign-up by the server’s mode (GET /about)', () => {
  it('closed: Create Account explains that the server takes no new members, with no form', async () => {
    const { callsTo } = stubSignup({ signupMode: 'closed' });
    const app = renderApp('/login');
    await app.user.click(await screen.findByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up' });
    expect(await within(dialog).findByText(SIGNUP_MESSAGES.closed)).toHaveFocus();
    expect(within(dialog).queryByPlaceholderText('First name')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(callsTo('register')).toHaveLength(0);
  });

  it('open: no invite code, no reason, no rules to agree to', async () => {
    const { callsTo } = stubSignup({}, { register: () => ({ body: authAnswer() }) });
    const form = await openSignUp();
    const inDialog = within(form.dialog);
    expect(inDialog.queryByPlaceholderText('Invite code')).not.toBeInTheDocument();
    expect(inDialog.queryByPlaceholderText('Why do you want to join?')).not.toBeInTheDocument();
    expect(inDialog.queryByRole('checkbox')).not.toBeInTheDocument();
    await fillValidForm(form);
    await form.user.click(form.submit);
    await waitFor(() => expect(callsTo('register')).toHaveLength(1));
    const body = callsTo('register')[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('invite');
    expect(body).not.toHaveProperty('reason');
  });

  it('invite: a link /?invite=CODE opens Sign Up at once with the code filled in, and sends it', async () => {
    const { callsTo } = stubSignup(
      { signupMode: 'invite' },
      { register: () => ({ status: 201, body: authAnswer() }) },
    );
    // Not signed in: / shows the login screen in place, with the sign-up already open.
    const app = renderApp('/?invite=K7M2P9QX4RTA');
    const form = await signUpForm(app);
    const invite = within(form.dialog).getByPlaceholderText('Invite code');
    expect(invite).toHaveValue('K7M2P9QX4RTA');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();

    await fillValidForm(form);
    await form.user.click(form.submit);
    await waitFor(() => expect(callsTo('register')).toHaveLength(1));
    expect(callsTo('register')[0]?.body).toMatchObject({ invite: 'K7M2P9QX4RTA' });
  });

  it('invite: asks for a code, and shows the server’s refusal of a spent one', async () => {
    const { callsTo } = stubSignup(
      { signupMode: 'invite' },
      {
        register: () => ({ status: 400, body: { message: SIGNUP_MESSAGES.inviteInvalid } }),
      },
    );
    const form = await openSignUp();
    await fillValidForm(form);
    await form.user.click(form.submit);
    expect(await screen.findByText(SIGNUP_MESSAGES.inviteRequired)).toBeInTheDocument();
    expect(callsTo('register')).toHaveLength(0);

    await form.user.type(within(form.dialog).getByPlaceholderText('Invite code'), 'USEDUPCODE12');
    await form.user.click(form.submit);
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(
      SIGNUP_MESSAGES.inviteInvalid,
    );
    expect(userCookie()).toBeNull();
  });

  it('approval: asks why, then says the request waits, with no session stored', async () => {
    const { callsTo } = stubSignup(
      { signupMode: 'approval' },
      { register: () => ({ status: 201, body: pendingAnswer() }) },
    );
    const form = await openSignUp();
    const reason = within(form.dialog).getByPlaceholderText('Why do you want to join?');
    expect(reason.tagName).toBe('TEXTAREA');
    expect(reason).toHaveAttribute('maxLength', String(JOIN_REASON_MAX));

    await fillValidForm(form);
    await form.user.click(form.submit);
    expect(await screen.findByText(SIGNUP_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(callsTo('register')).toHaveLength(0);

    await form.user.type(reason, 'My book club meets here.');
    await form.user.click(form.submit);
    const waiting = await within(form.dialog).findByText(SIGNUP_MESSAGES.awaitingApproval);
    expect(waiting).toHaveAttribute('role', 'status');
    expect(callsTo('register')[0]?.body).toMatchObject({ reason: 'My book club meets here.' });
    expect(within(form.dialog).queryByPlaceholderText('First name')).not.toBeInTheDocument();
    expect(userCookie()).toBeNull();
    expect(form.pathname()).toBe('/login');
  });

  it('shows the rules and asks the newcomer to agree to them', async () => {
    const { callsTo } = stubSignup(
      { rules: ['Be kind.', 'No spam.'] },
      { register: () => ({ status: 201, body: authAnswer() }) },
    );
    const form = await openSignUp();
    const rules = within(form.dialog).getByRole('region', { name: 'Server rules' });
    expect(
      within(within(rules).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Be kind.', 'No spam.']);

    await fillValidForm(form);
    await form.user.click(form.submit);
    expect(await screen.findByText(SIGNUP_MESSAGES.rulesRequired)).toBeInTheDocument();
    const agree = within(form.dialog).getByRole('checkbox', {
      name: 'I agree to the server rules',
    });
    expect(agree).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('register')).toHaveLength(0);

    await form.user.click(agree);
    await form.user.click(form.submit);
    await waitFor(() => expect(callsTo('register')).toHaveLength(1));
    expect(screen.queryByText(SIGNUP_MESSAGES.rulesRequired)).not.toBeInTheDocument();
    expect(callsTo('register')[0]?.body).not.toHaveProperty('agreeRules');
  });

  it('shows a refused e-mail domain as the form’s error', async () => {
    stubSignup(
      {},
      { register: () => ({ status: 400, body: { message: SIGNUP_MESSAGES.emailRefused } }) },
    );
    const form = await openSignUp();
    await fillValidForm(form);
    await form.user.click(form.submit);
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(
      SIGNUP_MESSAGES.emailRefused,
    );
  });
});

describe('the login page and who may join', () => {
  it('shows an applicant’s 403 as it shows other login errors', async () => {
    stubServer({
      login: () => ({ status: 403, body: { message: SIGNUP_MESSAGES.loginPending } }),
    });
    const app = renderApp('/login');
    await app.user.type(
      await screen.findByPlaceholderText('Email address or phone number'),
      'ada@example.com',
    );
    await app.user.type(screen.getByPlaceholderText('Password'), 'correct horse');
    await app.user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNUP_MESSAGES.loginPending);
    expect(screen.queryByText(SERVER_MESSAGES.loginSuccess)).not.toBeInTheDocument();
    expect(userCookie()).toBeNull();
  });

  it('links to the About page by the server’s name', async () => {
    stubSignup({ name: 'Riverside Commons' });
    const app = renderApp('/login');
    const link = await screen.findByRole('link', { name: 'About Riverside Commons' });
    expect(link).toHaveAttribute('href', '/about');
    await app.user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Riverside Commons' }),
    ).toBeInTheDocument();
    expect(app.pathname()).toBe('/about');
  });
});
