import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { buildAuditEntry } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

const grace = { _id: '01JGRACE', name: 'Grace Keeper' };

describe('Audit log (/admin/log)', () => {
  it('says what each line did, by whom and when, with the details', async () => {
    stubServer({
      moderationLog: () => ({
        body: [
          buildAuditEntry(
            {
              action: 'settings.update',
              details: {
                changes: {
                  signupMode: { before: 'open', after: 'approval' },
                  name: { before: 'Hearth', after: 'Riverside' },
                },
              },
            },
            1,
          ),
          buildAuditEntry({
            action: 'role.set',
            target: grace,
            details: { before: 'member', after: 'moderator', via: 'app' },
          }),
          buildAuditEntry({
            actor: { _id: grace._id, name: 'Grace Keeper' },
            action: 'report.remove',
            target: { _id: '01JLINUS', name: 'Linus Torvalds' },
            details: { reason: 'Spam links.', postId: 'p1', reportId: 'r1' },
          }),
          buildAuditEntry({
            action: 'comment.remove',
            target: { _id: '01JLINUS', name: 'Linus Torvalds' },
            details: { reason: 'Rude.', commentId: 'c1' },
          }),
          buildAuditEntry({
            action: 'member.warn',
            target: { _id: '01JLINUS', name: 'Linus Torvalds' },
            details: { reason: 'Be civil.' },
          }),
          buildAuditEntry({
            action: 'report.dismiss',
            target: { _id: '01JLINUS', name: 'Linus Torvalds' },
            details: { reportId: 'r2' },
          }),
          buildAuditEntry({
            action: 'application.approve',
            target: { _id: '01JINES', name: 'Ines Moreau' },
          }),
          buildAuditEntry({
            action: 'invite.create',
            details: { code: 'ABCD1234', uses: 5, expiresAt: new Date().toISOString() },
          }),
          buildAuditEntry({
            actor: { _id: null, name: 'Hearth (automatic)' },
            action: 'signup.autoApproval',
            details: { before: 'open', after: 'approval', days: 7 },
          }),
        ],
      }),
    });
    renderApp('/admin/log', { user: sessionUser({ role: 'admin' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(lines).toEqual([
      'Ada Owen changed the settings',
      'Ada Owen made Grace Keeper a moderator',
      'Grace Keeper removed a post by Linus Torvalds',
      'Ada Owen removed a comment by Linus Torvalds',
      'Ada Owen warned Linus Torvalds',
      'Ada Owen dismissed a report about Linus Torvalds',
      'Ada Owen approved Ines Moreau',
      'Ada Owen made an invite link',
      'Hearth (automatic) switched sign-up to approval (no moderator active)',
    ]);
    const [settings, role, removal] = within(list).getAllByRole('listitem');
    expect(settings).toHaveTextContent('1 hour ago');
    expect(settings).toHaveTextContent('Who may join: Open → Approval');
    expect(settings).toHaveTextContent('Server name: Hearth → Riverside');
    expect(role).toHaveTextContent('Was member');
    expect(removal).toHaveTextContent('Reason: Spam links.');
  });

  it('says who suspended, lifted a suspension, deleted an account or allowed an address again', async () => {
    const linus = { _id: '01JLINUS', name: 'Linus Torvalds' };
    stubServer({
      moderationLog: () => ({
        body: [
          buildAuditEntry({
            action: 'report.suspend',
            target: linus,
            details: { reason: 'Threats.', reportId: 'r1' },
          }),
          buildAuditEntry({
            actor: { _id: grace._id, name: 'Grace Keeper' },
            action: 'member.suspend',
            target: linus,
            details: { reason: 'Spam links.' },
          }),
          buildAuditEntry({
            action: 'member.unsuspend',
            target: linus,
            details: { reason: 'Appeal heard.' },
          }),
          buildAuditEntry({
            action: 'member.delete',
            target: linus,
            details: { reason: 'Spam account.' },
          }),
          buildAuditEntry({ action: 'email.allow', target: linus }),
          buildAuditEntry({ action: 'email.allow', details: { name: 'Ines Moreau' } }),
          buildAuditEntry({ action: 'email.allow' }),
        ],
      }),
    });
    renderApp('/admin/log', { user: sessionUser({ role: 'admin' }) });
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Ada Owen suspended Linus Torvalds',
      'Grace Keeper suspended Linus Torvalds',
      'Ada Owen lifted the suspension of Linus Torvalds',
      'Ada Owen deleted the account of Linus Torvalds',
      'Ada Owen let the address of Linus Torvalds sign up again',
      'Ada Owen let the address of Ines Moreau sign up again',
      'Ada Owen let a refused address sign up again',
    ]);
    expect(items[0]).toHaveTextContent('Reason: Threats.');
    expect(items[2]).toHaveTextContent('Reason: Appeal heard.');
    expect(items[3]).toHaveTextContent('Reason: Spam account.');
  });

  it('reads the next page with Show more', async () => {
    const { calls } = stubServer({
      moderationLog: (call) =>
        call.query.get('cursor') === 'page-2'
          ? { body: [buildAuditEntry({ action: 'invite.revoke', details: { code: 'ZZ' } }, 48)] }
          : {
              body: [buildAuditEntry({ action: 'settings.update', details: { changes: {} } })],
              headers: { 'X-Next-Cursor': 'page-2' },
            },
    });
    const app = renderApp('/admin/log', { user: sessionUser({ role: 'admin' }) });
    const list = await screen.findByRole('list', { name: 'Audit log' });
    await app.user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('revoked an invite link', { exact: false })).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(
      calls
        .filter((call) => call.name === 'moderationLog')
        .at(-1)
        ?.query.get('cursor'),
    ).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('is for admins only: a moderator is sent home, and has no such entry in the nav', async () => {
    const { calls } = stubFeed([], { reports: () => ({ body: [] }) });
    const app = renderApp('/admin/log', { user: sessionUser({ role: 'moderator' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    expect(calls.some((call) => call.name === 'moderationLog')).toBe(false);
  });
});
