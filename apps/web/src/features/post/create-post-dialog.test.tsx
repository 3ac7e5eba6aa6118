import {
  AUDIENCE_LABELS,
  BUILTIN_BACKGROUNDS,
  FILE_MESSAGES,
  fileMessage,
  IMAGE_MAX_BYTES,
  POST_TEXT_MAX,
  type Post,
} from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { ada, buildPost, grace, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

async function openDialog(
  from: "What's on your mind, Ada" | 'Photo/Video' = "What's on your mind, Ada",
) {
  renderApp('/', { user: sessionUser() });
  await screen.findByRole('article', { name: 'Post by Grace Hopper' });
  const app = userEvent.setup({ applyAccept: false });
  await app.click(screen.getByRole('button', { name: from }));
  const dialog = await screen.findByRole('dialog', { name: 'Create post' });
  return { app, dialog };
}

/** A control's accessible name, from the ids its aria-labelledby names. */
const accessibleName = (element: HTMLElement) =>
  (element.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

/** The calls that create: the photos' upload and the post itself. */
const postCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.name === 'uploadImages' || call.name === 'createPost');

describe('the post dialog', () => {
  it('sends nothing while text, photos and background are all empty', async () => {
    const { calls } = stubFeed([buildPost({ user: grace })]);
    const { app, dialog } = await openDialog();
    const post = within(dialog).getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    await app.click(post);
    await app.type(
      within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" }),
      '   ',
    );
    expect(post).toBeDisabled();
    await app.keyboard('{Enter}');
    expect(postCalls(calls)).toHaveLength(0);
  });

  it('keeps the text to 250 characters and counts them', async () => {
    stubFeed([buildPost({ user: grace })]);
    const { app, dialog } = await openDialog();
    const text = within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" });
    await app.click(text);
    await app.paste('x'.repeat(POST_TEXT_MAX + 10));
    expect(text).toHaveValue('x'.repeat(POST_TEXT_MAX));
    expect(within(dialog).getByText(`${POST_TEXT_MAX}/${POST_TEXT_MAX}`)).toBeInTheDocument();
  });

  it.each([
    [new File(['GIF8'], 'notes.txt', { type: 'text/plain' }), FILE_MESSAGES.post.type],
    [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), FILE_MESSAGES.post.type],
    [
      new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' }),
      FILE_MESSAGES.post.size,
    ],
  ])('refuses %s with the spec message in a box that Try again clears', async (file, template) => {
    stubFeed([buildPost({ user: grace })]);
    const { app, dialog } = await openDialog('Photo/Video');
    await app.upload(within(dialog).getByLabelText('Add photos'), file);
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(fileMessage(template, file.name));
    expect(within(dialog).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Post' })).toBeDisabled();
    await app.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('accepts a photo of exactly 5 MB, previews it and can remove it', async () => {
    stubFeed([buildPost({ user: grace })]);
    const { app, dialog } = await openDialog();
    const file = new File([new Uint8Array(IMAGE_MAX_BYTES)], 'edge.webp', { type: 'image/webp' });
    await app.upload(within(dialog).getByLabelText('Add photos'), file);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'edge.webp' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Post' })).toBeEnabled();
    await app.click(within(dialog).getByRole('button', { name: 'Remove edge.webp' }));
    expect(within(dialog).queryByRole('img', { name: 'edge.webp' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  it('posts text on a background: the new post comes first in the feed, the dialog closes', async () => {
    const created = buildPost({
      user: ada,
      text: 'Hello Hearth',
      background: BUILTIN_BACKGROUNDS[2]!,
    });
    const { calls } = stubFeed([buildPost({ user: grace })], {
      createPost: () => ({ body: created }),
    });
    const { app, dialog } = await openDialog();
    await app.click(within(dialog).getByRole('button', { name: 'Background 3' }));
    expect(within(dialog).getByRole('button', { name: 'Background 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await app.type(
      within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" }),
      'Hello Hearth',
    );
    await app.click(within(dialog).getByRole('button', { name: 'Post' }));

    await screen.findByRole('article', { name: 'Post by Ada Owen' });
    expect(screen.queryByRole('dialog', { name: 'Create post' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Post by Ada Owen',
      'Post by Grace Hopper',
    ]);
    expect(postCalls(calls)).toHaveLength(1);
    expect(calls.at(-1)?.body).toEqual({
      type: null,
      background: '/backgrounds/3.svg',
      text: 'Hello Hearth',
      user: sessionUser().id,
      images: null,
      audience: 'members',
    });
  });

  it('uploads the photos first, then creates the post with their urls', async () => {
    const urls = [
      { url: '/media/adaowen/post_images/a.webp', variants: [] },
      { url: '/media/adaowen/post_images/b.webp', variants: [] },
    ];
    const { calls } = stubFeed([buildPost({ user: grace })], {
      uploadImages: () => ({ body: urls }),
      createPost: () => ({ body: buildPost({ user: ada, text: null, images: urls }) }),
    });
    const { app, dialog } = await openDialog('Photo/Video');
    await app.upload(within(dialog).getByLabelText('Add photos'), [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.gif', { type: 'image/gif' }),
    ]);
    await app.click(within(dialog).getByRole('button', { name: 'Post' }));
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    expect(within(card).getAllByRole('img', { name: /^Shared by Ada Owen/ })).toHaveLength(2);

    const [upload, create] = postCalls(calls);
    const form = upload?.body as FormData;
    expect(upload?.name).toBe('uploadImages');
    expect(create?.name).toBe('createPost');
    expect(form.get('path')).toBe('adaowen/post_images');
    expect(form.getAll('file').map((file) => (file as File).name)).toEqual(['a.png', 'b.gif']);
    expect(create?.body).toEqual({
      type: null,
      background: null,
      text: null,
      user: '01JADA',
      images: urls,
      audience: 'members',
    });
  });

  it('sends the audience chosen in the Post audience panel, Members of this server unless told', async () => {
    const { calls } = stubFeed([buildPost({ user: grace })], {
      createPost: ({ body }) => ({
        body: buildPost({ user: ada, text: 'Friends only', audience: (body as Post).audience }),
      }),
    });
    const { app, dialog } = await openDialog();
    const pill = within(dialog).getByRole('button', { name: 'Audience: Members of this server' });
    await app.click(pill);

    // The dialog's second panel: the post's form waits behind it.
    expect(dialog).toHaveAccessibleName('Post audience');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => [radio.getAttribute('value'), accessibleName(radio)])).toEqual([
      ['public', 'Public'],
      ['members', 'Members of this server'],
      ['friends', 'Friends'],
      ['only_me', 'Only me'],
    ]);
    expect(within(dialog).getByRole('radio', { name: 'Friends' })).toHaveAccessibleDescription(
      AUDIENCE_LABELS.friends.description,
    );
    const members = within(dialog).getByRole('radio', { name: 'Members of this server' });
    expect(members).toBeChecked();
    expect(members).toHaveFocus();

    await app.click(within(dialog).getByRole('radio', { name: 'Friends' }));
    await app.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(dialog).toHaveAccessibleName('Create post');
    expect(within(dialog).getByRole('button', { name: 'Audience: Friends' })).toHaveFocus();

    await app.type(
      within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" }),
      'Friends only',
    );
    await app.click(within(dialog).getByRole('button', { name: 'Post' }));
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    expect(within(card).getByRole('img', { name: 'Shared with: Friends' })).toBeInTheDocument();
    expect(postCalls(calls).map((call) => (call.body as Post).audience)).toEqual(['friends']);
  });

  it('leaves the audience as it was on Back or Escape in its panel', async () => {
    const { calls } = stubFeed([buildPost({ user: grace })], {
      createPost: () => ({ body: buildPost({ user: ada }) }),
    });
    const { app, dialog } = await openDialog();
    await app.click(
      within(dialog).getByRole('button', { name: 'Audience: Members of this server' }),
    );
    await app.click(within(dialog).getByRole('radio', { name: 'Only me' }));
    await app.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(
      within(dialog).getByRole('button', { name: 'Audience: Members of this server' }),
    ).toHaveFocus();

    await app.click(
      within(dialog).getByRole('button', { name: 'Audience: Members of this server' }),
    );
    await app.click(within(dialog).getByRole('radio', { name: 'Public' }));
    await app.keyboard('{Escape}');
    // Escape leaves the panel, not the dialog.
    expect(dialog).toBeInTheDocument();
    expect(dialog).toHaveAccessibleName('Create post');

    await app.type(
      within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" }),
      'Hi',
    );
    await app.click(within(dialog).getByRole('button', { name: 'Post' }));
    await screen.findByRole('article', { name: 'Post by Ada Owen' });
    expect(postCalls(calls).map((call) => (call.body as Post).audience)).toEqual(['members']);
  });

  it("shows the server's refusal in an error box, and Try again clears it", async () => {
    stubFeed([buildPost({ user: grace })], {
      createPost: () => ({
        status: 400,
        body: { message: 'Choose one of the built-in backgrounds.' },
      }),
    });
    const { app, dialog } = await openDialog();
    await app.type(
      within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" }),
      'Hi',
    );
    await app.click(within(dialog).getByRole('button', { name: 'Post' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Choose one of the built-in backgrounds.');
    await app.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" })).toHaveValue(
      'Hi',
    );
  });

  it('keeps focus in the dialog after a failed post, so Escape still closes it', async () => {
    stubFeed([buildPost({ user: grace })], {
      createPost: () => ({ status: 500, body: { message: 'Something went wrong.' } }),
    });
    const { app, dialog } = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: "What's on your mind, Ada?" });
    await app.type(field, 'Hi');
    await app.click(within(dialog).getByRole('button', { name: 'Post' }));
    const alert = await within(dialog).findByRole('alert');
    // The Post button was disabled while posting, which drops focus to the page in a browser.
    expect(document.activeElement).toBe(within(alert).getByRole('button', { name: 'Try again' }));
    await app.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(document.activeElement).toBe(field);
    await app.click(within(dialog).getByRole('button', { name: 'Post' }));
    await within(dialog).findByRole('alert');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await app.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
  });

  it('closes with Escape and with its close button', async () => {
    stubFeed([buildPost({ user: grace })]);
    const { app, dialog } = await openDialog();
    await app.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    await app.click(screen.getByRole('button', { name: "What's on your mind, Ada" }));
    await app.click(
      within(await screen.findByRole('dialog', { name: 'Create post' })).getByRole('button', {
        name: 'Close',
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Create post' })).not.toBeInTheDocument();
  });

  it('closes on a press on the backdrop, not on one inside it, and focus returns to the prompt', async () => {
    stubFeed([buildPost({ user: grace })]);
    const { app, dialog } = await openDialog();
    await app.click(within(dialog).getByRole('heading', { name: 'Create post' }));
    expect(dialog).toBeInTheDocument();
    await app.click(dialog.parentElement!);
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "What's on your mind, Ada" })).toHaveFocus();
  });

  it('closes its emoji picker on Escape before the dialog, and on a press elsewhere in it', async () => {
    stubFeed([buildPost({ user: grace })]);
    const { app, dialog } = await openDialog();
    const emoji = within(dialog).getByRole('button', { name: 'Insert an emoji' });
    await app.click(emoji);
    expect(emoji).toHaveAttribute('aria-expanded', 'true');
    const pickerId = emoji.getAttribute('aria-controls')!;
    expect(document.getElementById(pickerId)).toBeInTheDocument();

    await app.keyboard('{Escape}');
    expect(emoji).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(pickerId)).toBeNull();
    expect(dialog).toBeInTheDocument();

    await app.click(emoji);
    expect(emoji).toHaveAttribute('aria-expanded', 'true');
    await app.click(within(dialog).getByRole('heading', { name: 'Create post' }));
    expect(emoji).toHaveAttribute('aria-expanded', 'false');
    expect(dialog).toBeInTheDocument();

    await app.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
  });
});
