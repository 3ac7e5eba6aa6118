import {
  type MemberRecord,
  MODERATION_MESSAGES,
  type ModerationMember,
  REPORT_REASON_LABELS,
  ROLE_LABELS,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handlers, stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import {
  buildMemberRecord,
  buildModerationMember,
  buildRecordReport,
  suspended,
} from '../../test/moderation';
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

const HOUR_MS = 60 * 60_000;

/**
 * A server holding `start` as the real one keeps members: suspend, unsuspend and delete change
 * what the list answers next (moderators and admins refused as staffProtected); `records` are
 * the members' records by id.
 */
function stubStanding(
  start: ModerationMember[],
  records: Record<string, MemberRecord> = {},
  handlers: Handlers = {},
) {
  let held = [...start];
  const find = (userId: string | undefined) => held.find((member) => member._id === userId);
  const refused = (member: ModerationMember | undefined) =>
    !member
      ? { status: 404, body: { message: 'Not found.' } }
      : member.role !== 'member'
        ? { status: 400, body: { message: MODERATION_MESSAGES.staffProtected } }
        : null;
  const change = (userId: string, patch: Partial<ModerationMember>) => {
    held = held.map((member) => (member._id === userId ? { ...member, ...patch } : member));
  };
  return stubMembers([], {
    moderationMembers: () => ({ body: held }),
    suspendMember: (call) => {
      const member = find(call.params.userId);
      const refusal = refused(member);
      if (refusal) return refusal;
      const { reason } = call.body as { reason: string };
      change(call.params.userId ?? '', {
        status: 'suspended',
        suspension: { reason, at: new Date().toISOString() },
      });
      return { body: 'ok' };
    },
    unsuspendMember: (call) => {
      const member = find(call.params.userId);
      if (!member) return { status: 404, body: { message: 'Not found.' } };
      change(member._id, { status: 'active', suspension: null });
      return { body: 'ok' };
    },
    deleteMember: (call) => {
      const member = find(call.params.userId);
      const refusal = refused(member);
      if (refusal) return refusal;
      held = held.filter((entry) => entry._id !== call.params.userId);
      return { body: 'ok' };
    },
    memberRecord: (call) => {
      const record = records[call.params.userId ?? ''];
      return record ? { body: record } : { status: 404, body: { message: 'Not found.' } };
    },
    ...handlers,
  });
}

const rowOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Members' }))
    .getAllByRole('listitem')
    .find((row) => within(row).queryByRole('link', { name }))!;

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

  it('shows when each member joined, their role, and a suspension with since when and why', async () => {
    const held = suspended(buildModerationMember('Linus', 'Torvalds'), 'Spam links, again.', 3);
    stubMembers([ada, held, buildModerationMember('Ines', 'Moreau')]);
    renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    await screen.findByRole('list', { name: 'Members' });
    const linus = rowOf('Linus Torvalds');
    expect(linus).toHaveTextContent('Joined last month');
    expect(linus).toHaveTextContent(ROLE_LABELS.member);
    expect(within(linus).getByTestId('member-status')).toHaveTextContent('Status: Suspended');
    expect(linus).toHaveTextContent('Suspended 3 hours ago. Reason: Spam links, again.');
    expect(within(linus).getByRole('button', { name: 'Unsuspend Linus Torvalds' })).toBeVisible();
    expect(within(linus).queryByRole('button', { name: /^Suspend/ })).not.toBeInTheDocument();

    const ines = rowOf('Ines Moreau');
    expect(ines).toHaveTextContent('Joined last month');
    expect(ines).not.toHaveTextContent('Suspended');
    expect(within(ines).getByRole('button', { name: 'Suspend Ines Moreau' })).toBeVisible();
  });

  it("opens a member's record: the reports naming them and the actions taken, then closes it", async () => {
    const { callsTo } = stubStanding([linus], {
      [linus._id]: buildMemberRecord(linus, {
        reports: [
          buildRecordReport({ reason: 'harassment', details: 'Insults under my post.' }, 2),
          buildRecordReport(
            {
              target: { type: 'member', _id: linus._id },
              reason: 'spam',
              status: 'resolved',
              outcome: 'warn',
            },
            48,
          ),
        ],
        actions: [
          {
            action: 'member.warn',
            reason: 'Be civil.',
            by: 'Ada Owen',
            at: new Date(Date.now() - 24 * HOUR_MS).toISOString(),
          },
        ],
      }),
    });
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    const toggle = await screen.findByRole('button', { name: 'Record of Linus Torvalds' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(callsTo('memberRecord')).toHaveLength(0);

    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const record = screen.getByRole('region', { name: 'Record of Linus Torvalds' });
    expect(toggle).toHaveAttribute('aria-controls', record.id);
    const reports = await within(record).findByRole('list', {
      name: 'Reports naming Linus Torvalds',
    });
    expect(callsTo('memberRecord').at(-1)?.params).toEqual({ userId: linus._id });
    const [open, closed] = within(reports).getAllByRole('listitem');
    expect(open).toHaveTextContent(
      `${REPORT_REASON_LABELS.harassment} · a post · reported 2 hours ago`,
    );
    expect(open).toHaveTextContent('Open');
    expect(open).toHaveTextContent('“Insults under my post.”');
    expect(closed).toHaveTextContent(
      `${REPORT_REASON_LABELS.spam} · the profile · reported 2 days ago`,
    );
    expect(closed).toHaveTextContent('Resolved: Warned');
    expect(
      within(record).getByRole('list', { name: 'Actions taken about Linus Torvalds' }),
    ).toHaveTextContent('Warned by Ada Owen yesterdayReason: Be civil.');

    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.queryByRole('region', { name: 'Record of Linus Torvalds' }),
    ).not.toBeInTheDocument();
  });

  it('says when a record is empty', async () => {
    stubStanding([linus], { [linus._id]: buildMemberRecord(linus) });
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    await app.user.click(await screen.findByRole('button', { name: 'Record of Linus Torvalds' }));
    const record = screen.getByRole('region', { name: 'Record of Linus Torvalds' });
    expect(await within(record).findByText('No reports name Linus.')).toBeVisible();
    expect(within(record).getByText('No action taken about Linus.')).toBeVisible();
  });

  it('suspends a member with a reason; the row says so and offers Unsuspend, focused', async () => {
    const { callsTo } = stubStanding([linus]);
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    const suspend = await screen.findByRole('button', { name: 'Suspend Linus Torvalds' });
    await app.user.click(suspend);
    const dialog = screen.getByRole('dialog', { name: 'Suspend Linus Torvalds?' });
    expect(dialog).toHaveAccessibleDescription(
      'Linus Torvalds cannot log in, and everything they made is hidden from everyone until the suspension is lifted. They are logged out at once and told why by e-mail.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.actionReasonRequired,
    );
    expect(callsTo('suspendMember')).toHaveLength(0);

    const listReads = callsTo('moderationMembers').length;
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam links.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(callsTo('suspendMember').map((call) => [call.params.userId, call.body])).toEqual([
      [linus._id, { reason: 'Spam links.' }],
    ]);
    const row = rowOf('Linus Torvalds');
    expect(row).toHaveTextContent('Status: Suspended');
    expect(row).toHaveTextContent('Suspended just now. Reason: Spam links.');
    expect(within(row).getByRole('status')).toHaveTextContent('Linus was suspended.');
    // The same button, now Unsuspend, keeps the focus the dialog gave back.
    expect(within(row).getByRole('button', { name: 'Unsuspend Linus Torvalds' })).toHaveFocus();
    // The list reads again from the server.
    await waitFor(() => expect(callsTo('moderationMembers').length).toBeGreaterThan(listReads));
  });

  it('lifts a suspension with a reason', async () => {
    const { callsTo } = stubStanding([suspended(linus)]);
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'admin' }) });
    await app.user.click(await screen.findByRole('button', { name: 'Unsuspend Linus Torvalds' }));
    const dialog = screen.getByRole('dialog', { name: 'Unsuspend Linus Torvalds?' });
    expect(dialog).toHaveAccessibleDescription(
      'Linus Torvalds can log in again, and everything they made shows again as it was. They are told by e-mail.',
    );
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Appeal heard.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Unsuspend' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(callsTo('unsuspendMember').map((call) => [call.params.userId, call.body])).toEqual([
      [linus._id, { reason: 'Appeal heard.' }],
    ]);
    const row = rowOf('Linus Torvalds');
    expect(row).not.toHaveTextContent('Suspended');
    expect(within(row).getByRole('status')).toHaveTextContent('Linus can log in again.');
    expect(within(row).getByRole('button', { name: 'Suspend Linus Torvalds' })).toHaveFocus();
  });

  it('offers no Suspend or Delete on moderators, admins or oneself, and Delete to admins only', async () => {
    const me = { ...buildModerationMember('Mia', 'Self', 'member'), _id: sessionUser().id };
    stubStanding([ada, grace, me, linus]);
    const first = renderApp('/admin/members', { user: sessionUser({ role: 'admin' }) });
    await screen.findByRole('list', { name: 'Members' });
    for (const name of ['Ada Owen', 'Grace Hopper', 'Mia Self']) {
      const row = rowOf(name);
      expect(within(row).queryByRole('button', { name: /^(Suspend|Unsuspend) / })).toBeNull();
      expect(within(row).queryByRole('button', { name: /^Delete account/ })).toBeNull();
      expect(within(row).getByRole('button', { name: `Record of ${name}` })).toBeVisible();
    }
    expect(within(rowOf('Mia Self')).queryByRole('button', { name: /^Warn/ })).toBeNull();
    expect(
      within(rowOf('Linus Torvalds'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Record', 'Warn', 'Suspend', 'Delete account']);
    first.unmount();

    renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    await screen.findByRole('list', { name: 'Members' });
    expect(
      within(rowOf('Linus Torvalds'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Record', 'Warn', 'Suspend']);
  });

  it("shows the server's sentence when it refuses a suspension", async () => {
    // The list still says member; the server knows an admin has since made them a moderator.
    stubStanding(
      [linus],
      {},
      {
        suspendMember: () => ({
          status: 400,
          body: { message: MODERATION_MESSAGES.staffProtected },
        }),
      },
    );
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'moderator' }) });
    await app.user.click(await screen.findByRole('button', { name: 'Suspend Linus Torvalds' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Linus Torvalds?' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.staffProtected,
    );
    expect(rowOf('Linus Torvalds')).not.toHaveTextContent('Suspended');
  });

  it('deletes an account (admins): says what goes for good, asks a reason, the row leaves', async () => {
    const ines = buildModerationMember('Ines', 'Moreau');
    const { callsTo } = stubStanding([linus, ines]);
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'admin' }) });
    await app.user.click(
      await screen.findByRole('button', { name: 'Delete account of Linus Torvalds' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete the account of Linus Torvalds?' });
    expect(dialog).toHaveAccessibleDescription(
      'Everything Linus Torvalds made is removed with the account: posts, comments, reactions, photos and friendships. This cannot be undone. ' +
        'Linus is told why by e-mail. Their address cannot be used to sign up again until an admin allows it, under Settings, Refused addresses.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.actionReasonRequired,
    );
    expect(callsTo('deleteMember')).toHaveLength(0);

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam account.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(
      callsTo('deleteMember').map((call) => [call.method, call.params.userId, call.body]),
    ).toEqual([['DELETE', linus._id, { reason: 'Spam account.' }]]);
    const list = screen.getByRole('list', { name: 'Members' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).not.toHaveTextContent('Linus Torvalds');
    expect(screen.getByText('The account of Linus Torvalds was deleted.')).toHaveAttribute(
      'role',
      'status',
    );
    // Focus goes to the row that took its place.
    expect(screen.getByRole('button', { name: 'Record of Ines Moreau' })).toHaveFocus();
  });

  it("shows the server's sentence when it refuses a deletion, and keeps the row", async () => {
    stubStanding(
      [linus],
      {},
      {
        deleteMember: () => ({ status: 400, body: { message: MODERATION_MESSAGES.notYourself } }),
      },
    );
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'admin' }) });
    await app.user.click(
      await screen.findByRole('button', { name: 'Delete account of Linus Torvalds' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete the account of Linus Torvalds?' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.notYourself,
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete account of Linus Torvalds' })).toHaveFocus();
  });
});
