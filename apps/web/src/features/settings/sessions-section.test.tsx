import { ACCOUNT_MESSAGES, type AccountSession, SERVER_MESSAGES } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../test/fake-server';
import { renderAsAda } from '../../test/render-app';
import { fullDate } from '../../ui/relative-time';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function buildSessions(): AccountSession[] {
  return [
    {
      id: 'laptop',
      device: 'Firefox on Windows',
      ip: '198.51.100.7',
      createdAt: '2026-03-02T09:15:00.000Z',
      lastActiveAt: minutesAgo(0),
      current: true,
    },
    {
      id: 'phone',
      device: 'Chrome on Android',
      ip: '203.0.113.5',
      createdAt: '2026-03-01T18:40:00.000Z',
      lastActiveAt: minutesAgo(5),
      current: false,
    },
    {
      id: 'old',
      device: 'Unknown device',
      ip: null,
      createdAt: '2026-02-20T07:00:00.000Z',
      lastActiveAt: minutesAgo(3 * 60),
      current: false,
    },
  ];
}

/** A server that keeps Ada's sessions: endSession ends one of hers, as the real one does. */
async function openSettings(handlers: Handlers = {}, start: AccountSession[] = buildSessions()) {
  let sessions = start;
  const app = renderAsAda('/settings', {
    getAccount: () => ({
      body: {
        email: 'ada@example.test',
        pendingEmail: null,
        twoFactor: { enabled: false, recoveryCodesLeft: 0 },
        language: 'en',
      },
    }),
    listSessions: () => ({ body: { sessions } }),
    endSession: ({ params }) => {
      if (!sessions.some((session) => session.id === params.sessionId)) {
        return { status: 404, body: { message: SERVER_MESSAGES.notFound } };
      }
      sessions = sessions.filter((session) => session.id !== params.sessionId);
      return { body: { message: ACCOUNT_MESSAGES.sessionEnded } };
    },
    ...handlers,
  });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  const ended = () => app.callsTo('endSession').map((call) => call.params.sessionId);
  return { ...app, ended };
}

const section = () => screen.getByRole('region', { name: "Where you're logged in" });
const list = () => within(section()).getByRole('list', { name: 'Your sessions' });
const rows = () => within(list()).getAllByRole('listitem');

describe("Settings → Where you're logged in", () => {
  it('lists each session after two-factor sign-in: device, address, sign-in, last activity, this device marked, Log out on the others', async () => {
    await openSettings();
    await within(section()).findByRole('list', { name: 'Your sessions' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // The account's security together: password, the second factor, then the sessions.
    expect(titles.slice(titles.indexOf('Password'), titles.indexOf('Password') + 3)).toEqual([
      'Password',
      'Two-factor sign-in',
      "Where you're logged in",
    ]);

    const [laptop, phone, old] = rows();
    if (!laptop || !phone || !old) throw new Error('three rows expected');
    expect(rows()).toHaveLength(3);

    expect(within(laptop).getByText('Firefox on Windows')).toBeInTheDocument();
    expect(within(laptop).getByText('This device')).toBeInTheDocument();
    expect(within(laptop).getByText('IP address 198.51.100.7')).toBeInTheDocument();
    expect(laptop).toHaveTextContent(
      `Signed in on ${fullDate(new Date('2026-03-02T09:15:00.000Z'))}`,
    );
    expect(within(laptop).getByText('Active now')).toBeInTheDocument();
    // This device is logged out from the account menu, not here.
    expect(within(laptop).queryByRole('button')).not.toBeInTheDocument();

    expect(within(phone).getByText('Chrome on Android')).toBeInTheDocument();
    expect(within(phone).queryByText('This device')).not.toBeInTheDocument();
    expect(within(phone).getByText('IP address 203.0.113.5')).toBeInTheDocument();
    expect(phone).toHaveTextContent(
      `Signed in on ${fullDate(new Date('2026-03-01T18:40:00.000Z'))}`,
    );
    expect(phone).toHaveTextContent('Active 5 minutes ago');
    expect(
      within(phone).getByRole('button', { name: 'Log out Chrome on Android (203.0.113.5)' }),
    ).toHaveTextContent('Log out');

    expect(within(old).getByText('Unknown device')).toBeInTheDocument();
    expect(within(old).getByText('IP address not known')).toBeInTheDocument();
    expect(old).toHaveTextContent('Active 3 hours ago');
    expect(within(old).getByRole('button', { name: 'Log out Unknown device' })).toBeEnabled();
    expect(
      within(section()).queryByText("You're not logged in anywhere else."),
    ).not.toBeInTheDocument();
  });

  it('Log out ends that session: it leaves the list, the page says so, and focus moves to the next Log out', async () => {
    const app = await openSettings();
    await within(section()).findByRole('list', { name: 'Your sessions' });
    await app.user.click(
      within(section()).getByRole('button', { name: 'Log out Chrome on Android (203.0.113.5)' }),
    );

    await waitFor(() =>
      expect(within(section()).getByRole('status')).toHaveTextContent(
        ACCOUNT_MESSAGES.sessionEnded,
      ),
    );
    expect(app.ended()).toEqual(['phone']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(list()).queryByText('Chrome on Android')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(section()).getByRole('button', { name: 'Log out Unknown device' }),
      ).toHaveFocus(),
    );

    // The last other session: then only this device is left, and the list keeps the focus.
    await app.user.click(within(section()).getByRole('button', { name: 'Log out Unknown device' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(app.ended()).toEqual(['phone', 'old']);
    expect(within(section()).getByText("You're not logged in anywhere else.")).toBeInTheDocument();
    await waitFor(() => expect(list()).toHaveFocus());
  });

  it('a session already gone (ended from another device) shows the server’s sentence, and the list is read again without it', async () => {
    let sessions = buildSessions();
    const app = await openSettings({
      listSessions: () => ({ body: { sessions } }),
      endSession: () => {
        sessions = sessions.filter((session) => session.id !== 'phone');
        return { status: 404, body: { message: SERVER_MESSAGES.notFound } };
      },
    });
    await within(section()).findByRole('list', { name: 'Your sessions' });
    await app.user.click(
      within(section()).getByRole('button', { name: 'Log out Chrome on Android (203.0.113.5)' }),
    );

    expect(await within(section()).findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.notFound);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(list()).queryByText('Chrome on Android')).not.toBeInTheDocument();
    expect(within(section()).getByRole('status')).toHaveTextContent('');
  });

  it('signed in only here: this device alone, no Log out, and a sentence saying so', async () => {
    await openSettings({}, buildSessions().slice(0, 1));
    await within(section()).findByRole('list', { name: 'Your sessions' });
    expect(rows()).toHaveLength(1);
    expect(within(section()).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section()).getByText("You're not logged in anywhere else.")).toBeInTheDocument();
  });

  it('a list that could not be read says why and reads it again on Try again', async () => {
    let fail = true;
    const app = await openSettings({
      listSessions: () =>
        fail
          ? { status: 500, body: { message: SERVER_MESSAGES.unexpected } }
          : { body: { sessions: buildSessions() } },
    });
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(SERVER_MESSAGES.unexpected);
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});
