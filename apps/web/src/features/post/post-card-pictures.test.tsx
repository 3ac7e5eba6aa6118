import { imageSrcSet, imageVariants, type Post } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFeed } from '../../test/feed';
import { ada, buildComment, buildPost, grace, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** The address of an upload: its name is a uuid, here ending in `id` (12 hex digits). */
const upload = (id: string, ext = 'jpg') =>
  `/media/gracehopper/post_images/0190a1b2-c3d4-7e5f-8a9b-${id}.${ext}`;

/** A post image as the server lists it, with its variants when the contract carries them. */
function postImage(url: string): Post['images'][number] {
  const image = { url, variants: imageVariants(url) };
  return image as Post['images'][number];
}

const graceUploaded = { ...grace, picture: upload('aaaaaaaaaaaa') };

async function cardOf(post: Post) {
  stubFeed([post]);
  renderApp('/', { user: sessionUser() });
  return screen.findByRole('article', {
    name: `Post by ${post.user.first_name} ${post.user.last_name}`,
  });
}

describe("a post card's pictures", () => {
  it("load the author's avatar at 40 px from its variants", async () => {
    const card = await cardOf(buildPost({ user: graceUploaded }));
    const avatar = card.querySelector('header img');
    expect(avatar).toHaveAttribute('src', graceUploaded.picture);
    expect(avatar).toHaveAttribute('srcset', imageSrcSet(graceUploaded.picture));
    expect(avatar).toHaveAttribute('sizes', '40px');
  });

  it('load a single photo at the width of the card: the window on a phone, 590 px beyond', async () => {
    const url = upload('bbbbbbbbbbbb');
    const card = await cardOf(buildPost({ user: grace, images: [postImage(url)] }));
    const photo = within(card).getByRole('img', { name: 'Shared by Grace Hopper (1 of 1)' });
    expect(photo).toHaveAttribute('src', url);
    expect(photo).toHaveAttribute('srcset', imageSrcSet(url));
    expect(photo).toHaveAttribute('srcset', expect.stringContaining('-w480.webp 480w'));
    expect(photo).toHaveAttribute('sizes', '(max-width: 900px) 100vw, 590px');
    // The feed's first card: its photo is likely the screen's largest paint, so it loads at once.
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
    expect(photo).toHaveAttribute('decoding', 'async');
  });

  it("load the first card's photos at once, the first one first, and the other cards' lazily", async () => {
    const first = buildPost({
      _id: 'first',
      user: grace,
      images: [postImage(upload('cccccccccccc')), postImage(upload('dddddddddddd'))],
    });
    const second = buildPost({
      _id: 'second',
      user: ada,
      images: [postImage(upload('eeeeeeeeeeee'))],
    });
    stubFeed([first, second]);
    renderApp('/', { user: sessionUser() });
    const [firstCard, secondCard] = await screen.findAllByRole('article');
    const [one, two] = within(firstCard!).getAllByRole('img', { name: /^Shared by/ });
    expect(one).toHaveAttribute('loading', 'eager');
    expect(one).toHaveAttribute('fetchpriority', 'high');
    expect(two).toHaveAttribute('loading', 'eager');
    expect(two).not.toHaveAttribute('fetchpriority');
    const other = within(secondCard!).getByRole('img', { name: /^Shared by/ });
    expect(other).toHaveAttribute('loading', 'lazy');
    expect(other).not.toHaveAttribute('fetchpriority');
  });

  it.each([
    [2, ['50vw, 295px', '50vw, 295px']],
    [3, ['66.7vw, 394px', '33.4vw, 197px', '33.4vw, 197px']],
    [4, ['50vw, 295px', '50vw, 295px', '50vw, 295px', '50vw, 295px']],
    [6, ['50vw, 295px', '50vw, 295px', '33.4vw, 197px', '33.4vw, 197px', '33.4vw, 197px']],
  ])('load each of %i photos at the width of its cell', async (count, widths) => {
    const urls = Array.from({ length: count }, (_, i) => upload(String(i).padStart(12, '0')));
    const card = await cardOf(buildPost({ user: grace, images: urls.map(postImage) }));
    const photos = within(card).getAllByRole('img', { name: /^Shared by Grace Hopper/ });
    expect(photos.map((photo) => photo.getAttribute('sizes'))).toEqual(
      widths.map((width) => `(max-width: 900px) ${width}`),
    );
    photos.forEach((photo, index) => {
      expect(photo).toHaveAttribute('srcset', imageSrcSet(urls[index]!));
    });
  });

  it('load a new profile picture at its width of at most 320 px', async () => {
    const url = upload('dddddddddddd');
    const card = await cardOf(
      buildPost({ user: graceUploaded, type: 'profilePicture', images: [postImage(url)] }),
    );
    const picture = within(card).getByRole('img', { name: "Grace Hopper's new profile avatar" });
    expect(picture).toHaveAttribute('srcset', imageSrcSet(url));
    expect(picture).toHaveAttribute('sizes', '(max-width: 457px) 70vw, 320px');
  });

  it("load a comment's photo as its 480 px variant, keeping the photo's own width", async () => {
    const url = upload('eeeeeeeeeeee', 'png');
    const card = await cardOf(
      buildPost({ user: ada, comments: [buildComment({ comment: 'Look', image: url })] }),
    );
    const photo = await within(card).findByRole('img', { name: "From Grace Hopper's comment" });
    expect(photo).toHaveAttribute('src', url.replace(/\.png$/, '-w480.webp'));
    expect(photo).not.toHaveAttribute('srcset');
  });

  it('show a built-in background and the default avatar as they are', async () => {
    const card = await cardOf(
      buildPost({ user: grace, background: '/images/postbackgrounds/1.jpg' }),
    );
    expect(card.querySelector('header img')).not.toHaveAttribute('srcset');
    expect(within(card).queryByRole('img', { name: /^Shared by/ })).not.toBeInTheDocument();
  });
});
