import { rm } from 'node:fs/promises';
import path from 'node:path';
import { imageVariants, SERVER_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { comment, createPost, deletePost } from '../../test-support/posts-api.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';
import { listedImages, uploadedUrl } from '../../test-support/uploads.js';
import { updatePicture } from '../../test-support/users-api.js';

// Issue 17, point 4: a trashed post is hidden everywhere, its images with it, until the purge.

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The upload's address and each of its variants'. */
function withVariants(url: string): string[] {
  return [url, ...imageVariants(url).map((v) => v.url)];
}

/** What a browser gets for each address: its status, and the cache-control of a 200. */
async function served(ctx: TestContext, url: string) {
  const res = await ctx.app.inject({ url });
  return { status: res.statusCode, res };
}

async function expectShown(ctx: TestContext, url: string) {
  for (const address of withVariants(url)) {
    const { status, res } = await served(ctx, address);
    expect(status, address).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  }
}

async function expectHidden(ctx: TestContext, url: string) {
  for (const address of withVariants(url)) {
    const { status, res } = await served(ctx, address);
    expect(status, address).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    expect(res.headers['cache-control']).not.toContain('immutable');
    expect(res.headers['cache-control']).not.toContain('max-age=31536000');
  }
}

/** The member's listImages: every address listed (all pages) and the total it gives. */
function listing(ctx: TestContext, owner: BuiltUser, viewer: BuiltUser = owner) {
  return listedImages(ctx.app, owner.user.username, viewer.token);
}

async function photoOf(ctx: TestContext, member: BuiltUser, folder = 'post_images') {
  return uploadedUrl(
    ctx.app,
    member.token,
    `${member.user.username}/${folder}`,
    await jpeg(64, 48),
  );
}

async function postWith(ctx: TestContext, member: BuiltUser, urls: string[]): Promise<string> {
  const res = await createPost(ctx.app, member.token, {
    text: 'photos',
    images: urls.map((url) => ({ url })),
  });
  expect(res.statusCode).toBe(201);
  return res.json()._id;
}

async function trash(ctx: TestContext, member: BuiltUser, postId: string) {
  const res = await deletePost(ctx.app, member.token, postId);
  expect(res.statusCode).toBeLessThan(300);
}

describe('the images of a trashed post', () => {
  const ctx = useTestApp();

  it('answer 404 (original and variants, not cached) and leave listImages and its count', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const photo = await photoOf(ctx, ada);
    const other = await photoOf(ctx, ada);
    const postId = await postWith(ctx, ada, [photo]);
    await expectShown(ctx, photo);
    expect(await listing(ctx, ada)).toEqual({ urls: [other, photo], total: 2 });
    // Anyone else is listed only what something they may see shows: the post's photo.
    expect(await listing(ctx, ada, grace)).toEqual({ urls: [photo], total: 1 });

    await trash(ctx, ada, postId);
    await expectHidden(ctx, photo);
    await expectShown(ctx, other);
    expect(await listing(ctx, ada)).toEqual({ urls: [other], total: 1 });
    expect(await listing(ctx, ada, grace)).toEqual({ urls: [], total: 0 });
  });

  it('are hidden however the address is spelled', async () => {
    const ada = await buildUser(ctx);
    const photo = await photoOf(ctx, ada);
    const postId = await postWith(ctx, ada, [photo]);
    const { pathname } = new URL(photo);
    const file = pathname.slice(pathname.lastIndexOf('/') + 1);
    const folder = pathname.slice(0, pathname.lastIndexOf('/'));
    const spellings = [
      `${folder}/${file.replace('-', '%2D')}`,
      `${folder}/./${file}`,
      `${pathname}?v=1`,
    ];
    // Each spelling reaches the file while the post is live…
    for (const spelling of spellings) {
      expect((await ctx.app.inject({ url: spelling })).statusCode, spelling).toBe(200);
    }
    await trash(ctx, ada, postId);
    // …and none does once it is trashed.
    for (const spelling of spellings) {
      expect((await ctx.app.inject({ url: spelling })).statusCode, spelling).toBe(404);
    }
  });

  it('stay shown while another live post, the picture or the cover uses them', async () => {
    const ada = await buildUser(ctx);
    const shared = await photoOf(ctx, ada);
    const picture = await photoOf(ctx, ada);
    const cover = await photoOf(ctx, ada);
    const alone = await photoOf(ctx, ada);
    const trashed = await postWith(ctx, ada, [shared, picture, cover, alone]);
    await postWith(ctx, ada, [shared]);
    expect((await updatePicture(ctx.app, ada.token, 'profile', picture)).statusCode).toBe(200);
    expect((await updatePicture(ctx.app, ada.token, 'cover', cover)).statusCode).toBe(200);

    await trash(ctx, ada, trashed);
    for (const url of [shared, picture, cover]) await expectShown(ctx, url);
    await expectHidden(ctx, alone);
    const { urls, total } = await listing(ctx, ada);
    expect(new Set(urls)).toEqual(new Set([shared, picture, cover]));
    expect(total).toBe(3);
  });

  it('take the images of the comments on the post with them', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const postId = await postWith(ctx, ada, [await photoOf(ctx, ada)]);
    const reply = await photoOf(ctx, grace, `post_images/${postId}`);
    const res = await comment(ctx.app, grace.token, { postId, comment: 'nice', image: reply });
    expect(res.statusCode).toBeLessThan(300);
    await expectShown(ctx, reply);
    expect(await listing(ctx, grace)).toEqual({ urls: [reply], total: 1 });

    await trash(ctx, ada, postId);
    await expectHidden(ctx, reply);
    expect(await listing(ctx, grace)).toEqual({ urls: [], total: 0 });
  });

  it('show again once used again: posted anew, or made the picture', async () => {
    const ada = await buildUser(ctx);
    const reposted = await photoOf(ctx, ada);
    const pictured = await photoOf(ctx, ada);
    await trash(ctx, ada, await postWith(ctx, ada, [reposted, pictured]));
    await expectHidden(ctx, reposted);
    await expectHidden(ctx, pictured);

    await postWith(ctx, ada, [reposted]);
    expect((await updatePicture(ctx.app, ada.token, 'profile', pictured)).statusCode).toBe(200);
    await expectShown(ctx, reposted);
    await expectShown(ctx, pictured);
    const { urls, total } = await listing(ctx, ada);
    expect(new Set(urls)).toEqual(new Set([reposted, pictured]));
    expect(total).toBe(2);
  });

  it('a hidden original is not redirected to from a variant not made yet', async () => {
    const ada = await buildUser(ctx);
    const photo = await photoOf(ctx, ada);
    await trash(ctx, ada, await postWith(ctx, ada, [photo]));
    const [variant] = imageVariants(photo);
    await rm(path.join(ctx.config.dataDir, new URL(variant!.url).pathname));
    const res = await ctx.app.inject({ url: variant!.url });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('an upload not used yet is not hidden: shown and listed', async () => {
    const ada = await buildUser(ctx);
    const fresh = await photoOf(ctx, ada);
    await expectShown(ctx, fresh);
    expect(await listing(ctx, ada)).toEqual({ urls: [fresh], total: 1 });
  });
});
