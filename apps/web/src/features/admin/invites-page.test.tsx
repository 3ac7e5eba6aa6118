import { INVITE_USES_MAX, type Invite, MODERATION_MESSAGES } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import { buildInvite } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

/** A server keeping the invites: POST makes one, DELETE revokes one. */
function stubInvites(start: Invite[]) {
  let invites = [...start];
  const server = stubServer({
    invites: () => ({ body: invites }),
    createInvite: (call) => {
      const { uses } = call.body as { uses: number; expiresInDays: number };
      const invite = buildInvite('NEWCODE23456', { uses });
      invites = [invite, ...invites];
      return { status: 201, body: invite };
    },
    revokeInvite: (call) => {
      invites = invites.filter((invite) => invite.code !== call.params.code);
      return { body: 'ok' };
    },
  });
  return { ...server, callsTo: (name: string) => server.calls.filter((c) => c.name === name) };
}

describe('Invites (/admin/invites)', () => {
  it('makes an invite link for some sign-ups and days, shows it to copy and heads the list', async () => {
    const { callsTo } = stubInvites([buildInvite('OLDCODE23456', { used: 1, uses: 5 })]);
    const app = renderApp('/admin/invites', { user: sessionUser({ role: 'admin' }) });
    const list = await screen.findByRole('list', { name: 'Invite links' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Used 1 of 5 times');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Made by Ada Owen');

    const form = screen.getByRole('form', { name: 'New invite link' });
    const uses = within(form).getByRole('spinbutton', { name: 'Sign-ups' });
    await app.user.clear(uses);
    await app.user.type(uses, '3');
    const days = within(form).getByRole('spinbutton', { name: 'Days' });
    await app.user.clear(days);
    await app.user.type(days, '14');
    await app.user.click(within(form).getByRole('button', { name: 'Make invite link' }));

    const link = await within(form).findByRole('textbox', { name: 'Your new invite link' });
    expect(link).toHaveValue('http://localhost:3000/?invite=NEWCODE23456');
    expect(link).toHaveFocus();
    expect(callsTo('createInvite')[0]?.body).toEqual({ uses: 3, expiresInDays: 14 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('NEWCODE23456');
  });

  it('refuses more uses than allowed, before sending', async () => {
    const { callsTo } = stubInvites([]);
    const app = renderApp('/admin/invites', { user: sessionUser({ role: 'admin' }) });
    const form = await screen.findByRole('form', { name: 'New invite link' });
    const uses = within(form).getByRole('spinbutton', { name: 'Sign-ups' });
    await app.user.clear(uses);
    await app.user.type(uses, String(INVITE_USES_MAX + 1));
    await app.user.click(within(form).getByRole('button', { name: 'Make invite link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      MODERATION_MESSAGES.inviteUses,
    );
    expect(callsTo('createInvite')).toHaveLength(0);
  });

  it('revokes an invite: it leaves the list', async () => {
    const { callsTo } = stubInvites([buildInvite('FIRSTCODE234'), buildInvite('SECONDCODE23')]);
    const app = renderApp('/admin/invites', { user: sessionUser({ role: 'admin' }) });
    await screen.findByRole('list', { name: 'Invite links' });
    await app.user.click(screen.getByRole('button', { name: 'Revoke invite link FIRSTCODE234' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Invite links' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(callsTo('revokeInvite')[0]?.params).toEqual({ code: 'FIRSTCODE234' });
    expect(screen.getByRole('list', { name: 'Invite links' })).toHaveTextContent('SECONDCODE23');
  });
});
