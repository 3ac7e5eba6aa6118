import {
  type EmailBlock,
  MODERATION_MESSAGES,
  type ModerationSettings,
  moderationSettingsInputSchema,
  SIGNUP_MODE_LABELS,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, type Handlers, stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import { buildEmailBlock, buildModerationSettings } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

/**
 * A server keeping the settings: PUT saves them as the real one does (`update` answers instead).
 * `blocks` are the refused addresses; allowing one takes it off.
 */
function stubSettings(
  start: ModerationSettings,
  update?: Handler,
  blocks: EmailBlock[] = [],
  handlers: Handlers = {},
) {
  let settings = start;
  let held = [...blocks];
  const server = stubServer({
    emailBlocks: () => ({ body: held }),
    liftEmailBlock: (call) => {
      if (!held.some((block) => block._id === call.params.blockId)) {
        return { status: 404, body: { message: 'Not found.' } };
      }
      held = held.filter((block) => block._id !== call.params.blockId);
      return { body: 'ok' };
    },
    ...handlers,
    moderationSettings: () => ({ body: settings }),
    updateModerationSettings:
      update ??
      ((call) => {
        const parsed = moderationSettingsInputSchema.parse(call.body);
        settings = { ...settings, ...parsed };
        return { body: settings };
      }),
  });
  return {
    ...server,
    saves: () => server.calls.filter((c) => c.name === 'updateModerationSettings'),
    callsTo: (name: string) => server.calls.filter((c) => c.name === name),
  };
}

async function openSettings() {
  const app = renderApp('/admin/settings', { user: sessionUser({ role: 'admin' }) });
  const form = await screen.findByRole('form', { name: 'Server settings' });
  return { ...app, form, inForm: within(form) };
}

describe('Server settings (/admin/settings)', () => {
  it('shows the settings as they are', async () => {
    stubSettings(
      buildModerationSettings({
        name: 'Riverside Commons',
        signupMode: 'approval',
        rules: ['Be kind.'],
        blockedEmailDomains: ['spam.example', 'junk.test'],
        membersMayInvite: true,
      }),
    );
    const { inForm } = await openSettings();
    expect(
      inForm.getByRole('radio', { name: new RegExp(SIGNUP_MODE_LABELS.approval.name) }),
    ).toBeChecked();
    expect(inForm.getByRole('textbox', { name: 'Server name' })).toHaveValue('Riverside Commons');
    expect(inForm.getByRole('textbox', { name: 'Rule 1' })).toHaveValue('Be kind.');
    expect(inForm.getByRole('textbox', { name: 'Refused e-mail domains' })).toHaveValue(
      'spam.example\njunk.test',
    );
    expect(inForm.getByRole('switch', { name: 'Members may invite' })).toBeChecked();
  });

  it('saves every setting: mode, name, rules added and removed, domains, invites', async () => {
    const { saves } = stubSettings(buildModerationSettings({ rules: ['Old rule.'] }));
    const { user, inForm } = await openSettings();

    await user.click(
      inForm.getByRole('radio', { name: new RegExp(SIGNUP_MODE_LABELS.invite.name) }),
    );
    const name = inForm.getByRole('textbox', { name: 'Server name' });
    await user.clear(name);
    await user.type(name, 'Riverside Commons');
    await user.type(inForm.getByRole('textbox', { name: 'Description' }), 'Neighbours, online.');

    await user.click(inForm.getByRole('button', { name: 'Add a rule' }));
    await waitFor(() => expect(inForm.getByRole('textbox', { name: 'Rule 2' })).toHaveFocus());
    await user.type(inForm.getByRole('textbox', { name: 'Rule 2' }), 'Be kind.');
    await user.click(inForm.getByRole('button', { name: 'Add a rule' }));
    await user.type(inForm.getByRole('textbox', { name: 'Rule 3' }), 'No spam.');
    await user.click(inForm.getByRole('button', { name: 'Remove rule 1' }));
    expect(inForm.getByRole('textbox', { name: 'Rule 1' })).toHaveValue('Be kind.');

    await user.type(
      inForm.getByRole('textbox', { name: 'Privacy policy' }),
      'We keep what you post.{Enter}We never sell it.',
    );
    await user.type(
      inForm.getByRole('textbox', { name: 'Refused e-mail domains' }),
      'Spam.Example{Enter}{Enter}@junk.test',
    );
    await user.click(inForm.getByRole('switch', { name: 'Members may invite' }));
    await user.click(inForm.getByRole('button', { name: 'Save' }));

    expect(await inForm.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.body).toEqual({
      signupMode: 'invite',
      name: 'Riverside Commons',
      description: 'Neighbours, online.',
      rules: ['Be kind.', 'No spam.'],
      privacyPolicy: 'We keep what you post.\nWe never sell it.',
      blockedEmailDomains: ['junk.test', 'spam.example'],
      membersMayInvite: true,
    });
    // The form shows what the server keeps: the domains cleaned up and sorted.
    expect(inForm.getByRole('textbox', { name: 'Refused e-mail domains' })).toHaveValue(
      'junk.test\nspam.example',
    );
  });

  it('says what is wrong before sending: a name is needed', async () => {
    const { saves } = stubSettings(buildModerationSettings());
    const { user, inForm } = await openSettings();
    await user.clear(inForm.getByRole('textbox', { name: 'Server name' }));
    await user.click(inForm.getByRole('button', { name: 'Save' }));
    expect(await inForm.findByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.nameRequired);
    expect(saves()).toHaveLength(0);
  });

  it('shows the server’s validation message', async () => {
    stubSettings(buildModerationSettings(), () => ({
      status: 400,
      body: { message: MODERATION_MESSAGES.domainsInvalid },
    }));
    const { user, inForm } = await openSettings();
    await user.type(inForm.getByRole('textbox', { name: 'Refused e-mail domains' }), 'example.com');
    await user.click(inForm.getByRole('button', { name: 'Save' }));
    expect(await inForm.findByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.domainsInvalid);
    expect(inForm.queryByText('Settings saved.')).not.toBeInTheDocument();
  });

  it("lists the refused addresses by the deleted member's name, and allows one again", async () => {
    const linus = buildEmailBlock('Linus Torvalds', { reason: 'Spam account.' }, 2);
    const ines = buildEmailBlock('Ines Moreau', { reason: 'Threats.' }, 48);
    const { callsTo } = stubSettings(buildModerationSettings(), undefined, [linus, ines]);
    const { user } = await openSettings();
    const section = screen.getByRole('region', { name: 'Refused addresses' });
    const list = await within(section).findByRole('list', { name: 'Refused addresses' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Linus Torvalds');
    expect(first).toHaveTextContent('Account deleted 2 hours ago');
    expect(first).toHaveTextContent('Reason: Spam account.');
    expect(second).toHaveTextContent('Ines Moreau');
    expect(second).toHaveTextContent('Account deleted 2 days ago');

    const allow = within(first!).getByRole('button', { name: 'Allow this address again' });
    expect(allow).toHaveAccessibleDescription('Linus Torvalds');
    await user.click(allow);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo('liftEmailBlock').map((call) => [call.method, call.params])).toEqual([
      ['DELETE', { blockId: linus._id }],
    ]);
    expect(within(section).getByRole('status')).toHaveTextContent(
      'The address of Linus Torvalds may sign up again.',
    );
    // Focus goes to the button of the address that took its place.
    expect(within(list).getByRole('button', { name: 'Allow this address again' })).toHaveFocus();

    await user.click(within(list).getByRole('button', { name: 'Allow this address again' }));
    expect(
      await within(section).findByText(
        "No refused addresses: every deleted account's address may sign up again.",
      ),
    ).toBeVisible();
    expect(within(section).getByRole('heading', { name: 'Refused addresses' })).toHaveFocus();
  });

  it('says when no address is refused, and shows a refusal to allow one', async () => {
    stubSettings(buildModerationSettings());
    const first = await openSettings();
    const section = screen.getByRole('region', { name: 'Refused addresses' });
    expect(
      await within(section).findByText(
        "No refused addresses: every deleted account's address may sign up again.",
      ),
    ).toBeVisible();
    first.unmount();

    stubSettings(buildModerationSettings(), undefined, [buildEmailBlock('Linus Torvalds')], {
      liftEmailBlock: () => ({ status: 404, body: { message: 'Not found.' } }),
    });
    const { user } = await openSettings();
    const list = await screen.findByRole('list', { name: 'Refused addresses' });
    await user.click(within(list).getByRole('button', { name: 'Allow this address again' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent('Not found.');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});
