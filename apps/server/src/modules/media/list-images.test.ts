import { MEDIA_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { createPost } from '../../test-support/posts-api.js';
import { post, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import { updatePicture } from '../../test-support/users-api.js';

const LIST = '/api/v1/users/listImages';

async function uploadSeveral(ctx: TestContext, token: string, folder: string, count: number) {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    urls.push(await uploadedUrl(ctx.app, token, folder, await jpeg(16 + i, 16)));
  }
  return urls;
}

describe('listing a member’s images', () => {
  const ctx = useTestApp();

  it('lists newest first, at most max at a time, with a cursor to the rest and the total', async () => {
    const { user, token } = await buildUser(ctx);
    const uploaded = await uploadSeveral(ctx, token, `${user.username}/post_images`, 5);
    const newestFirst = [...uploaded].reverse();

    const seen: string[] = [];
    let cursor: string | undefined;
    const pages = [];
    do {
      const res = await post(
        ctx.app,
        LIST,
        { path: `${user.username}/*`, sort: 'desc', max: 2, ...(cursor ? { cursor } : {}) },
        { token },
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total_count).toBe(5);
      pages.push(body.resources.length);
      seen.push(...body.resources.map((r: { secure_url: string }) => r.secure_url));
      cursor = body.next_cursor;
    } while (cursor);
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(newestFirst);
  });

  it("'asc' lists oldest first", async () => {
    const { user, token } = await buildUser(ctx);
    const uploaded = await uploadSeveral(ctx, token, `${user.username}/post_images`, 3);
    const res = await post(
      ctx.app,
      LIST,
      { path: `${user.username}/*`, sort: 'asc', max: 30 },
      { token },
    );
    expect(res.json().resources.map((r: { secure_url: string }) => r.secure_url)).toEqual(uploaded);
    expect(res.json().next_cursor).toBeUndefined();
  });

  it('any member may list another member’s shown images, with each one’s folder, public id and variants', async () => {
    const owner = await buildUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    const visitor = await buildUser(ctx);
    const [cover] = await uploadSeveral(
      ctx,
      owner.token,
      `${owner.user.username}/cover_pictures`,
      1,
    );
    const [photo] = await uploadSeveral(ctx, owner.token, `${owner.user.username}/post_images`, 1);
    // Shown: the cover, and a photo of a post every member sees.
    expect((await updatePicture(ctx.app, owner.token, 'cover', cover!)).statusCode).toBe(200);
    const posted = await createPost(ctx.app, owner.token, { text: 'hi', images: [{ url: photo }] });
    expect(posted.statusCode).toBe(201);

    const res = await post(
      ctx.app,
      LIST,
      { path: `${owner.user.username}/*`, sort: 'desc', max: 30 },
      { token: visitor.token },
    );
    expect(res.statusCode).toBe(200);
    const id = (url: string) =>
      url
        .split('/')
        .pop()!
        .replace(/\.jpg$/, '');
    const variants = (url: string) =>
      [160, 480, 1080].map((width) => ({ width, url: url.replace(/\.jpg$/, `-w${width}.webp`) }));
    expect(res.json()).toEqual({
      resources: [
        {
          secure_url: photo,
          public_id: `${owner.user.username}/post_images/${id(photo!)}`,
          folder: `${owner.user.username}/post_images`,
          variants: variants(photo!),
        },
        {
          secure_url: cover,
          public_id: `${owner.user.username}/cover_pictures/${id(cover!)}`,
          folder: `${owner.user.username}/cover_pictures`,
          variants: variants(cover!),
        },
      ],
      total_count: 2,
    });
  });

  it('a member with no uploads has an empty listing', async () => {
    const { user, token } = await buildUser(ctx);
    const res = await post(ctx.app, LIST, { path: `${user.username}/*` }, { token });
    expect(res.json()).toEqual({ resources: [], total_count: 0 });
  });

  it('an unknown username is 404', async () => {
    const { token } = await buildUser(ctx);
    const res = await post(
      ctx.app,
      LIST,
      { path: 'nobodyhere/*', sort: 'desc', max: 30 },
      { token },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MEDIA_MESSAGES.memberNotFound });
  });

  it.each([
    [{ path: 'ada', sort: 'desc', max: 30 }],
    [{ path: 'ada/post_images', sort: 'desc', max: 30 }],
    [{ path: 'ada/*', sort: 'sideways', max: 30 }],
    [{ path: 'ada/*', sort: 'desc', max: 31 }],
    [{ path: 'ada/*', sort: 'desc', max: 0 }],
    [{}],
  ])('a malformed listing request %j is 400 with a sentence', async (body) => {
    const { token } = await buildUser(ctx);
    const res = await post(ctx.app, LIST, body, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('without a session the listing is refused 401', async () => {
    const res = await post(ctx.app, LIST, { path: 'ada/*' });
    expect(res.statusCode).toBe(401);
  });
});
