import {
  BUILTIN_BACKGROUNDS,
  imageVariants,
  POST_MESSAGES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.js';
import { jpeg, png } from '../../test-support/images.js';
import { createPost, feedPage } from '../../test-support/posts-api.js';
import { post, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { uploadedUrl } from '../../test-support/uploads.js';

const EMPTY_REACTIONS = {
  check: null,
  reacts: ['like', 'love', 'haha', 'wow', 'sad', 'angry'].map((react) => ({ react, count: 0 })),
  total: 0,
  checkSaved: false,
  // The author's own post: its notifications are on.
  notificationsOn: true,
};

describe('creating a post', () => {
  const ctx = useTestApp();

  it('a member posts some text and gets 201 with the post as the feed shows it', async () => {
    const { user, token } = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const res = await createPost(ctx.app, token, {
      type: null,
      text: 'Hello, Hearth!',
      background: null,
      images: null,
      user: user.id,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/),
      user: {
        _id: user.id,
        username: user.username,
        first_name: 'Ada',
        last_name: 'Lovelace',
        picture: publicAddress(user.picture),
        cover: '',
        gender: 'female',
      },
      type: null,
      text: 'Hello, Hearth!',
      background: null,
      images: [],
      comments: [],
      commentCount: 0,
      reactions: EMPTY_REACTIONS,
      createdAt: ctx.clock.now().toISOString(),
      audience: 'members',
      editedAt: null,
    });
    expect((await feedPage(ctx.app, token)).posts).toEqual([created]);
  });

  it('the author is the member signed in, whatever the body’s user says', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const res = await createPost(ctx.app, ada.token, { text: 'mine', user: grace.user.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().user._id).toBe(ada.user.id);
    expect((await feedPage(ctx.app, grace.token)).posts).toEqual([]);
  });

  it('250 characters are fine; 251 are refused with the spec’s message', async () => {
    const { token } = await buildUser(ctx);
    const ok = await createPost(ctx.app, token, { text: 'x'.repeat(250) });
    expect(ok.statusCode).toBe(201);
    const tooLong = await createPost(ctx.app, token, { text: 'x'.repeat(251) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: POST_MESSAGES.textMax });
  });

  it('a post with one of the nine backgrounds is kept with it; any other background is refused', async () => {
    const { token } = await buildUser(ctx);
    expect(BUILTIN_BACKGROUNDS).toHaveLength(9);
    for (const background of BUILTIN_BACKGROUNDS) {
      const res = await createPost(ctx.app, token, { text: 'colourful', background });
      expect(res.statusCode).toBe(201);
      expect(res.json().background).toBe(publicAddress(background));
    }
    for (const background of [
      '/backgrounds/10.svg',
      '/media/x.jpg',
      '../../../images/13.jpg',
      'images/3.bmp',
    ]) {
      const res = await createPost(ctx.app, token, { text: 'colourful', background });
      expect(res.statusCode, background).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.background });
    }
  });

  it('a client’s own copy of a built-in (../../../images/3.jpg) is stored as that built-in', async () => {
    const { token } = await buildUser(ctx);
    for (const [background, builtin] of [
      ['../../../images/3.jpg', '/backgrounds/3.svg'],
      ['images/9.png', '/backgrounds/9.svg'],
      ['1.webp', '/backgrounds/1.svg'],
    ] as const) {
      const res = await createPost(ctx.app, token, { text: 'colourful', background });
      expect(res.statusCode, background).toBe(201);
      expect(res.json().background).toBe(publicAddress(builtin));
      const [shown] = (await feedPage(ctx.app, token)).posts;
      expect(shown?.background).toBe(publicAddress(builtin));
    }
    const alone = await createPost(ctx.app, token, { background: '../../../images/5.jpg' });
    expect(alone.statusCode).toBe(201);
    expect(alone.json()).toMatchObject({
      text: null,
      background: publicAddress('/backgrounds/5.svg'),
    });
  });

  it('a background linking to another site is refused with a message saying why', async () => {
    const { token } = await buildUser(ctx);
    for (const background of [
      'https://evil.example/bg.png',
      'https://evil.example/images/3.jpg',
      'http://evil.example/3.svg',
      '//evil.example/3.jpg',
      'data:image/svg+xml,<svg/>#/3.svg',
    ]) {
      const res = await createPost(ctx.app, token, { text: 'colourful', background });
      expect(res.statusCode, background).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.backgroundLink });
    }
    expect((await feedPage(ctx.app, token)).posts).toEqual([]);
  });

  it('a background alone makes a post', async () => {
    const { token } = await buildUser(ctx);
    const res = await createPost(ctx.app, token, { background: BUILTIN_BACKGROUNDS[3] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      text: null,
      background: publicAddress(BUILTIN_BACKGROUNDS[3] as string),
    });
  });

  it('photos the member uploaded are shown in the order given', async () => {
    const { user, token } = await buildUser(ctx);
    const folder = `${user.username}/post_images`;
    const first = await uploadedUrl(ctx.app, token, folder, await jpeg());
    const second = await uploadedUrl(ctx.app, token, folder, await png(), 'b.png');
    const res = await createPost(ctx.app, token, {
      text: null,
      images: [{ url: second }, { url: first }],
    });
    expect(res.statusCode).toBe(201);
    // Each with its right-sized variants beside it.
    const shown = [second, first].map((url) => ({ url, variants: imageVariants(url) }));
    expect(shown[0]?.variants.map((v) => v.width)).toEqual([160, 480, 1080]);
    expect(res.json().images).toEqual(shown);
    expect((await feedPage(ctx.app, token)).posts[0]?.images).toEqual(shown);
  });

  it('another member’s uploaded photo, or any other url, is refused', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const hers = await uploadedUrl(
      ctx.app,
      grace.token,
      `${grace.user.username}/post_images`,
      await jpeg(),
    );
    const mine = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await jpeg(),
    );
    for (const images of [
      [{ url: hers }],
      [{ url: mine }, { url: hers }],
      [{ url: 'https://tracker.example/pixel.gif' }],
      [{ url: mine.replace(/\.jpg$/, '.png') }],
    ]) {
      const res = await createPost(ctx.app, ada.token, { text: 'look', images });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.imageNotYours });
    }
    expect((await feedPage(ctx.app, ada.token)).posts).toEqual([]);
  });

  it.each([
    [{}],
    [{ text: null, background: null, images: null }],
    [{ text: '', background: '', images: [] }],
    [{ text: '   \n ', background: null, images: [] }],
    [{ type: 'profilePicture' }],
  ])('a post with no text, no background and no photo %j is refused', async (body) => {
    const { token } = await buildUser(ctx);
    const res = await createPost(ctx.app, token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: POST_MESSAGES.empty });
  });

  it.each([
    [[1, 2]],
    ['text'],
    [{ text: 42 }],
    [{ text: 'a', type: 'story' }],
    [{ text: 'a', images: 'x.jpg' }],
    [{ text: 'a', images: [{ url: '' }] }],
    [{ text: 'a', images: Array.from({ length: 21 }, () => ({ url: '/media/a/b.jpg' })) }],
  ])('a malformed post %j is 400 with a sentence', async (body) => {
    const { token } = await buildUser(ctx);
    const res = await createPost(ctx.app, token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('a profile-picture post keeps its type', async () => {
    const { user, token } = await buildUser(ctx);
    const url = await uploadedUrl(
      ctx.app,
      token,
      `${user.username}/profile_pictures`,
      await jpeg(),
    );
    const res = await createPost(ctx.app, token, {
      type: 'profilePicture',
      text: 'new me',
      images: [{ url }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().type).toBe('profilePicture');
  });

  it('without a session nothing is posted: 401', async () => {
    const res = await post(ctx.app, '/api/v1/posts', { text: 'anonymous' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });
});
