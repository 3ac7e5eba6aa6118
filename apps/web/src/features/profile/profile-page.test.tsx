import {
  BIO_MAX,
  DETAIL_MAX,
  FILE_MESSAGES,
  type Friendship,
  PROFILE_FRIENDS_SHOWN,
  PROFILE_HEADER_FRIENDS_SHOWN,
  PROFILE_PHOTOS_SHOWN,
  RELATIONSHIPS,
  UI_MESSAGES,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { byParam, deferred, stubServer } from '../../test/fake-server';
import {
  ada,
  buildFriend,
  buildImages,
  buildOwnProfile,
  buildPost,
  buildProfile,
  grace,
  sessionUser,
} from '../../test/fixtures';
import { everythingInView } from '../../test/in-view';
import { stubProfile } from '../../test/profile';
import { renderApp, setWindowWidth } from '../../test/render-app';

const NONE: Friendship = {
  friends: false,
  following: false,
  requestSent: false,
  requestReceived: false,
};

function imageFile(name: string, type: string, size = 1000) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the profile page', () => {
  it('shows a skeleton while loading, then the name as the page heading', async () => {
    const answer = deferred<{ body: unknown }>();
    stubServer({
      getProfile: byParam('username', { gracehopper: () => answer.promise }),
      listImages: () => ({ body: buildImages('gracehopper', 0) }),
    });
    renderApp('/profile/gracehopper', { user: sessionUser() });
    expect(await screen.findByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    answer.resolve({ body: buildProfile() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading profile' })).not.toBeInTheDocument();
  });

  it.each([
    ['200 {ok:false}, as the server answers it', { body: { ok: false } }],
    ['404 {ok:false}, as an older server answered it', { status: 404, body: { ok: false } }],
  ])('sends an unknown profile (%s) to /profile, with no error', async (_, unknown) => {
    stubServer({
      getProfile: byParam('username', {
        nobody: () => unknown,
        adaowen: () => ({ body: buildOwnProfile() }),
      }),
      listImages: () => ({ body: buildImages('adaowen', 0) }),
    });
    const app = renderApp('/profile/nobody', { user: sessionUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Owen' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/profile');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the owner the edit controls and Life Event, and no friendship buttons', async () => {
    stubProfile(buildOwnProfile());
    renderApp('/profile', { user: sessionUser() });
    await screen.findByRole('heading', { level: 1, name: 'Ada Owen' });
    expect(screen.getByRole('button', { name: 'Edit cover photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update profile picture' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add bio' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeInTheDocument();
    const box = screen.getByRole('region', { name: 'Create a post' });
    expect(within(box).getByRole('button', { name: 'Life Event' })).toBeInTheDocument();
    for (const name of ['Add Friend', 'Follow', 'Following', 'Respond', 'Cancel Request']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('shows a visitor the friendship buttons and none of the edit controls', async () => {
    stubProfile(buildProfile());
    renderApp('/profile/gracehopper', { user: sessionUser() });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    for (const name of [
      'Edit cover photo',
      'Update profile picture',
      'Add bio',
      'Edit bio',
      'Edit details',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Create a post' })).not.toBeInTheDocument();
  });

  it("says 'No posts available' when the member has no posts", async () => {
    stubProfile(buildProfile({ posts: [] }));
    renderApp('/profile/gracehopper', { user: sessionUser() });
    expect(await screen.findByText(UI_MESSAGES.noPosts)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("lists the member's posts with the feed's post card", async () => {
    stubProfile(
      buildProfile({
        posts: [
          buildPost({ user: grace, text: 'Newest' }),
          buildPost({ user: grace, text: 'Older' }),
        ],
      }),
    );
    renderApp('/profile/gracehopper', { user: sessionUser() });
    const cards = await screen.findAllByRole('article', { name: 'Post by Grace Hopper' });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Newest');
    expect(screen.queryByText(UI_MESSAGES.noPosts)).not.toBeInTheDocument();
  });

  it('loads older posts with the cursor when the end of the list comes into view, each once', async () => {
    // The end of the list is always in view here.
    everythingInView();
    const first = Array.from({ length: 20 }, (_, i) =>
      buildPost({ user: grace, text: `New ${i}` }),
    );
    const older = [
      first[19]!, // moved to the next page meanwhile: shown once
      buildPost({ user: grace, text: 'Older A' }),
      buildPost({ user: grace, text: 'Older B' }),
    ];
    const oldest = [buildPost({ user: grace, text: 'Oldest' })];
    const { calls } = stubServer({
      getProfile: ({ params, query }) => {
        if (params.username !== 'gracehopper') return { body: { ok: false } };
        const cursor = query.get('cursor');
        if (cursor === 'c1') {
          return { body: buildProfile({ posts: older }), headers: { 'X-Next-Cursor': 'c2' } };
        }
        if (cursor === 'c2') return { body: buildProfile({ posts: oldest }) };
        return { body: buildProfile({ posts: first }), headers: { 'X-Next-Cursor': 'c1' } };
      },
      listImages: () => ({ body: buildImages('gracehopper', 0) }),
    });
    renderApp('/profile/gracehopper', { user: sessionUser() });
    await waitFor(() =>
      expect(
        calls.filter((c) => c.name === 'getProfile').map((c) => c.query.get('cursor')),
      ).toEqual([null, 'c1', 'c2']),
    );
    await screen.findByText('Oldest');
    const cards = screen.getAllByRole('article', { name: 'Post by Grace Hopper' });
    expect(cards).toHaveLength(23);
    expect(cards[0]).toHaveTextContent('New 0');
    expect(cards[20]).toHaveTextContent('Older A');
    expect(cards[22]).toHaveTextContent('Oldest');
    const reads = calls
      .filter((call) => call.name === 'getProfile')
      .map((call) => call.query.get('cursor'));
    expect(reads).toEqual([null, 'c1', 'c2']);
    vi.unstubAllGlobals();
  });

  it('has the header friends, the tabs and the four cards', async () => {
    // The server sends the nine most recent friends and how many there are in all.
    const friends = Array.from({ length: 9 }, (_, i) => buildFriend(i + 1));
    stubProfile(
      buildProfile({
        friends,
        friendsCount: 12,
        details: { bio: 'Compilers.', workplace: 'Navy', currentCity: 'Arlington' },
      }),
      {},
      12,
    );
    const app = renderApp('/profile/gracehopper', { user: sessionUser() });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });

    const thumbs = screen.getByRole('list', { name: 'Some friends' });
    expect(within(thumbs).getAllByRole('link')).toHaveLength(PROFILE_HEADER_FRIENDS_SHOWN);
    expect(screen.getAllByText('12 friends').length).toBeGreaterThan(0);

    const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
    for (const name of ['Posts', 'About', 'Friends', 'Photos', 'Videos', 'Check-ins', 'More']) {
      expect(within(tabs).getByRole('link', { name })).toHaveAttribute('href', '/');
    }

    const intro = screen.getByRole('region', { name: 'Intro' });
    expect(intro).toHaveTextContent('Compilers.');
    expect(intro).toHaveTextContent('Works at Navy');
    expect(intro).toHaveTextContent('Lives in Arlington');

    const photos = screen.getByRole('region', { name: 'Photos' });
    await waitFor(() =>
      expect(within(photos).getAllByRole('listitem')).toHaveLength(PROFILE_PHOTOS_SHOWN),
    );
    // 'See all photos' opens the member's photos in the card, on the profile.
    const seeAll = within(photos).getByRole('button', { name: 'See all photos' });
    expect(seeAll).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(seeAll);
    expect(within(photos).getAllByRole('listitem')).toHaveLength(12);
    expect(app.pathname()).toBe('/profile/gracehopper');
    const fewer = within(photos).getByRole('button', { name: 'Show fewer photos' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await app.user.click(fewer);
    expect(within(photos).getAllByRole('listitem')).toHaveLength(PROFILE_PHOTOS_SHOWN);

    const friendsCard = screen.getByRole('region', { name: 'Friends' });
    const links = within(friendsCard)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/profile/'));
    expect(links).toHaveLength(PROFILE_FRIENDS_SHOWN);
    expect(links[0]).toHaveAttribute('href', '/profile/friend1');
    expect(links[0]).toHaveAccessibleName('Friend Number1');

    const people = screen.getByRole('region', { name: 'People You May Know' });
    const names = within(people)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span[title]')?.textContent ?? '');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.replace('…', '').length).toBeLessThanOrEqual(11);
    expect(names).toContain('Marisol Qui…');
    expect(within(people).getAllByRole('button').length).toBe(names.length);
  });

  it('asks listImages for the member folder, newest first, at most 30', async () => {
    const { calls } = stubProfile(buildProfile());
    renderApp('/profile/gracehopper', { user: sessionUser() });
    await waitFor(() =>
      expect(calls.find((call) => call.name === 'listImages')?.body).toEqual({
        path: 'gracehopper/*',
        sort: 'desc',
        max: 30,
      }),
    );
  });
});

describe('the friendship buttons', () => {
  async function visit(friendship: Partial<Friendship>) {
    const answer = deferred<{ body: unknown }>();
    const forGrace = byParam('id', { [grace._id]: () => answer.promise });
    const server = stubProfile(buildProfile({ friendship: { ...NONE, ...friendship } }), {
      addFriend: forGrace,
      cancelFriendRequest: forGrace,
      follow: forGrace,
      unfollow: forGrace,
      acceptRequest: forGrace,
      unfriend: forGrace,
      deleteRequest: forGrace,
    });
    const app = renderApp('/profile/gracehopper', { user: sessionUser() });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    const puts = () =>
      server.calls
        .filter((call) => call.method === 'PUT')
        .map((call) => [call.name, call.params.id]);
    return { app, answer, puts, calls: server.calls };
  }

  const button = (name: string) => screen.queryByRole('button', { name });

  it.each([
    [{}, ['Add Friend', 'Follow']],
    [{ requestSent: true, following: true }, ['Cancel Request', 'Following']],
    [{ requestReceived: true }, ['Respond', 'Follow']],
    [{ friends: true, following: true }, ['Friends', 'Following']],
    [{ friends: true }, ['Friends', 'Follow']],
  ] as const)('state %o shows %o', async (friendship, names) => {
    await visit(friendship);
    const all = ['Add Friend', 'Cancel Request', 'Respond', 'Friends', 'Follow', 'Following'];
    for (const name of all) {
      if ((names as readonly string[]).includes(name)) expect(button(name)).toBeInTheDocument();
      else expect(button(name)).not.toBeInTheDocument();
    }
  });

  it('Add Friend shows Cancel Request and Following at once, then sends addFriend', async () => {
    const { app, answer, puts } = await visit({});
    await app.user.click(screen.getByRole('button', { name: 'Add Friend' }));
    expect(button('Cancel Request')).toBeInTheDocument();
    expect(button('Following')).toBeInTheDocument();
    expect(button('Add Friend')).not.toBeInTheDocument();
    expect(puts()).toEqual([['addFriend', grace._id]]);
    answer.resolve({ body: 'ok' });
    await waitFor(() => expect(button('Cancel Request')).toBeInTheDocument());
  });

  it('Cancel Request returns to none at once, then sends cancelFriendRequest', async () => {
    const { app, puts } = await visit({ requestSent: true, following: true });
    await app.user.click(screen.getByRole('button', { name: 'Cancel Request' }));
    expect(button('Add Friend')).toBeInTheDocument();
    expect(button('Follow')).toBeInTheDocument();
    expect(puts()).toEqual([['cancelFriendRequest', grace._id]]);
  });

  it('Respond > Confirm makes friends who follow, then sends acceptRequest', async () => {
    const { app, puts } = await visit({ requestReceived: true });
    await app.user.click(screen.getByRole('button', { name: 'Respond' }));
    const menu = screen.getByRole('menu', { name: 'Respond' });
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Confirm' }));
    expect(button('Friends')).toBeInTheDocument();
    expect(button('Following')).toBeInTheDocument();
    expect(button('Respond')).not.toBeInTheDocument();
    expect(puts()).toEqual([['acceptRequest', grace._id]]);
  });

  it('Respond > Confirm counts the new friend and shows them among the friends at once', async () => {
    const answer = deferred<{ body: unknown }>();
    stubProfile(
      buildProfile({
        friendship: { ...NONE, requestReceived: true },
        friends: [],
        friendsCount: 0,
      }),
      { acceptRequest: () => answer.promise },
    );
    const app = renderApp('/profile/gracehopper', { user: sessionUser() });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(screen.getAllByText('0 friends').length).toBeGreaterThan(0);
    await app.user.click(screen.getByRole('button', { name: 'Respond' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Confirm' }));
    expect(screen.getAllByText('1 friend').length).toBeGreaterThan(0);
    const thumbs = screen.getByRole('list', { name: 'Some friends' });
    expect(within(thumbs).getByRole('link', { name: 'Ada Owen' })).toBeInTheDocument();
    answer.resolve({ body: 'ok' });
    await waitFor(() => expect(button('Friends')).toBeInTheDocument());
    expect(screen.getAllByText('1 friend').length).toBeGreaterThan(0);
  });

  it('Friends > Unfriend takes the member out of the count and the lists at once', async () => {
    const me = {
      username: ada.username,
      picture: ada.picture,
      first_name: 'Ada',
      last_name: 'Owen',
    };
    stubProfile(
      buildProfile({
        friendship: { ...NONE, friends: true, following: true },
        friends: [me, buildFriend(1)],
        friendsCount: 2,
      }),
      { unfriend: () => ({ body: 'ok' }) },
    );
    const app = renderApp('/profile/gracehopper', { user: sessionUser() });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(screen.getAllByText('2 friends').length).toBeGreaterThan(0);
    await app.user.click(screen.getByRole('button', { name: 'Friends' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Unfriend' }));
    expect(screen.getAllByText('1 friend').length).toBeGreaterThan(0);
    const thumbs = screen.getByRole('list', { name: 'Some friends' });
    expect(within(thumbs).queryByRole('link', { name: 'Ada Owen' })).not.toBeInTheDocument();
  });

  it('Respond > Delete clears everything, then sends deleteRequest', async () => {
    const { app, puts } = await visit({ requestReceived: true, following: true });
    await app.user.click(screen.getByRole('button', { name: 'Respond' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(button('Add Friend')).toBeInTheDocument();
    expect(button('Follow')).toBeInTheDocument();
    expect(puts()).toEqual([['deleteRequest', grace._id]]);
  });

  it('Friends > Unfollow toggles following, then sends unfollow', async () => {
    const { app, puts } = await visit({ friends: true, following: true });
    await app.user.click(screen.getByRole('button', { name: 'Friends' }));
    const menu = screen.getByRole('menu', { name: 'Friends' });
    expect(within(menu).getByRole('menuitem', { name: 'Unfriend' })).toBeInTheDocument();
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Unfollow' }));
    expect(button('Follow')).toBeInTheDocument();
    expect(button('Friends')).toBeInTheDocument();
    expect(puts()).toEqual([['unfollow', grace._id]]);
  });

  it('Friends > Follow toggles following, then sends follow', async () => {
    const { app, puts } = await visit({ friends: true });
    await app.user.click(screen.getByRole('button', { name: 'Friends' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Follow' }));
    expect(button('Following')).toBeInTheDocument();
    expect(puts()).toEqual([['follow', grace._id]]);
  });

  it('Friends > Unfriend clears everything, then sends unfriend', async () => {
    const { app, puts } = await visit({ friends: true, following: true });
    await app.user.click(screen.getByRole('button', { name: 'Friends' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Unfriend' }));
    expect(button('Add Friend')).toBeInTheDocument();
    expect(button('Follow')).toBeInTheDocument();
    expect(button('Friends')).not.toBeInTheDocument();
    expect(puts()).toEqual([['unfriend', grace._id]]);
  });

  it('the separate Follow / Following button toggles following', async () => {
    const { app, answer, puts } = await visit({});
    await app.user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(button('Following')).toBeInTheDocument();
    expect(button('Add Friend')).toBeInTheDocument();
    answer.resolve({ body: 'ok' });
    await app.user.click(screen.getByRole('button', { name: 'Following' }));
    expect(button('Follow')).toBeInTheDocument();
    expect(puts()).toEqual([
      ['follow', grace._id],
      ['unfollow', grace._id],
    ]);
  });

  it('reads the profile again when the server refuses, so the truth shows', async () => {
    let reads = 0;
    const { calls } = stubServer({
      getProfile: byParam('username', {
        gracehopper: () => {
          reads += 1;
          return {
            body: buildProfile({
              // The second read: Grace had asked meanwhile.
              friendship: reads === 1 ? NONE : { ...NONE, requestReceived: true },
            }),
          };
        },
      }),
      listImages: () => ({ body: buildImages('gracehopper', 0) }),
      addFriend: byParam('id', {
        [grace._id]: () => ({ status: 400, body: { message: 'You are already friends.' } }),
      }),
    });
    const app = renderApp('/profile/gracehopper', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByRole('button', { name: 'Respond' })).toBeInTheDocument();
    const graceReads = calls.filter(
      (call) => call.name === 'getProfile' && call.params.username === 'gracehopper',
    );
    expect(graceReads).toHaveLength(2);
  });
});

describe('the details editor', () => {
  it('counts the bio down to 0 and never past 100, then saves the whole details object', async () => {
    const { calls } = stubProfile(buildOwnProfile({ details: { job: 'Engineer' } }), {
      updateUserDetails: (call) => ({
        body: (call.body as { infos: unknown }).infos,
      }),
    });
    const app = renderApp('/profile', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Add bio' }));
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    expect(screen.getByText(`${BIO_MAX} characters remaining`)).toBeInTheDocument();
    await app.user.type(bio, 'ab');
    expect(screen.getByText(`${BIO_MAX - 2} characters remaining`)).toBeInTheDocument();
    await app.user.clear(bio);
    await app.user.click(bio);
    await app.user.paste('x'.repeat(BIO_MAX + 20));
    expect(bio).toHaveValue('x'.repeat(BIO_MAX));
    expect(screen.getByText('0 characters remaining')).toBeInTheDocument();
    await app.user.type(bio, 'y');
    expect(bio).toHaveValue('x'.repeat(BIO_MAX));

    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const intro = screen.getByRole('region', { name: 'Intro' });
    expect(await within(intro).findByText('x'.repeat(BIO_MAX))).toBeInTheDocument();
    expect(within(intro).getByRole('button', { name: 'Edit bio' })).toBeInTheDocument();
    const save = calls.find((call) => call.name === 'updateUserDetails');
    expect(save?.method).toBe('PUT');
    expect(save?.body).toEqual({
      infos: {
        bio: 'x'.repeat(BIO_MAX),
        otherName: '',
        job: 'Engineer',
        workplace: '',
        highSchool: '',
        college: '',
        currentCity: '',
        hometown: '',
        relationship: '',
        instagram: '',
      },
    });
  });

  it('only logs a failed save, and the form stays usable', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubProfile(buildOwnProfile({ details: { bio: 'Old' } }), {
      updateUserDetails: () => ({ status: 500, body: { message: 'Down.' } }),
    });
    const app = renderApp('/profile', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Edit bio' }));
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    await app.user.type(bio, '!');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bio).toHaveValue('Old!');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await app.user.type(bio, '?');
    expect(bio).toHaveValue('Old!?');
  });

  it('edits every detail at 25 characters at most, the relationship from four, all public', async () => {
    const { calls } = stubProfile(buildOwnProfile(), {
      updateUserDetails: (call) => ({
        body: (call.body as { infos: unknown }).infos,
      }),
    });
    const app = renderApp('/profile', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit details' });
    expect(dialog).toHaveTextContent('Details you select will be public.');
    const labels = [
      'Other name',
      'Job',
      'Workplace',
      'High school',
      'College',
      'Current city',
      'Hometown',
      'Instagram',
    ];
    for (const label of labels) {
      expect(within(dialog).getByRole('textbox', { name: label })).toHaveAttribute(
        'maxLength',
        String(DETAIL_MAX),
      );
    }
    const workplace = within(dialog).getByRole('textbox', { name: 'Workplace' });
    await app.user.click(workplace);
    await app.user.paste('w'.repeat(DETAIL_MAX + 5));
    expect(workplace).toHaveValue('w'.repeat(DETAIL_MAX));
    expect(within(dialog).getAllByText('0 characters remaining')).toHaveLength(1);

    const relationship = within(dialog).getByRole('combobox', { name: 'Relationship' });
    const options = within(relationship)
      .getAllByRole('option')
      .map((option) => option.textContent)
      .filter((text) => text !== 'Not set');
    expect(options).toEqual([...RELATIONSHIPS]);
    await app.user.selectOptions(relationship, 'Married');

    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit details' })).not.toBeInTheDocument(),
    );
    const body = calls.find((call) => call.name === 'updateUserDetails')?.body as {
      infos: Record<string, string>;
    };
    expect(body.infos.workplace).toBe('w'.repeat(DETAIL_MAX));
    expect(body.infos.relationship).toBe('Married');
    const intro = screen.getByRole('region', { name: 'Intro' });
    expect(intro).toHaveTextContent(`Works at ${'w'.repeat(DETAIL_MAX)}`);
    expect(intro).toHaveTextContent('Married');
  });
});

describe('the profile picture dialog', () => {
  async function openDialog() {
    stubProfile(buildOwnProfile());
    const app = renderApp('/profile', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Update profile picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update profile picture' });
    return { app, dialog };
  }

  it('refuses a wrong file with the picture messages, and Try again clears them', async () => {
    const { app, dialog } = await openDialog();
    // Past the picker's own filter, as a drop or an "All files" choice would be.
    const anyFile = userEvent.setup({ applyAccept: false });
    const input = within(dialog).getByLabelText('Upload photo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/jpg');
    await anyFile.upload(input, imageFile('doc.bmp', 'image/bmp'));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(FILE_MESSAGES.picture.type.replace('{file}', 'doc.bmp'));
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await anyFile.upload(input, imageFile('big.png', 'image/png', 5_242_881));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      FILE_MESSAGES.picture.size.replace('{file}', 'big.png'),
    );
    expect(within(dialog).queryByRole('slider', { name: 'Zoom' })).not.toBeInTheDocument();
  });

  it('zooms from 1 to 3 in steps of 0.2, with a description and Save', async () => {
    const { app, dialog } = await openDialog();
    await app.user.upload(
      within(dialog).getByLabelText('Upload photo'),
      imageFile('me.png', 'image/png'),
    );
    const slider = await within(dialog).findByRole('slider', { name: 'Zoom' });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '3');
    expect(slider).toHaveAttribute('step', '0.2');
    expect(slider).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();

    const zoomIn = within(dialog).getByRole('button', { name: 'Zoom in' });
    const zoomOut = within(dialog).getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toBeDisabled();
    await app.user.click(zoomIn);
    expect(slider).toHaveValue('1.2');
    for (let i = 0; i < 12; i += 1) {
      if (zoomIn.hasAttribute('disabled')) break;
      await app.user.click(zoomIn);
    }
    expect(slider).toHaveValue('3');
    expect(zoomIn).toBeDisabled();
    await app.user.click(zoomOut);
    expect(slider).toHaveValue('2.8');
  });
});

describe('the cover photo', () => {
  it('refuses a wrong file with the cover messages, in an error box with Try again', async () => {
    stubProfile(buildOwnProfile());
    const app = renderApp('/profile', { user: sessionUser() });
    await screen.findByRole('button', { name: 'Edit cover photo' });
    const input = screen.getByLabelText('Upload cover photo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/jpg,image/png,image/webp');
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(input, imageFile('anim.gif', 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_MESSAGES.cover.type);
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await anyFile.upload(input, imageFile('huge.jpg', 'image/jpeg', 5_242_881));
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_MESSAGES.cover.size);
  });

  it('opens the menu with Upload photo and Select photo', async () => {
    stubProfile(buildOwnProfile());
    const app = renderApp('/profile', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Edit cover photo' }));
    const menu = screen.getByRole('menu', { name: 'Edit cover photo' });
    expect(within(menu).getByRole('menuitem', { name: 'Upload photo' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Select photo' })).toBeInTheDocument();
  });

  it('sets an older photo as the cover and announces it with a coverPicture post', async () => {
    const url = '/media/adaowen/img2.webp';
    const { calls } = stubProfile(
      buildOwnProfile(),
      {
        updateCoverPicture: () => ({ body: 'ok' }),
        createPost: () => ({
          body: buildPost({
            user: ada,
            type: 'coverPicture',
            text: null,
            images: [{ url, variants: [] }],
          }),
        }),
      },
      3,
    );
    const app = renderApp('/profile', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Edit cover photo' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Select photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select photo' });
    await app.user.click(await within(dialog).findByRole('button', { name: 'Photo 2' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Select photo' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', url);
    expect(calls.find((call) => call.name === 'updateCoverPicture')?.body).toEqual({ url });
    expect(calls.find((call) => call.name === 'createPost')?.body).toEqual({
      type: 'coverPicture',
      text: null,
      background: null,
      images: [{ url }],
      user: ada._id,
    });
    expect(await screen.findByRole('article', { name: 'Post by Ada Owen' })).toHaveTextContent(
      'Ada Owen updated cover photo',
    );
  });
});

describe('the left column on wide screens', () => {
  /** The Intro card's column, whose inline style carries the scroll-fix. */
  async function leftColumnWithHeight(height: number, windowHeight = 900) {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get: () => height,
    });
    try {
      setWindowWidth(1280);
      (
        window as unknown as {
          happyDOM: { setViewport(viewport: { width: number; height: number }): void };
        }
      ).happyDOM.setViewport({ width: 1280, height: windowHeight });
      stubProfile(buildProfile({ friendship: NONE }));
      renderApp('/profile/gracehopper', { user: sessionUser() });
      const intro = await screen.findByRole('region', { name: 'Intro' });
      const column = intro.parentElement as HTMLElement;
      await waitFor(() => expect(column.style.position).toBe('sticky'));
      return column;
    } finally {
      if (original) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', original);
    }
  }

  it('keeps a column shorter than 1000 px under the header while scrolling', async () => {
    const column = await leftColumnWithHeight(700);
    expect(column.style.top).toBe('72px');
  });

  it('keeps a column over 1000 px tall fixed with its bottom in view', async () => {
    const column = await leftColumnWithHeight(1200);
    // A 900 px window: the column's bottom sits 16 px above the window's bottom.
    expect(column.style.top).toBe(`${900 - 1200 - 16}px`);
  });

  it('uses the 1000 px threshold even when the window could show the whole column', async () => {
    const column = await leftColumnWithHeight(1100, 1200);
    expect(column.style.top).toBe(`${1200 - 1100 - 16}px`);
  });
});
