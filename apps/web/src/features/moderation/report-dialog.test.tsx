import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportInput,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handler } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import {
  ada,
  buildComment,
  buildPost,
  buildProfile,
  grace,
  sessionUser,
} from '../../test/fixtures';
import { buildMyReport } from '../../test/moderation';
import { openProfile } from '../../test/profile';
import { renderApp } from '../../test/render-app';

/** The server's answer to a report: the report as the Support Inbox shows it. */
const accepted: Handler = (call) => {
  const input = call.body as ReportInput;
  return { status: 201, body: buildMyReport({ reason: input.reason, details: input.details }) };
};

/** Ada on the home feed; she opens the '…' menu of Grace's post and picks Report post. */
async function reportGracesPost(report: Handler = accepted) {
  const post = buildPost({ user: grace, text: 'Buy cheap watches' });
  const server = stubFeed([post], { report });
  const app = renderApp('/', { user: sessionUser() });
  const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
  await app.user.click(within(card).getByRole('button', { name: 'Post options' }));
  await app.user.click(within(card).getByRole('menuitem', { name: 'Report post' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report post' });
  const reports = () => server.calls.filter((call) => call.name === 'report');
  return { app, post, card, dialog, reports };
}

describe('reporting a post from its menu', () => {
  it('offers every reason, optional details, and Submit', async () => {
    const { dialog } = await reportGracesPost();
    const group = within(dialog).getByRole('group', { name: 'Why are you reporting this?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(REPORT_REASONS.map((reason) => REPORT_REASON_LABELS[reason]));
    expect(
      within(group)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    expect(within(dialog).getByRole('textbox', { name: 'Details (optional)' })).toHaveAttribute(
      'maxLength',
      String(REPORT_DETAILS_MAX),
    );
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('asks for a reason before sending anything', async () => {
    const { app, dialog, reports } = await reportGracesPost();
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REPORT_MESSAGES.reasonRequired);
    expect(reports()).toHaveLength(0);
  });

  it('sends the post, the reason and the details, thanks the member, and Done closes', async () => {
    const { app, post, card, dialog, reports } = await reportGracesPost();
    await app.user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Details (optional)' }),
      '  The same link in every post  ',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(REPORT_MESSAGES.reported);
    expect(reports().map((call) => call.body)).toEqual([
      { target: { postId: post._id }, reason: 'spam', details: 'The same link in every post' },
    ]);
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveFocus();
    await app.user.click(done);
    expect(dialog).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Post options' })).toHaveFocus();
  });

  it('leaves out details left empty', async () => {
    const { app, post, dialog, reports } = await reportGracesPost();
    await app.user.click(
      within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.harassment }),
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByText(REPORT_MESSAGES.reported);
    expect(reports()[0]?.body).toEqual({ target: { postId: post._id }, reason: 'harassment' });
  });

  it("shows the server's refusal of a second report as the form's error, and keeps the form", async () => {
    const { app, dialog } = await reportGracesPost(() => ({
      status: 409,
      body: { message: REPORT_MESSAGES.alreadyReported },
    }));
    await app.user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      REPORT_MESSAGES.alreadyReported,
    );
    expect(within(dialog).queryByText(REPORT_MESSAGES.reported)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('shows a 400 the same way', async () => {
    const { app, dialog } = await reportGracesPost(() => ({
      status: 400,
      body: { message: REPORT_MESSAGES.yourOwn },
    }));
    await app.user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.yourOwn);
  });

  it('Cancel closes without sending', async () => {
    const { app, dialog, reports } = await reportGracesPost();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toBeInTheDocument();
    expect(reports()).toHaveLength(0);
  });
});

describe('reporting a comment', () => {
  it("offers Report under other members' comments, not under one's own, and sends the comment", async () => {
    const theirs = buildComment({ comment: 'You are all fools' });
    const mine = buildComment({
      comment: 'Hello',
      commentBy: {
        _id: ada._id,
        username: ada.username,
        first_name: ada.first_name,
        last_name: ada.last_name,
        picture: ada.picture,
      },
    });
    const post = buildPost({ user: grace, comments: [mine, theirs] });
    const server = stubFeed([post], { report: accepted });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const comments = within(card).getByRole('list', { name: 'Comments' });
    const buttons = within(comments).getAllByRole('button', { name: /^Report comment by/ });
    expect(buttons.map((button) => button.textContent)).toEqual(['Report']);
    expect(buttons[0]).toHaveAccessibleName('Report comment by Grace Hopper');

    await app.user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report comment' });
    await app.user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.hate }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByText(REPORT_MESSAGES.reported);
    expect(server.calls.find((call) => call.name === 'report')?.body).toEqual({
      target: { commentId: theirs._id },
      reason: 'hate',
    });
  });
});

describe("reporting a member from their profile's menu", () => {
  it('opens Report Grace and sends the member', async () => {
    const app = await openProfile(buildProfile(), { report: accepted });
    await app.user.click(screen.getByRole('button', { name: 'Profile options' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Report Grace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Grace' });
    await app.user.click(
      within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.violence }),
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByText(REPORT_MESSAGES.reported);
    await waitFor(() =>
      expect(app.calls.find((call) => call.name === 'report')?.body).toEqual({
        target: { userId: grace._id },
        reason: 'violence',
      }),
    );
  });
});
