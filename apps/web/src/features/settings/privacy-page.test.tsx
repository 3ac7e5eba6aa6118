import {
  AUDIENCE_LABELS,
  AUDIENCES,
  DEFAULT_PRIVACY,
  PRIVACY_MESSAGES,
  type Privacy,
  type PrivacyInput,
} from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeAnswer, type Handlers, stubServer } from '../../test/fake-server';
import { sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/**
 * A server that keeps Ada's privacy settings: getPrivacy reads them, updatePrivacy changes the
 * ones sent and answers them all (`handlers` answer instead when given).
 */
function stubPrivacy(start: Privacy = DEFAULT_PRIVACY, handlers: Handlers = {}) {
  let settings = { ...start };
  const server = stubServer({
    getPrivacy: () => ({ body: settings }),
    updatePrivacy: ({ body }) => {
      settings = { ...settings, ...(body as PrivacyInput) };
      return { body: settings };
    },
    ...handlers,
  });
  const updates = () =>
    server.calls.filter((call) => call.name === 'updatePrivacy').map((call) => call.body);
  return { ...server, updates, settings: () => settings };
}

const QUESTIONS = {
  defaultAudience: 'Who can see your future posts?',
  friendRequestsFrom: 'Who can send you friend requests?',
  friendsListVisibleTo: 'Who can see your friends list?',
};

const group = (question: string) => screen.getByRole('group', { name: question });

/** The names of a setting's choices, and which one is checked. */
function choices(question: string) {
  const radios = within(group(question)).getAllByRole('radio') as HTMLInputElement[];
  return {
    names: radios.map((radio) => radio.labels?.[0]?.textContent ?? ''),
    checked: radios.filter((radio) => radio.checked).map((radio) => radio.value),
  };
}

async function openPrivacyPage(start?: Privacy, handlers?: Handlers) {
  const server = stubPrivacy(start, handlers);
  const app = renderApp('/settings/privacy', { user: sessionUser() });
  await screen.findByRole('group', { name: QUESTIONS.defaultAudience });
  return { ...app, ...server };
}

describe('Settings & privacy → Privacy Shortcut (/settings/privacy)', () => {
  it('shows the three settings as the server has them, each choice with what it means', async () => {
    await openPrivacyPage({
      defaultAudience: 'friends',
      friendRequestsFrom: 'friends_of_friends',
      friendsListVisibleTo: 'only_me',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy settings' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('group').map((fieldset) => fieldset.querySelector('legend')?.textContent),
    ).toEqual(Object.values(QUESTIONS));
    expect(choices(QUESTIONS.defaultAudience)).toEqual({
      names: AUDIENCES.map(
        (audience) => AUDIENCE_LABELS[audience].name + AUDIENCE_LABELS[audience].description,
      ),
      checked: ['friends'],
    });
    expect(choices(QUESTIONS.friendRequestsFrom).checked).toEqual(['friends_of_friends']);
    expect(
      within(group(QUESTIONS.friendRequestsFrom)).getByRole('radio', { name: 'Everyone' }),
    ).toHaveAccessibleDescription('Any member of this server');
    expect(
      within(group(QUESTIONS.friendRequestsFrom)).getByRole('radio', {
        name: 'Friends of friends',
      }),
    ).toBeChecked();
    expect(choices(QUESTIONS.friendsListVisibleTo).checked).toEqual(['only_me']);
    expect(
      within(group(QUESTIONS.friendsListVisibleTo))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['public', 'friends', 'only_me']);
    // Each group says what it is for.
    expect(group(QUESTIONS.friendRequestsFrom)).toHaveAccessibleDescription(
      'Anyone else sees no Add Friend button on your profile.',
    );
  });

  it('saves each choice at once, the one setting only, and says Saved', async () => {
    const app = await openPrivacyPage();
    const requests = group(QUESTIONS.friendRequestsFrom);
    await app.user.click(within(requests).getByRole('radio', { name: 'Friends of friends' }));
    expect(within(requests).getByRole('radio', { name: 'Friends of friends' })).toBeChecked();
    await waitFor(() => expect(within(requests).getByRole('status')).toHaveTextContent('Saved'));
    expect(app.updates()).toEqual([{ friendRequestsFrom: 'friends_of_friends' }]);
    // Only the group that changed says so.
    expect(within(group(QUESTIONS.defaultAudience)).getByRole('status')).toHaveTextContent('');

    const audience = group(QUESTIONS.defaultAudience);
    await app.user.click(within(audience).getByRole('radio', { name: 'Only me' }));
    await waitFor(() => expect(within(audience).getByRole('status')).toHaveTextContent('Saved'));
    const list = group(QUESTIONS.friendsListVisibleTo);
    await app.user.click(within(list).getByRole('radio', { name: 'Friends' }));
    await waitFor(() => expect(within(list).getByRole('status')).toHaveTextContent('Saved'));
    expect(app.updates()).toEqual([
      { friendRequestsFrom: 'friends_of_friends' },
      { defaultAudience: 'only_me' },
      { friendsListVisibleTo: 'friends' },
    ]);
    expect(app.settings()).toEqual({
      defaultAudience: 'only_me',
      friendRequestsFrom: 'friends_of_friends',
      friendsListVisibleTo: 'friends',
    });
  });

  it("says 'Saving…' while the server has the choice, then Saved", async () => {
    const answer = deferred<FakeAnswer>();
    const app = await openPrivacyPage(DEFAULT_PRIVACY, { updatePrivacy: () => answer.promise });
    const list = group(QUESTIONS.friendsListVisibleTo);
    await app.user.click(within(list).getByRole('radio', { name: 'Only me' }));
    expect(within(list).getByRole('status')).toHaveTextContent('Saving…');
    answer.resolve({ body: { ...DEFAULT_PRIVACY, friendsListVisibleTo: 'only_me' } });
    await waitFor(() => expect(within(list).getByRole('status')).toHaveTextContent('Saved'));
    expect(within(list).getByRole('radio', { name: 'Only me' })).toBeChecked();
  });

  it('is chosen with the arrow keys, each choice saved in order', async () => {
    const app = await openPrivacyPage();
    const audience = group(QUESTIONS.defaultAudience);
    within(audience).getByRole('radio', { name: 'Members of this server' }).focus();
    await app.user.keyboard('{ArrowDown}');
    await app.user.keyboard('{ArrowDown}');
    expect(within(audience).getByRole('radio', { name: 'Only me' })).toBeChecked();
    await waitFor(() => expect(within(audience).getByRole('status')).toHaveTextContent('Saved'));
    expect(app.updates()).toEqual([{ defaultAudience: 'friends' }, { defaultAudience: 'only_me' }]);
    expect(app.settings().defaultAudience).toBe('only_me');
    expect(within(audience).getByRole('radio', { name: 'Only me' })).toBeChecked();
  });

  it("shows the server's sentence and puts the setting back when the server refuses", async () => {
    const app = await openPrivacyPage(DEFAULT_PRIVACY, {
      updatePrivacy: () => ({
        status: 400,
        body: { message: PRIVACY_MESSAGES.friendsListVisibleTo },
      }),
    });
    const list = group(QUESTIONS.friendsListVisibleTo);
    await app.user.click(within(list).getByRole('radio', { name: 'Friends' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent(
      PRIVACY_MESSAGES.friendsListVisibleTo,
    );
    await waitFor(() =>
      expect(within(list).getByRole('radio', { name: 'Everyone' })).toBeChecked(),
    );
    expect(within(list).getByRole('status')).not.toHaveTextContent('Saved');
    await app.user.click(within(list).getByRole('button', { name: 'Try again' }));
    expect(within(list).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why when the settings cannot be read, and reads them again on Try again', async () => {
    let fail = true;
    const { calls } = stubServer({
      getPrivacy: () =>
        fail
          ? { status: 500, body: { message: 'Something went wrong.' } }
          : { body: DEFAULT_PRIVACY },
    });
    const app = renderApp('/settings/privacy', { user: sessionUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('group', { name: QUESTIONS.defaultAudience }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'getPrivacy').length).toBeGreaterThanOrEqual(2);
  });

  it('links to the Privacy checkup', async () => {
    const app = await openPrivacyPage();
    await app.user.click(screen.getByRole('link', { name: 'Take the Privacy checkup' }));
    expect(app.pathname()).toBe('/settings/privacy-checkup');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy checkup' }),
    ).toBeInTheDocument();
  });
});

describe('Settings & privacy → Privacy checkup (/settings/privacy-checkup)', () => {
  it('walks through the three settings, saving as it goes, and sums them up', async () => {
    const server = stubPrivacy();
    const app = renderApp('/settings/privacy-checkup', { user: sessionUser() });

    // Step 1: the future posts; no Back yet.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your future posts' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(
      [QUESTIONS.defaultAudience],
    );
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('radio', { name: 'Friends' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
    expect(server.updates()).toEqual([{ defaultAudience: 'friends' }]);

    // Step 2: friend requests; focus on the step's title.
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    const step2 = screen.getByRole('heading', { level: 2, name: 'Friend requests' });
    expect(step2).toHaveFocus();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
    await app.user.click(screen.getByRole('radio', { name: 'Friends of friends' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));

    // Back shows step 1 as it was left.
    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Your future posts' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Friends' })).toBeChecked();
    await app.user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 3: the friends list, ended with Done.
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Your friends list' })).toHaveFocus();
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('radio', { name: 'Only me' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
    await app.user.click(screen.getByRole('button', { name: 'Done' }));

    // The summary: each question and its answer.
    expect(screen.getByRole('heading', { level: 2, name: "You're all set" })).toHaveFocus();
    const summary = [...document.querySelectorAll('dl > div')].map((item) => [
      item.querySelector('dt')?.textContent,
      item.querySelector('dd')?.textContent,
    ]);
    expect(summary).toEqual([
      [QUESTIONS.defaultAudience, 'Friends'],
      [QUESTIONS.friendRequestsFrom, 'Friends of friends'],
      [QUESTIONS.friendsListVisibleTo, 'Only me'],
    ]);
    expect(server.updates()).toEqual([
      { defaultAudience: 'friends' },
      { friendRequestsFrom: 'friends_of_friends' },
      { friendsListVisibleTo: 'only_me' },
    ]);
    expect(screen.getByRole('link', { name: 'Privacy settings' })).toHaveAttribute(
      'href',
      '/settings/privacy',
    );
    await app.user.click(screen.getByRole('link', { name: 'Go to Feed' }));
    expect(app.pathname()).toBe('/');
  });
});

describe('the default audience of new posts', () => {
  it('is where the Create post dialog starts, and follows a change on the privacy page', async () => {
    const server = stubPrivacy(
      { ...DEFAULT_PRIVACY, defaultAudience: 'friends' },
      {
        feed: () => ({ body: [] }),
      },
    );
    const app = renderApp('/', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: "What's on your mind, Ada" }));
    const dialog = await screen.findByRole('dialog', { name: 'Create post' });
    expect(
      await within(dialog).findByRole('button', { name: 'Audience: Friends' }),
    ).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await act(() => app.router.navigate('/settings/privacy'));
    await app.user.click(
      within(await screen.findByRole('group', { name: QUESTIONS.defaultAudience })).getByRole(
        'radio',
        { name: 'Public' },
      ),
    );
    await waitFor(() =>
      expect(within(group(QUESTIONS.defaultAudience)).getByRole('status')).toHaveTextContent(
        'Saved',
      ),
    );
    expect(server.updates()).toEqual([{ defaultAudience: 'public' }]);

    await act(() => app.router.navigate('/'));
    await app.user.click(await screen.findByRole('button', { name: "What's on your mind, Ada" }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Create post' })).getByRole('button', {
        name: 'Audience: Public',
      }),
    ).toBeInTheDocument();
  });
});
