import { POST_MESSAGES, PROFILE_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { uploadKeyOf } from '../../infra/storage/image-urls.js';
import { buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { comment, createPost } from '../../test-support/posts-api.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress, TEST_PUBLIC_URL, testConfig } from '../../test-support/test-config.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import { getProfile, updatePicture } from '../../test-support/users-api.js';

/** The same database and media folder under another PUBLIC_URL, as after a host renames it. */
async function renamedApp(ctx: TestContext, publicUrl: string): Promise<App> {
  const app = await buildApp({
    config: testConfig({ ...ctx.config, publicUrl, appUrl: publicUrl }),
    db: ctx.db,
    clock: ctx.clock,
  });
  await app.ready();
  return app;
}

/** What a browser gets for an absolute address, asked of `app` (whatever host it names). */
async function load(app: App, address: string) {
  const res = await app.inject({ url: new URL(address).pathname });
  return { status: res.statusCode, type: res.headers['content-type'] };
}

describe('image addresses', () => {
  const ctx = useTestApp();

  it('every image in an answer is an absolute address under PUBLIC_URL, and it loads', async () => {
    const ada = await buildUser(ctx);
    const photo = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await jpeg(),
    );
    expect(photo.startsWith(`${TEST_PUBLIC_URL}/media/`)).toBe(true);
    const post = await createPost(ctx.app, ada.token, {
      text: 'sunset',
      background: '/backgrounds/2.svg',
      images: [{ url: photo }],
    });
    expect(post.statusCode).toBe(201);
    const { user, background, images } = post.json();
    expect(user.picture).toBe(publicAddress('/images/default-avatar.svg'));
    expect(background).toBe(publicAddress('/backgrounds/2.svg'));
    expect(images[0].url).toBe(photo);
    for (const variant of images[0].variants) {
      expect(variant.url.startsWith(`${TEST_PUBLIC_URL}/media/`)).toBe(true);
      expect((await load(ctx.app, variant.url)).status).toBe(200);
    }
    expect(await load(ctx.app, photo)).toEqual({ status: 200, type: 'image/jpeg' });
  });

  it('the default avatar and the nine backgrounds are served by the server itself, to any origin', async () => {
    // The test app has no web build: these come from the server's own files.
    for (const path of ['/images/default-avatar.svg', '/backgrounds/1.svg', '/backgrounds/9.svg']) {
      const res = await ctx.app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.body).toContain('<svg');
    }
    expect((await ctx.app.inject({ url: '/backgrounds/10.svg' })).statusCode).toBe(404);
  });

  it('a new PUBLIC_URL moves every stored picture, and the old addresses are still taken back', async () => {
    const ada = await buildUser(ctx);
    const me = ada.user.username;
    const picture = await uploadedUrl(ctx.app, ada.token, `${me}/profile_pictures`, await jpeg());
    const photo = await uploadedUrl(ctx.app, ada.token, `${me}/post_images`, await jpeg());
    const attached = await uploadedUrl(ctx.app, ada.token, `${me}/post_images`, await jpeg());
    expect((await updatePicture(ctx.app, ada.token, 'profile', picture)).statusCode).toBe(200);
    const post = (await createPost(ctx.app, ada.token, { images: [{ url: photo }] })).json();
    const commented = await comment(ctx.app, ada.token, { postId: post._id, image: attached });
    expect(commented.statusCode).toBe(200);

    const renamed = await renamedApp(ctx, 'https://social.example.org');
    try {
      const profile = await getProfile(renamed, ada.token, me);
      const [shown] = profile.posts;
      const addresses = [profile.picture, shown?.images[0]?.url, shown?.comments[0]?.image];
      expect(addresses).toEqual(
        [picture, photo, attached].map((old) =>
          old.replace(TEST_PUBLIC_URL, 'https://social.example.org'),
        ),
      );
      for (const address of addresses) {
        expect(await load(renamed, address as string)).toEqual({ status: 200, type: 'image/jpeg' });
      }

      // A client still holding the addresses under the old PUBLIC_URL sends them back.
      const again = await createPost(renamed, ada.token, { images: [{ url: photo }] });
      expect(again.statusCode).toBe(201);
      expect(again.json().images[0].url).toBe(shown?.images[0]?.url);
      expect((await updatePicture(renamed, ada.token, 'cover', picture)).statusCode).toBe(200);
      expect((await getProfile(renamed, ada.token, me)).cover).toBe(profile.picture);
    } finally {
      await renamed.close();
    }
  });

  it('an upload is taken back as its address, its /media/ path or its key, in posts, comments and pictures', async () => {
    const ada = await buildUser(ctx);
    const me = ada.user.username;
    const url = await uploadedUrl(ctx.app, ada.token, `${me}/post_images`, await jpeg());
    const key = uploadKeyOf(url) as string;
    for (const form of [url, `/media/${key}`, key]) {
      const post = await createPost(ctx.app, ada.token, { images: [{ url: form }] });
      expect([post.statusCode, post.json().images[0].url], form).toEqual([201, url]);
      const commented = await comment(ctx.app, ada.token, { postId: post.json()._id, image: form });
      expect([commented.statusCode, commented.json()[0].image], form).toEqual([200, url]);
      expect((await updatePicture(ctx.app, ada.token, 'profile', form)).statusCode, form).toBe(200);
      expect((await getProfile(ctx.app, ada.token, me)).picture).toBe(url);
    }
  });

  it('another member’s upload stays refused in every form', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const url = await uploadedUrl(
      ctx.app,
      bob.token,
      `${bob.user.username}/post_images`,
      await jpeg(),
    );
    const key = uploadKeyOf(url) as string;
    for (const form of [url, `https://elsewhere.example/media/${key}`, `/media/${key}`, key]) {
      const post = await createPost(ctx.app, ada.token, { text: 'mine?', images: [{ url: form }] });
      expect([post.statusCode, post.json()], form).toEqual([
        400,
        { message: POST_MESSAGES.imageNotYours },
      ]);
      const picture = await updatePicture(ctx.app, ada.token, 'profile', form);
      expect([picture.statusCode, picture.json()], form).toEqual([
        400,
        { message: PROFILE_MESSAGES.pictureNotYours },
      ]);
    }
  });

  it('a background sent back as this server’s address is the built-in; another host’s is refused', async () => {
    const ada = await buildUser(ctx);
    const own = await createPost(ctx.app, ada.token, {
      text: 'again',
      background: publicAddress('/backgrounds/7.svg'),
    });
    expect([own.statusCode, own.json().background]).toEqual([
      201,
      publicAddress('/backgrounds/7.svg'),
    ]);
    const other = await createPost(ctx.app, ada.token, {
      text: 'tracked',
      background: 'https://tracker.example/backgrounds/7.svg',
    });
    expect([other.statusCode, other.json()]).toEqual([
      400,
      { message: POST_MESSAGES.backgroundLink },
    ]);
  });
});
