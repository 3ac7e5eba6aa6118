import {
  COMMENTS_INITIAL,
  COMMENTS_STEP,
  FILE_MESSAGES,
  fileMessage,
  type Post,
} from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { byParam, deferred, type FakeAnswer, type Handlers } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { buildComment, buildComments, buildPost, grace, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

async function showCard() {
  renderApp('/', { user: sessionUser() });
  return screen.findByRole('article', { name: 'Post by Grace Hopper' });
}

const shownComments = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'Comments' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

const texts = (comments: { comment: string }[]) => comments.map((comment) => comment.comment);

/** The older comments of `post`: one answer per `cursor`, the query's only parameter (else 404). */
function olderComments(post: Post, pages: Record<string, FakeAnswer>): Handlers {
  return {
    comments: byParam('postId', {
      [post._id]: ({ query }) => {
        const page =
          [...query.keys()].join() === 'cursor' ? pages[query.get('cursor')!] : undefined;
        return page ?? { status: 404, body: { message: 'Not found.' } };
      },
    }),
  };
}

describe('comment paging', () => {
  it('shows the two newest, then 3 more per click, the link gone when none are left', async () => {
    const comments = buildComments(7);
    stubFeed([buildPost({ user: grace, comments, commentCount: 7 })]);
    const card = await showCard();
    const app = userEvent.setup();

    expect(shownComments(card)).toEqual(texts(comments.slice(0, COMMENTS_INITIAL)));
    await app.click(within(card).getByRole('button', { name: 'View more comments' }));
    expect(shownComments(card)).toEqual(texts(comments.slice(0, COMMENTS_INITIAL + COMMENTS_STEP)));
    await app.click(within(card).getByRole('button', { name: 'View more comments' }));
    expect(shownComments(card)).toEqual(texts(comments));
    expect(
      within(card).queryByRole('button', { name: 'View more comments' }),
    ).not.toBeInTheDocument();
  });

  it('has no link when two comments or fewer exist', async () => {
    stubFeed([buildPost({ user: grace, comments: buildComments(2), commentCount: 2 })]);
    const card = await showCard();
    expect(shownComments(card)).toHaveLength(2);
    expect(
      within(card).queryByRole('button', { name: 'View more comments' }),
    ).not.toBeInTheDocument();
  });

  it('sorts by comment time, newest first, whatever order they came in', async () => {
    const older = buildComment({ comment: 'older' });
    const newer = buildComment({ comment: 'newer' });
    stubFeed([buildPost({ user: grace, comments: [older, newer], commentCount: 2 })]);
    const card = await showCard();
    expect(shownComments(card)).toEqual(['newer', 'older']);
  });

  it('loads older comments from the server once the carried ones run out', async () => {
    // 15 comments: the post carries the newest 10, the server pages through the other 5.
    const all = buildComments(15);
    const post = buildPost({ user: grace, comments: all.slice(0, 10), commentCount: 15 });
    const oldestCarried = all[9]!._id;
    const { calls } = stubFeed(
      [post],
      olderComments(post, {
        [oldestCarried]: { body: all.slice(10, 13), headers: { 'X-Next-Cursor': 'after-13' } },
        'after-13': { body: all.slice(13) },
      }),
    );
    const card = await showCard();
    const app = userEvent.setup();
    const viewMore = () => within(card).getByRole('button', { name: 'View more comments' });
    const cursors = () =>
      calls.filter((call) => call.name === 'comments').map((call) => call.query.get('cursor'));

    await app.click(viewMore()); // 5
    await app.click(viewMore()); // 8
    expect(shownComments(card)).toEqual(texts(all.slice(0, 8)));
    expect(cursors()).toEqual([]);

    await app.click(viewMore()); // 11: one past the carried ten
    await within(card).findByText(all[10]!.comment);
    expect(shownComments(card)).toEqual(texts(all.slice(0, 11)));
    expect(cursors()).toEqual([oldestCarried]);

    await app.click(viewMore()); // 14: one past what the first page brought
    await within(card).findByText(all[13]!.comment);
    expect(shownComments(card)).toEqual(texts(all.slice(0, 14)));
    expect(cursors()).toEqual([oldestCarried, 'after-13']);

    await app.click(viewMore()); // 15: all there is
    expect(shownComments(card)).toEqual(texts(all));
    expect(
      within(card).queryByRole('button', { name: 'View more comments' }),
    ).not.toBeInTheDocument();
    expect(cursors()).toHaveLength(2);
  });

  it('stops offering more when the server has no older comments after all', async () => {
    const carried = buildComments(3);
    const post = buildPost({ user: grace, comments: carried, commentCount: 6 });
    stubFeed([post], olderComments(post, { [carried[2]!._id]: { body: [] } }));
    const card = await showCard();
    const app = userEvent.setup();
    await app.click(within(card).getByRole('button', { name: 'View more comments' }));
    await vi.waitFor(() =>
      expect(
        within(card).queryByRole('button', { name: 'View more comments' }),
      ).not.toBeInTheDocument(),
    );
    expect(shownComments(card)).toEqual(texts(carried));
  });
});

describe('the comment box', () => {
  it('sends on Enter (not Shift+Enter) with a spinner, then shows the answer and a clean box', async () => {
    const existing = buildComments(3);
    const post = buildPost({ user: grace, comments: existing, commentCount: 3 });
    const mine = buildComment({ comment: 'Lovely\nview' });
    const answer = deferred<{ body: unknown }>();
    const { calls } = stubFeed([post], { comment: () => answer.promise });
    const card = await showCard();
    const app = userEvent.setup();
    expect(within(card).getByText('3 comments')).toBeInTheDocument();

    const box = within(card).getByRole('textbox', { name: 'Write a comment' });
    await app.type(box, 'Lovely{Shift>}{Enter}{/Shift}view');
    expect(calls.filter((call) => call.name === 'comment')).toHaveLength(0);
    await app.keyboard('{Enter}');

    expect(within(card).getByRole('status', { name: 'Sending comment' })).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      name: 'comment',
      body: { comment: 'Lovely\nview', image: '', postId: post._id },
    });
    answer.resolve({ body: [mine, ...existing] });

    await within(card).findByText('4 comments');
    expect(box).toHaveValue('');
    expect(within(card).queryByRole('status', { name: 'Sending comment' })).not.toBeInTheDocument();
    // The new one shows on top, and the two shown before stay.
    expect(shownComments(card)).toEqual(['Lovely\nview', ...texts(existing.slice(0, 2))]);
  });

  it('uploads an image first, then comments with its url, and clears the preview', async () => {
    const post = buildPost({ user: grace });
    const url = '/media/adaowen/post_images/p/1.webp';
    const { calls } = stubFeed([post], {
      uploadImages: () => ({ body: [{ url }] }),
      comment: () => ({ body: [buildComment({ comment: '', image: url })] }),
    });
    const card = await showCard();
    const app = userEvent.setup();
    const photo = new File(['png'], 'cat.png', { type: 'image/png' });
    await app.upload(within(card).getByLabelText('Attach a photo'), photo);
    expect(within(card).getByRole('img', { name: 'Chosen for your comment' })).toBeInTheDocument();

    await app.type(within(card).getByRole('textbox', { name: 'Write a comment' }), '{Enter}');
    await within(card).findByRole('img', { name: "From Grace Hopper's comment" });

    const upload = calls.find((call) => call.name === 'uploadImages');
    const form = upload?.body as FormData;
    expect([...form.keys()]).toEqual(['path', 'file']);
    expect(form.get('path')).toBe(`adaowen/post_images/${post._id}`);
    expect((form.get('file') as File).name).toBe('cat.png');
    expect(calls.at(-1)?.body).toEqual({ comment: '', image: url, postId: post._id });
    expect(calls.indexOf(upload!)).toBeLessThan(calls.length - 1);
    expect(
      within(card).queryByRole('img', { name: 'Chosen for your comment' }),
    ).not.toBeInTheDocument();
  });

  it.each([
    [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), FILE_MESSAGES.comment.type],
    [
      new File([new Uint8Array(5_242_881)], 'huge.png', { type: 'image/png' }),
      FILE_MESSAGES.comment.size,
    ],
  ])('refuses %s with the spec message, which Try again clears', async (file, template) => {
    stubFeed([buildPost({ user: grace })]);
    const card = await showCard();
    const app = userEvent.setup({ applyAccept: false });
    await app.upload(within(card).getByLabelText('Attach a photo'), file);
    const alert = within(card).getByRole('alert');
    expect(alert).toHaveTextContent(fileMessage(template, file.name));
    await app.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('img', { name: 'Chosen for your comment' }),
    ).not.toBeInTheDocument();
  });

  it('sends even an empty comment, as the spec says: the unchanged answer adds nothing and shows no error', async () => {
    const existing = buildComments(3);
    const post = buildPost({ user: grace, comments: existing, commentCount: 3 });
    const { calls } = stubFeed([post], { comment: () => ({ body: existing }) });
    const card = await showCard();
    const app = userEvent.setup();
    const box = within(card).getByRole('textbox', { name: 'Write a comment' });
    await app.type(box, '  {Enter}');

    await vi.waitFor(() => expect(calls.at(-1)?.name).toBe('comment'));
    expect(calls.at(-1)?.body).toEqual({ comment: '  ', image: '', postId: post._id });
    await vi.waitFor(() =>
      expect(
        within(card).queryByRole('status', { name: 'Sending comment' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(card).getByText('3 comments')).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(box).toHaveValue('  ');
    expect(shownComments(card)).toEqual(texts(existing.slice(0, COMMENTS_INITIAL)));
  });

  it('an older server refuses an empty comment: its refusal shows under the box', async () => {
    const post = buildPost({ user: grace });
    const { calls } = stubFeed([post], {
      comment: () => ({ status: 400, body: { message: 'Write something first.' } }),
    });
    const card = await showCard();
    const app = userEvent.setup();
    await app.type(within(card).getByRole('textbox', { name: 'Write a comment' }), '{Enter}');
    expect(await within(card).findByRole('alert')).toHaveTextContent('Write something first.');
    expect(calls.at(-1)?.body).toEqual({ comment: '', image: '', postId: post._id });
    expect(within(card).getByText('0 comments')).toBeInTheDocument();
  });

  it('the Comment button puts the cursor in the box', async () => {
    stubFeed([buildPost({ user: grace })]);
    const card = await showCard();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Comment' }));
    expect(within(card).getByRole('textbox', { name: 'Write a comment' })).toHaveFocus();
  });
});
