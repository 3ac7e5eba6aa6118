import { MODERATION_MESSAGES, type ModerationReport, REPORT_REASON_LABELS } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handlers, stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import { buildModerationReport } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

const HOUR_MS = 60 * 60_000;

/**
 * A server holding `reports`: the queue answers by status, an action resolves the report and
 * every open one of the same target, the summary counts what is open.
 */
function stubQueue(reports: ModerationReport[], handlers: Handlers = {}) {
  let held = [...reports];
  const server = stubServer({
    reports: (call) => ({
      body: held.filter((report) => report.status === (call.query.get('status') ?? 'open')),
    }),
    resolveReport: (call) => {
      const report = held.find((entry) => entry._id === call.params.reportId);
      if (!report) return { status: 404, body: { message: 'Not found.' } };
      const { action, reason = '' } = call.body as { action: 'dismiss'; reason?: string };
      held = held.map((entry) =>
        entry.status === 'open' && entry.target._id === report.target._id
          ? {
              ...entry,
              status: 'resolved',
              resolution: { action, reason, by: 'Ada Owen', at: new Date().toISOString() },
            }
          : entry,
      );
      return { body: 'ok' };
    },
    moderationSummary: () => ({
      body: { openReports: held.filter((r) => r.status === 'open').length, applications: 0 },
    }),
    ...handlers,
  });
  return { ...server, callsTo: (name: string) => server.calls.filter((c) => c.name === name) };
}

const openList = () => screen.findByRole('list', { name: 'Open reports' });
const reportNamed = (name: string) => screen.getByRole('article', { name });

describe('Reports (/admin/reports)', () => {
  it('is where /admin and the header shield take a moderator, first in the nav', async () => {
    stubQueue([buildModerationReport()]);
    const app = renderApp('/', { user: sessionUser({ role: 'moderator' }) });
    await app.user.click(await screen.findByRole('link', { name: 'Moderation, 1 waiting' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/reports');
    const nav = screen.getByRole('navigation', { name: 'Moderation' });
    expect(within(nav).getAllByRole('link')[0]).toHaveTextContent('Reports');
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows each open report: who reported whom, why, the content as reported, the record', async () => {
    const report = buildModerationReport(
      {
        reason: 'harassment',
        details: 'She keeps\ninsulting me.',
        content: {
          text: 'You are all fools',
          background: '',
          images: ['/media/gracehopper/post_images/1.webp'],
          createdAt: new Date(Date.now() - 5 * HOUR_MS).toISOString(),
          trashed: true,
          removed: false,
          edited: true,
        },
        history: {
          earlierReports: 2,
          actions: [
            {
              action: 'report.warn',
              reason: 'Be kind.',
              at: new Date(Date.now() - 24 * HOUR_MS).toISOString(),
            },
          ],
        },
      },
      3,
    );
    stubQueue([report]);
    renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    await openList();
    const item = reportNamed('Post by Grace Hopper');
    expect(within(item).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/profile/gracehopper',
    );
    expect(item).toHaveTextContent('Reported by Ada Byron · 3 hours ago');
    expect(item).toHaveTextContent(`Reason: ${REPORT_REASON_LABELS.harassment}`);
    expect(within(item).getByText(/She keeps/).textContent).toBe(report.details);

    const content = within(item).getByRole('figure', { name: 'The post as reported' });
    expect(content).toHaveTextContent('You are all fools');
    expect(
      within(within(content).getByRole('list', { name: 'Since the report' }))
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['Edited since', 'Trashed by the author']);
    expect(within(content).getByRole('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/media/gracehopper/post_images/1'),
    );

    expect(within(item).getByRole('heading', { name: "Grace's record" })).toBeInTheDocument();
    expect(item).toHaveTextContent('2 earlier reports.');
    const actions = within(item).getByRole('list', { name: 'Actions taken before' });
    expect(actions).toHaveTextContent('Warned yesterday: Be kind.');

    for (const name of ['Dismiss', 'Remove', 'Warn']) {
      expect(within(item).getByRole('button', { name })).toHaveAccessibleDescription(
        'Post by Grace Hopper',
      );
    }
  });

  it('offers no Remove on a member report, and says when the queue is empty', async () => {
    stubQueue([buildModerationReport({ target: { type: 'member', _id: '01JGRACEHOPPER' } })]);
    renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    await openList();
    const item = reportNamed('Member Grace Hopper');
    expect(within(item).queryByRole('figure')).not.toBeInTheDocument();
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dismiss', 'Warn', 'Suspend']);
  });

  it('shows a message report: the messages around it, the reported one marked, no Remove', async () => {
    // Ada's message before, Grace's reported one, Ada's after (the builder's); Ada had unsent
    // hers before the report, Grace's carries a photo, and Grace unsent it since.
    const built = buildModerationReport({ target: { type: 'message', _id: 'm900' } });
    const [before, reported, after] = built.messages ?? [];
    stubQueue([
      {
        ...built,
        content: built.content && { ...built.content, trashed: true },
        messages: [
          { ...before!, text: '', removed: true },
          { ...reported!, image: 'https://hearth.example/media/g/message_images/x.jpg?sig=s' },
          after!,
        ],
      },
    ]);
    renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    await openList();
    const item = reportNamed('Message by Grace Hopper');
    const figure = within(item).getByRole('figure', {
      name: 'The message as reported, with the ones around it',
    });
    // The badges come first, then the messages.
    const messages = within(figure).getAllByRole('list').at(-1)!;
    const lines = within(messages).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^Ada Byron · .*Message removed$/),
      expect.stringMatching(/^Grace Hopper · .*ReportedBuy cheap watches \d+$/),
      expect.stringMatching(/^Ada Byron · .*Please stop\.$/),
    ]);
    expect(lines[1]).toHaveAttribute('aria-current', 'true');
    expect(lines[0]).not.toHaveAttribute('aria-current');
    expect(
      within(lines[1]!).getByRole('img', { name: 'Photo in the message from Grace Hopper' }),
    ).toBeVisible();
    expect(within(figure).getByRole('list', { name: 'Since the report' })).toHaveTextContent(
      'Unsent by the sender',
    );
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dismiss', 'Warn', 'Suspend']);
  });

  it('removes with a reason: required first, then the call, and the report leaves the open tab', async () => {
    const spam = buildModerationReport({}, 5);
    const same = buildModerationReport({ target: spam.target }, 4);
    const other = buildModerationReport(
      { target: { type: 'comment', _id: 'c-other' }, member: null },
      1,
    );
    const { callsTo } = stubQueue([spam, same, other]);
    const app = renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    const list = await openList();
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(await screen.findByRole('link', { name: 'Moderation, 3 waiting' })).toBeInTheDocument();

    const first = within(list).getAllByRole('article')[0]!;
    await app.user.click(within(first).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this post?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.actionReasonRequired,
    );
    expect(callsTo('resolveReport')).toHaveLength(0);

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam links.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(callsTo('resolveReport').map((call) => [call.params.reportId, call.body])).toEqual([
      [spam._id, { action: 'remove', reason: 'Spam links.' }],
    ]);
    // Both reports of the post went; the comment's report is left, its Dismiss focused.
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    const left = reportNamed('Comment by a deleted account');
    expect(within(left).getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    expect(within(left).queryByRole('button', { name: 'Warn' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Moderation, 1 waiting' })).toBeInTheDocument();
  });

  it('dismisses without a reason and warns with one', async () => {
    const first = buildModerationReport({ target: { type: 'post', _id: 'p-a' } }, 5);
    const second = buildModerationReport({ target: { type: 'comment', _id: 'c-b' } }, 4);
    const { callsTo } = stubQueue([first, second]);
    const app = renderApp('/admin/reports', { user: sessionUser({ role: 'admin' }) });
    const list = await openList();

    await app.user.click(
      within(within(list).getAllByRole('article')[0]!).getByRole('button', { name: 'Dismiss' }),
    );
    const dismiss = screen.getByRole('dialog', { name: 'Dismiss this report?' });
    expect(within(dismiss).getByRole('textbox', { name: 'Reason (optional)' })).not.toBeRequired();
    await app.user.click(within(dismiss).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));

    await app.user.click(within(list).getByRole('button', { name: 'Warn' }));
    const warn = screen.getByRole('dialog', { name: 'Warn Grace Hopper?' });
    expect(warn).toHaveAccessibleDescription(
      'Grace Hopper is told why by notification and e-mail.',
    );
    await app.user.type(within(warn).getByRole('textbox', { name: 'Reason' }), 'Be civil.');
    await app.user.click(within(warn).getByRole('button', { name: 'Warn' }));
    expect(await screen.findByText('No open reports: nothing waits for you.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toHaveFocus();
    expect(callsTo('resolveReport').map((call) => call.body)).toEqual([
      { action: 'dismiss' },
      { action: 'warn', reason: 'Be civil.' },
    ]);
  });

  it('shows a report another moderator resolved first as the error, and drops it', async () => {
    const report = buildModerationReport();
    let resolved = false;
    stubQueue([report], {
      reports: (call) => ({
        body: call.query.get('status') === 'resolved' || resolved ? [] : [report],
      }),
      resolveReport: () => {
        resolved = true;
        return { status: 409, body: { message: MODERATION_MESSAGES.reportResolved } };
      },
    });
    const app = renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    await openList();
    await app.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this report?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.reportResolved,
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('No open reports: nothing waits for you.')).toBeInTheDocument();
  });

  it('the Resolved tab asks for resolved reports and shows what was done, by whom', async () => {
    const done = buildModerationReport({
      status: 'resolved',
      resolution: {
        action: 'remove',
        reason: 'Spam links.',
        by: 'Ada Owen',
        at: new Date(Date.now() - 2 * HOUR_MS).toISOString(),
      },
      content: {
        text: 'Buy now',
        background: '',
        images: [],
        createdAt: new Date().toISOString(),
        trashed: false,
        removed: true,
        edited: false,
      },
    });
    const { callsTo } = stubQueue([done]);
    const app = renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    expect(await screen.findByText('No open reports: nothing waits for you.')).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Reports' });
    expect(within(tabs).getByRole('tab', { name: 'Open' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await app.user.click(within(tabs).getByRole('tab', { name: 'Resolved' }));
    const list = await screen.findByRole('list', { name: 'Resolved reports' });
    expect(screen.getByRole('tabpanel', { name: 'Resolved' })).toContainElement(list);
    expect(app.router.search()).toBe('status=resolved');
    expect(callsTo('reports').at(-1)?.query.get('status')).toBe('resolved');
    const item = within(list).getByRole('article', { name: 'Post by Grace Hopper' });
    expect(item).toHaveTextContent('Removed by Ada Owen 2 hours ago: Spam links.');
    expect(within(item).getByRole('list', { name: 'Since the report' })).toHaveTextContent(
      'Removed',
    );
    expect(within(item).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();

    // Arrow keys move between the tabs.
    await app.user.keyboard('{ArrowLeft}');
    expect(within(tabs).getByRole('tab', { name: 'Open' })).toHaveFocus();
    expect(app.router.search()).toBe('');
    expect(await screen.findByText('No open reports: nothing waits for you.')).toBeInTheDocument();
  });

  it('suspends the reported member with a reason: they are told by mail and cannot log in', async () => {
    const report = buildModerationReport({ target: { type: 'member', _id: '01JGRACEHOPPER' } });
    const { callsTo } = stubQueue([report]);
    const app = renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    const list = await openList();
    const item = reportNamed('Member Grace Hopper');
    expect(within(item).getByRole('button', { name: 'Suspend' })).toHaveAccessibleDescription(
      'Member Grace Hopper',
    );
    await app.user.click(within(item).getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Grace Hopper?' });
    expect(dialog).toHaveAccessibleDescription(
      'Grace Hopper cannot log in, and everything they made is hidden from everyone until the suspension is lifted. They are told why by e-mail.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.actionReasonRequired,
    );
    expect(callsTo('resolveReport')).toHaveLength(0);

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Threats.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('No open reports: nothing waits for you.')).toBeInTheDocument();
    expect(list).not.toBeInTheDocument();
    expect(callsTo('resolveReport').map((call) => [call.params.reportId, call.body])).toEqual([
      [report._id, { action: 'suspend', reason: 'Threats.' }],
    ]);
  });

  it("lets an admin delete the reported member's account; the reports naming them leave the queue", async () => {
    const report = buildModerationReport({ target: { type: 'member', _id: '01JGRACEHOPPER' } });
    let held = [report];
    const { callsTo } = stubQueue([], {
      reports: (call) => ({ body: (call.query.get('status') ?? 'open') === 'open' ? held : [] }),
      deleteMember: () => {
        held = [];
        return { body: 'ok' };
      },
    });
    const app = renderApp('/admin/reports', { user: sessionUser({ role: 'admin' }) });
    await openList();
    const item = reportNamed('Member Grace Hopper');
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dismiss', 'Warn', 'Suspend', 'Delete account']);
    await app.user.click(within(item).getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the account of Grace Hopper?' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fraud.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('No open reports: nothing waits for you.')).toBeInTheDocument();
    expect(callsTo('deleteMember').map((call) => [call.params.userId, call.body])).toEqual([
      [report.member?._id, { reason: 'Fraud.' }],
    ]);
    expect(callsTo('resolveReport')).toHaveLength(0);
  });

  it('offers no Delete account to a moderator', async () => {
    stubQueue([buildModerationReport({ target: { type: 'member', _id: '01JGRACEHOPPER' } })]);
    renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    await openList();
    expect(
      within(reportNamed('Member Grace Hopper')).queryByRole('button', { name: 'Delete account' }),
    ).not.toBeInTheDocument();
  });

  it("shows the server's refusal to suspend a moderator in the dialog", async () => {
    const report = buildModerationReport();
    stubQueue([report], {
      resolveReport: () => ({
        status: 400,
        body: { message: MODERATION_MESSAGES.staffProtected },
      }),
    });
    const app = renderApp('/admin/reports', { user: sessionUser({ role: 'moderator' }) });
    await openList();
    await app.user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Grace Hopper?' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.staffProtected,
    );
    expect(reportNamed('Post by Grace Hopper')).toBeInTheDocument();
  });

  it('the Resolved tab names a suspension and an account deletion', async () => {
    const at = new Date(Date.now() - 3 * HOUR_MS).toISOString();
    stubQueue([
      buildModerationReport({
        status: 'resolved',
        target: { type: 'member', _id: '01JGRACEHOPPER' },
        resolution: { action: 'suspend', reason: 'Threats.', by: 'Ada Owen', at },
      }),
      buildModerationReport({
        status: 'resolved',
        member: null,
        resolution: { action: 'delete', reason: 'Spam account.', by: 'Ada Owen', at },
      }),
    ]);
    renderApp('/admin/reports?status=resolved', { user: sessionUser({ role: 'moderator' }) });
    const list = await screen.findByRole('list', { name: 'Resolved reports' });
    const [suspension, deletion] = within(list).getAllByRole('article');
    expect(suspension).toHaveTextContent('Suspended by Ada Owen 3 hours ago: Threats.');
    expect(deletion).toHaveTextContent('Account deleted by Ada Owen 3 hours ago: Spam account.');
    expect(within(list).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });
});
