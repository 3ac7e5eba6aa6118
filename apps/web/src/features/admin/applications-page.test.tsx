import { type Application, MODERATION_MESSAGES } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, type Handler, stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import { buildApplication } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

const alice = buildApplication('Alice', 'Walker', { reason: 'I run the\nbook club.' }, 26);
const bob = buildApplication('Bob', 'Marley', { reason: 'My neighbours are here.' }, 3);

/** A server that keeps the applicants: a decision takes one off (`decide` answers instead). */
function stubApplications(applicants: Application[], decide?: Handler) {
  let waiting = [...applicants];
  const decideApplication =
    decide ??
    byParam(
      'userId',
      Object.fromEntries(
        applicants.map((applicant) => [
          applicant._id,
          () => {
            waiting = waiting.filter((entry) => entry._id !== applicant._id);
            return { body: 'ok' };
          },
        ]),
      ),
    );
  const server = stubServer({ applications: () => ({ body: waiting }), decideApplication });
  return {
    ...server,
    decisions: () => server.calls.filter((call) => call.name === 'decideApplication'),
  };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Applications' })).getAllByRole('listitem');

describe('Applications (/admin/applications)', () => {
  it('lists each applicant with picture, name, e-mail, reason and time, oldest first', async () => {
    stubApplications([alice, bob]);
    renderApp('/admin/applications', { user: sessionUser({ role: 'moderator' }) });
    await screen.findByRole('list', { name: 'Applications' });
    const [first, second] = rows();
    expect(first!.querySelector('img')).toHaveAttribute('src', alice.picture);
    expect(first).toHaveTextContent('Alice Walker');
    expect(first).toHaveTextContent(alice.email);
    expect(first).toHaveTextContent('Applied yesterday');
    expect(within(first!).getByText(/I run the/).textContent).toBe(alice.reason);
    expect(second).toHaveTextContent('Bob Marley');
    expect(second).toHaveTextContent('Applied 3 hours ago');
  });

  it('approves: the call, the row gone, focus on the next applicant', async () => {
    const { decisions } = stubApplications([alice, bob]);
    const app = renderApp('/admin/applications', { user: sessionUser({ role: 'moderator' }) });
    await app.user.click(await screen.findByRole('button', { name: 'Approve Alice Walker' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Alice Walker?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Bob Marley');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(decisions()).toHaveLength(1);
    expect(decisions()[0]?.params).toEqual({ userId: alice._id });
    expect(decisions()[0]?.body).toEqual({ approve: true });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Approve Bob Marley' })).toHaveFocus(),
    );
  });

  it('rejects with a reason, and says so once nobody is left', async () => {
    const { decisions } = stubApplications([bob]);
    const app = renderApp('/admin/applications', { user: sessionUser({ role: 'admin' }) });
    await app.user.click(await screen.findByRole('button', { name: 'Reject Bob Marley' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Bob Marley?' });
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'We only take people from Riverside.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Nobody is waiting for approval.')).toBeInTheDocument();
    expect(decisions()[0]?.body).toEqual({
      approve: false,
      reason: 'We only take people from Riverside.',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Applications' })).toHaveFocus();
  });

  it('keeps the dialog and the applicant when the server refuses', async () => {
    stubApplications([alice], () => ({
      status: 400,
      body: { message: MODERATION_MESSAGES.decisionReasonMax },
    }));
    const app = renderApp('/admin/applications', { user: sessionUser({ role: 'moderator' }) });
    await app.user.click(await screen.findByRole('button', { name: 'Approve Alice Walker' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Alice Walker?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.decisionReasonMax,
    );
    expect(rows()).toHaveLength(1);
  });
});
