import { REPORT_OUTCOME_LABELS, REPORT_REASON_LABELS } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { buildMyReport } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

const HOUR_MS = 60 * 60_000;

describe('the Support Inbox (/support)', () => {
  it('opens from the account menu: Help & support, Support Inbox', async () => {
    stubFeed([], { myReports: () => ({ body: [] }) });
    const app = renderApp('/', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('dialog', { name: 'Account menu' });
    await app.user.click(within(menu).getByRole('button', { name: 'Help & support' }));
    await app.user.click(within(menu).getByRole('link', { name: 'Support Inbox' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support Inbox' }),
    ).toBeInTheDocument();
    expect(app.pathname()).toBe('/support');
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(await screen.findByText("You haven't reported anything.")).toBeInTheDocument();
  });

  it("lists the member's reports: what, why, when, and the status or outcome", async () => {
    const open = buildMyReport(
      {
        target: { type: 'post', _id: 'p1', preview: 'Buy cheap watches' },
        reason: 'spam',
        details: 'The same link everywhere',
      },
      2,
    );
    const removed = buildMyReport(
      {
        target: { type: 'comment', _id: 'c1', preview: 'You are all fools' },
        reason: 'harassment',
        status: 'resolved',
        outcome: 'remove',
        resolvedAt: new Date(Date.now() - HOUR_MS).toISOString(),
      },
      30,
    );
    const dismissed = buildMyReport(
      {
        target: { type: 'member', _id: '01JGRACE', preview: 'Grace Hopper' },
        reason: 'other',
        status: 'resolved',
        outcome: 'dismiss',
        resolvedAt: new Date(Date.now() - HOUR_MS).toISOString(),
      },
      50,
    );
    const warned = buildMyReport({ status: 'resolved', outcome: 'warn' }, 80);
    const message = buildMyReport(
      { target: { type: 'message', _id: 'm1', preview: 'You again?' }, reason: 'harassment' },
      90,
    );
    stubFeed([], { myReports: () => ({ body: [open, removed, dismissed, warned, message] }) });
    renderApp('/support', { user: sessionUser() });

    const list = await screen.findByRole('list', { name: 'Your reports' });
    const [first, second, third, fourth, fifth] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('A post');
    expect(first).toHaveTextContent('Buy cheap watches');
    expect(first).toHaveTextContent(`${REPORT_REASON_LABELS.spam} · Reported 2 hours ago`);
    expect(first).toHaveTextContent('Status: Open');
    expect(first).toHaveTextContent('Your details: The same link everywhere');

    expect(second).toHaveAccessibleName('A comment');
    expect(second).toHaveTextContent('You are all fools');
    expect(second).toHaveTextContent(REPORT_REASON_LABELS.harassment);
    expect(second).toHaveTextContent(`Status: ${REPORT_OUTCOME_LABELS.remove}`);
    expect(second).toHaveTextContent('Closed 1 hour ago');

    expect(third).toHaveAccessibleName('A member: Grace Hopper');
    expect(third).toHaveTextContent(`Status: ${REPORT_OUTCOME_LABELS.dismiss}`);
    expect(fourth).toHaveTextContent(`Status: ${REPORT_OUTCOME_LABELS.warn}`);
    expect(fifth).toHaveAccessibleName('A message');
    expect(fifth).toHaveTextContent('You again?');
    expect(fifth).toHaveTextContent('Status: Open');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
  });

  it('shows a suspension and an account deletion as their outcomes', async () => {
    const suspended = buildMyReport({ status: 'resolved', outcome: 'suspend' }, 3);
    const deleted = buildMyReport(
      {
        target: { type: 'member', _id: '01JLINUS', preview: 'Linus Torvalds' },
        status: 'resolved',
        outcome: 'delete',
      },
      5,
    );
    stubFeed([], { myReports: () => ({ body: [suspended, deleted] }) });
    renderApp('/support', { user: sessionUser() });
    const list = await screen.findByRole('list', { name: 'Your reports' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(`Status: ${REPORT_OUTCOME_LABELS.suspend}`);
    expect(second).toHaveAccessibleName('A member: Linus Torvalds');
    expect(second).toHaveTextContent(`Status: ${REPORT_OUTCOME_LABELS.delete}`);
  });

  it('shows a failure with Try again', async () => {
    let fail = true;
    stubFeed([], {
      myReports: () =>
        fail ? { status: 429, body: { message: 'Too many requests.' } } : { body: [] },
    });
    const app = renderApp('/support', { user: sessionUser() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests.');
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("You haven't reported anything.")).toBeInTheDocument();
  });
});
