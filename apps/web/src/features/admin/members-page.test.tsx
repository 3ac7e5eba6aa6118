import { MODERATION_MESSAGES, type ModerationMember, ROLE_LABELS } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handlers, stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import { buildModerationMember } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

const ada = buildModerationMember('Ada', 'Owen', 'admin');
const grace = buildModerationMember('Grace', 'Hopper', 'moderator');
const linus = buildModerationMember('Linus', 'Torvalds');

/** A server listing `list`, found by `q` in the name or e-mail. */
function stubMembers(list: ModerationMember[], handlers: Handlers = {}) {
  const server = stubServer({
    moderationMembers: (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return {
        body: list.filter((m) =>
          `${m.first_name} ${m.last_name} ${m.email}`.toLowerCase().includes(q),
        ),
      };
    },
    ...handlers,
  });
  return { ...server, callsTo: (name: string) => server.calls.filter((c) => c.name === name) };
}

const roleOf = (name: string) => screen.getByRole('combobox', { name: `Role of ${name}` });

describe('Members (/admin/members)', () => {
  it('lists members with their role; a moderator reads the roles, cannot change them', async () => {
    stubMembers([ada, grace, linus]);
    renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    const list = await screen.findByRole('list', { name: 'Members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Ada Owen',
      'Grace Hopper',
      'Linus Torvalds',
    ]);
    expect(rows[0]).toHaveTextContent(ROLE_LABELS.admin);
    expect(rows[1]).toHaveTextContent(ROLE_LABELS.moderator);
    expect(rows[2]).toHaveTextContent(ROLE_LABELS.member);
    expect(rows[2]).toHaveTextContent(linus.email);
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).not.toBeInTheDocument();
  });

  it('searches by what is typed', async () => {
    const { callsTo } = stubMembers([ada, grace, linus]);
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    await screen.findByRole('list', { name: 'Members' });
    await app.user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'hopper');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.getByRole('list', { name: 'Members' })).toHaveTextContent('Grace Hopper');
    expect(callsTo('moderationMembers').at(-1)?.query.get('q')).toBe('hopper');
  });

  it('lets an admin change a role', async () => {
    const { callsTo } = stubMembers([ada, grace, linus], {
      setRole: (call) => ({
        body: { _id: call.params.userId, role: (call.body as { role: string }).role },
      }),
    });
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'admin' }) });
    await screen.findByRole('list', { name: 'Members' });
    expect(roleOf('Linus Torvalds')).toHaveValue('member');
    await app.user.selectOptions(roleOf('Linus Torvalds'), ROLE_LABELS.moderator);
    await waitFor(() => expect(callsTo('setRole')).toHaveLength(1));
    expect(callsTo('setRole')[0]?.params).toEqual({ userId: linus._id });
    expect(callsTo('setRole')[0]?.body).toEqual({ role: 'moderator' });
    await waitFor(() => expect(roleOf('Linus Torvalds')).toHaveValue('moderator'));
    expect(roleOf('Linus Torvalds')).toBeEnabled();
  });

  it('shows the server’s refusal to revoke the last admin, and keeps the role', async () => {
    stubMembers([ada, linus], {
      setRole: () => ({ status: 400, body: { message: MODERATION_MESSAGES.lastAdmin } }),
    });
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'admin' }) });
    await screen.findByRole('list', { name: 'Members' });
    await app.user.selectOptions(roleOf('Ada Owen'), ROLE_LABELS.member);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MODERATION_MESSAGES.lastAdmin);
    expect(roleOf('Ada Owen')).toHaveValue('admin');
    expect(roleOf('Ada Owen')).toHaveAccessibleDescription(MODERATION_MESSAGES.lastAdmin);
  });

  it('warns a member with a reason, and offers no Warn on oneself', async () => {
    const me = { ...buildModerationMember('Ada', 'Owen', 'moderator'), _id: sessionUser().id };
    const { callsTo } = stubMembers([me, linus], {
      warnMember: (call) =>
        call.params.userId === linus._id
          ? { body: 'ok' }
          : { status: 404, body: { message: 'Not found.' } },
    });
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('button', { name: 'Warn Ada Owen' })).not.toBeInTheDocument();

    const warn = screen.getByRole('button', { name: 'Warn Linus Torvalds' });
    await app.user.click(warn);
    const dialog = screen.getByRole('dialog', { name: 'Warn Linus Torvalds?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.actionReasonRequired,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toBeInvalid();
    expect(callsTo('warnMember')).toHaveLength(0);

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Be civil.  ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Warn' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(callsTo('warnMember').map((call) => [call.params.userId, call.body])).toEqual([
      [linus._id, { reason: 'Be civil.' }],
    ]);
    expect(screen.getByText('Linus was warned.')).toBeInTheDocument();
    expect(warn).toHaveFocus();
  });

  it("shows the server's refusal in the Warn dialog", async () => {
    stubMembers([linus], {
      warnMember: () => ({ status: 404, body: { message: 'Not found.' } }),
    });
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'admin' }) });
    await app.user.click(await screen.findByRole('button', { name: 'Warn Linus Torvalds' }));
    const dialog = screen.getByRole('dialog', { name: 'Warn Linus Torvalds?' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Warn' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not found.');
  });
});
