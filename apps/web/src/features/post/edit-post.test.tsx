import { BUILTIN_BACKGROUNDS, POST_MESSAGES, type Post, type PostEdits } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byParam, type Handlers, type RecordedCall, stubServer } from '../../test/fake-server';
import { type FakeSocket, installFakeSockets, showEveryCard } from '../../test/fake-socket';
import { stubFeed } from '../../test/feed';
import {
  ada,
  buildComment,
  buildPost,
  grace,
  reactionSummary,
  sessionUser,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** The server's address of a built-in background, as answers carry it. */
const backgroundAddress = (index: number) => `http://localhost:3000${BUILTIN_BACKGROUNDS[index]}`;

/** An upload's address, as answers carry it. */
const upload = (name: string) => ({
  url: `http://localhost:3000/media/adaowen/post_images/${name}.webp`,
  variants: [],
});

/** editPost answering the post as sent, edited now: what the server does with a good edit. */
function editedAs(post: Post): Handlers['editPost'] {
  return byParam('postId', {
    [post._id]: ({ body }) => {
      const sent = body as {
        text: string | null;
        background: string | null;
        images: { url: string }[];
      };
      return {
        body: {
          ...post,
          text: sent.text,
          background: sent.background ? `http://localhost:3000${sent.background}` : null,
          images: (sent.images ?? []).map(({ url }) => ({ url, variants: [] })),
          editedAt: new Date().toISOString(),
        },
      };
    },
  });
}

/** Ada's card's menu opened on Edit Post: the dialog it shows. */
async function openEditPost(app: ReturnType<typeof renderApp>, card: HTMLElement) {
  await app.user.click(within(card).getByRole('button', { name: 'Post options' }));
  await app.user.click(within(card).getByRole('menuitem', { name: 'Edit Post' }));
  return screen.findByRole('dialog', { name: 'Edit post' });
}

const editCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.name === 'editPost' || call.name === 'uploadImages');

const textField = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" });

afterEach(() => {
  vi.useRealTimers();
});

describe('Edit Post', () => {
  it('opens the post dialog filled in, saves the new text and the card shows it at once', async () => {
    const mine = buildPost({ user: ada, text: 'Helo Hearth', background: backgroundAddress(2) });
    const { calls } = stubFeed([mine, buildPost({ user: grace, text: 'Good morning' })], {
      editPost: editedAs(mine),
    });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const dialog = await openEditPost(app, card);

    expect(textField(dialog)).toHaveValue('Helo Hearth');
    expect(within(dialog).getByRole('button', { name: 'Background 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The audience is Edit audience's, not this dialog's.
    expect(within(dialog).queryByRole('button', { name: /^Audience:/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();

    await app.user.clear(textField(dialog));
    await app.user.type(textField(dialog), 'Hello Hearth');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(editCalls(calls)).toMatchObject([
      {
        name: 'editPost',
        method: 'PUT',
        params: { postId: mine._id },
        body: { text: 'Hello Hearth', background: BUILTIN_BACKGROUNDS[2], images: [] },
      },
    ]);
    expect(within(card).getByText('Hello Hearth')).toBeInTheDocument();
    expect(within(card).queryByText('Helo Hearth')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edited' })).toBeInTheDocument();
    // The other card is as it was, with no 'Edited'.
    const other = screen.getByRole('article', { name: 'Post by Grace Hopper' });
    expect(within(other).queryByRole('button', { name: 'Edited' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'feed')).toHaveLength(1);
  });

  it('keeps the photos not removed, uploads the new ones and sends them after', async () => {
    const [first, second] = [upload('first'), upload('second')];
    const mine = buildPost({ user: ada, text: 'Two photos', images: [first, second] });
    const added = { url: 'http://localhost:3000/media/adaowen/post_images/third.webp' };
    const { calls } = stubFeed([mine], {
      uploadImages: () => ({ body: [added] }),
      editPost: editedAs(mine),
    });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const dialog = await openEditPost(app, card);

    const photos = within(dialog).getByRole('region', { name: 'Photos' });
    expect(within(photos).getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    expect(within(photos).getByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    // Photos and a background do not go together.
    expect(within(dialog).queryByRole('button', { name: 'Background 1' })).not.toBeInTheDocument();
    await app.user.click(within(photos).getByRole('button', { name: 'Remove photo 1' }));
    await app.user.upload(
      within(dialog).getByLabelText('Add photos'),
      new File(['c'], 'third.png', { type: 'image/png' }),
    );
    expect(within(photos).getByRole('img', { name: 'third.png' })).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [uploaded, edited] = editCalls(calls);
    expect(uploaded?.name).toBe('uploadImages');
    expect((uploaded!.body as FormData).getAll('file').map((file) => (file as File).name)).toEqual([
      'third.png',
    ]);
    expect(edited?.body).toEqual({
      text: 'Two photos',
      background: null,
      images: [{ url: second.url }, { url: added.url }],
    });
    const shown = within(card)
      .getAllByRole('img', { name: /^Shared by Ada Owen/ })
      .map((img) => img.getAttribute('src'));
    expect(shown).toEqual([second.url, added.url]);
  });

  it('keeps the rules of a new post: nothing is sent once text, photos and background are empty', async () => {
    const mine = buildPost({ user: ada, text: 'Only words' });
    const { calls } = stubFeed([mine], { editPost: editedAs(mine) });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const dialog = await openEditPost(app, card);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await app.user.clear(textField(dialog));
    await app.user.type(textField(dialog), '   ');
    expect(save).toBeDisabled();
    await app.user.keyboard('{Enter}');
    expect(editCalls(calls)).toHaveLength(0);
  });

  it('sends nothing when Save would change nothing, and closes', async () => {
    const mine = buildPost({ user: ada, text: 'As it was', background: backgroundAddress(0) });
    const { calls } = stubFeed([mine], { editPost: editedAs(mine) });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const dialog = await openEditPost(app, card);
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(dialog).not.toBeInTheDocument();
    expect(editCalls(calls)).toHaveLength(0);
    expect(within(card).queryByRole('button', { name: 'Edited' })).not.toBeInTheDocument();
  });

  it("says the server's reason in the dialog and keeps the post as it was", async () => {
    const mine = buildPost({ user: ada, text: 'First words' });
    stubFeed([mine], {
      editPost: () => ({ status: 403, body: { message: POST_MESSAGES.notAuthorEdit } }),
    });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const dialog = await openEditPost(app, card);
    await app.user.type(textField(dialog), ', and more');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(POST_MESSAGES.notAuthorEdit);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(textField(dialog)).toHaveValue('First words, and more');
    expect(within(card).getByText('First words')).toBeInTheDocument();
  });

  it("shows on the post's page and in the feed loaded before, without asking again", async () => {
    const mine = buildPost({ user: ada, text: 'Draft' });
    const { calls } = stubServer({
      feed: () => ({ body: [mine] }),
      getPost: byParam('postId', { [mine._id]: () => ({ body: mine }) }),
      editPost: editedAs(mine),
    });
    const app = renderApp('/', { user: sessionUser() });
    await screen.findByRole('article', { name: 'Post by Ada Owen' });
    await act(() => app.router.navigate(`/post/${mine._id}`));
    await screen.findByRole('heading', { level: 1, name: 'Post by Ada Owen' });
    const card = screen.getByRole('article', { name: 'Post by Ada Owen' });
    const dialog = await openEditPost(app, card);
    await app.user.clear(textField(dialog));
    await app.user.type(textField(dialog), 'Final');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(card).findByText('Final');

    await act(() => app.router.navigate('/'));
    const feedCard = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    expect(within(feedCard).getByText('Final')).toBeInTheDocument();
    expect(within(feedCard).getByRole('button', { name: 'Edited' })).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'feed')).toHaveLength(1);
  });
});

describe("a post's edit history", () => {
  it("opens from 'Edited': the current version on top, then the earlier ones, newest first", async () => {
    const hers = buildPost({
      user: grace,
      text: 'Meet at nine',
      editedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      createdAt: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
    });
    const edits: PostEdits = [
      {
        _id: 'e2',
        text: 'Meet at eight',
        background: backgroundAddress(4),
        images: [],
        createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
      },
      {
        _id: 'e1',
        text: 'Meet at seven',
        background: null,
        images: [upload('map')],
        createdAt: hers.createdAt,
      },
    ];
    const { calls } = stubFeed([hers], {
      postEdits: byParam('postId', { [hers._id]: () => ({ body: edits }) }),
    });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const edited = within(card).getByRole('button', { name: 'Edited' });
    expect(edited).toHaveAttribute('aria-haspopup', 'dialog');
    await app.user.click(edited);

    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    const list = within(dialog).getByRole('list', { name: 'Versions, newest first' });
    // The versions, not the photos listed inside them.
    const versionsOf = () => Array.from(list.children) as HTMLElement[];
    await waitFor(() => expect(versionsOf()).toHaveLength(3));
    const versions = versionsOf();
    expect(versions[0]).toHaveTextContent('Current version');
    expect(versions[0]).toHaveTextContent('Meet at nine');
    expect(versions[0]).toHaveTextContent('5 minutes ago');
    expect(versions[1]).toHaveTextContent('Meet at eight');
    expect(versions[1]).toHaveTextContent('1 hour ago');
    expect(versions[1]?.querySelector('[style*="background-image"]')).not.toBeNull();
    expect(versions[2]).toHaveTextContent('Original post');
    expect(versions[2]).toHaveTextContent('Meet at seven');
    expect(versions[2]).toHaveTextContent('3 hours ago');
    expect(
      within(versions[2]!).getByRole('img', { name: 'Shared by Grace Hopper (1 of 1)' }),
    ).toHaveAttribute('src', edits[1]!.images[0]!.url);
    // StrictMode's rehearsal may have asked once before, and cancelled it.
    const asked = calls.filter((call) => call.name === 'postEdits');
    expect(asked.at(-1)).toMatchObject({ method: 'GET', params: { postId: hers._id } });

    await app.user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(edited).toHaveFocus();
  });

  it('says why when the history cannot be read, and reads it again on Try again', async () => {
    const hers = buildPost({ user: grace, editedAt: new Date().toISOString() });
    let failing = true;
    stubFeed([hers], {
      postEdits: () =>
        failing
          ? { status: 404, body: { message: POST_MESSAGES.notFound } }
          : { body: [{ ...hers, _id: 'e1', text: 'Before' }] },
    });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    await app.user.click(within(card).getByRole('button', { name: 'Edited' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(POST_MESSAGES.notFound);
    failing = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Before')).toBeInTheDocument();
  });

  it('shows no Edited on a post never edited', async () => {
    stubFeed([buildPost({ user: grace })]);
    renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    expect(within(card).queryByRole('button', { name: 'Edited' })).not.toBeInTheDocument();
  });
});

describe('an edit, live', () => {
  /** The app's socket (StrictMode opened and closed another at mount), accepted and ready. */
  async function connect(sockets: ReturnType<typeof installFakeSockets>): Promise<FakeSocket> {
    await waitFor(() => expect(sockets.live()).toHaveLength(1));
    const socket = sockets.live()[0]!;
    socket.accept();
    socket.deliver({ type: 'ready' });
    return socket;
  }

  it('changes the card in an open feed, keeping its comments and reactions', async () => {
    showEveryCard();
    const sockets = installFakeSockets();
    const hers = buildPost({
      user: grace,
      text: 'Picnic on Sunday',
      comments: [buildComment({ comment: 'I will bring lemonade' })],
      reactions: reactionSummary({ love: 2 }, { check: 'love' }),
    });
    stubFeed([hers]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const socket = await connect(sockets);
    const picture = upload('park');
    socket.deliver({
      type: 'postEdited',
      payload: {
        postId: hers._id,
        text: 'Picnic on Saturday',
        background: null,
        images: [picture],
        editedAt: new Date().toISOString(),
      },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(card).getByText('Picnic on Saturday')).toBeInTheDocument();
    expect(within(card).queryByText('Picnic on Sunday')).not.toBeInTheDocument();
    expect(within(card).getByRole('img', { name: /^Shared by Grace Hopper/ })).toHaveAttribute(
      'src',
      picture.url,
    );
    expect(within(card).getByRole('button', { name: 'Edited' })).toBeInTheDocument();
    expect(within(card).getByText('I will bring lemonade')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: /^2 reactions/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Love' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("keeps the member's notifications switch when others' reactions arrive", async () => {
    showEveryCard();
    const sockets = installFakeSockets();
    const hers = buildPost({
      user: grace,
      reactions: reactionSummary({}, { notificationsOn: true }),
    });
    stubFeed([hers]);
    const app = renderApp('/', { user: sessionUser(), fakeTimers: true });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const socket = await connect(sockets);
    const {
      check: _check,
      checkSaved: _saved,
      notificationsOn: _on,
      ...counts
    } = reactionSummary({ like: 3 });
    socket.deliver({ type: 'reactions', payload: { postId: hers._id, reactions: counts } });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(card).getByRole('img', { name: /^3 reactions/ })).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Post options' }));
    expect(
      within(card).getByRole('menuitem', { name: 'Turn off notifications for this post' }),
    ).toBeInTheDocument();
  });

  it("changes the post's own page", async () => {
    showEveryCard();
    const sockets = installFakeSockets();
    const hers = buildPost({ user: grace, text: 'Band practice at 6' });
    stubServer({ getPost: byParam('postId', { [hers._id]: () => ({ body: hers }) }) });
    renderApp(`/post/${hers._id}`, { user: sessionUser(), fakeTimers: true });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const socket = await connect(sockets);
    socket.deliver({
      type: 'postEdited',
      payload: {
        postId: hers._id,
        text: 'Band practice at 7',
        background: backgroundAddress(1),
        images: [],
        editedAt: new Date().toISOString(),
      },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(card).getByText('Band practice at 7')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edited' })).toBeInTheDocument();
  });
});
