import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type Comment,
  imageVariants,
  MEDIA_MESSAGES,
  type Post,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import {
  comment,
  commentsRequest,
  createPost,
  deletePost,
  feedPage,
  getPostRequest,
} from '../../test-support/posts-api.js';
import { callEndpoint, post, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { TEST_PUBLIC_URL } from '../../test-support/test-config.js';
import { listedImages, uploadedUrl } from '../../test-support/uploads.js';
import { befriend, updatePicture } from '../../test-support/users-api.js';

// Who sees what, for uploaded files (API.md): the photos of a post not every member may see, and
// the images of its comments, are served only at expiring signed addresses, the same for every
// viewer allowed; listImages lists another member only what something they may see shows.

const LIST = '/api/v1/users/listImages';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const WINDOW_MS = 3_600_000;

async function photoOf(ctx: TestContext, member: BuiltUser, folder = 'post_images') {
  return uploadedUrl(
    ctx.app,
    member.token,
    `${member.user.username}/${folder}`,
    await jpeg(64, 48),
  );
}

async function postWith(
  ctx: TestContext,
  member: BuiltUser,
  urls: string[],
  audience = 'friends',
): Promise<Post> {
  const res = await createPost(ctx.app, member.token, {
    text: 'photos',
    images: urls.map((url) => ({ url })),
    audience,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** The post as `viewer` reads it (GET /posts/{id}), which must be allowed. */
async function read(ctx: TestContext, viewer: BuiltUser, postId: string): Promise<Post> {
  const res = await getPostRequest(ctx.app, viewer.token, postId);
  expect(res.statusCode).toBe(200);
  return res.json();
}

function editAudience(ctx: TestContext, who: BuiltUser, postId: string, audience: string) {
  return callEndpoint(ctx.app, ROUTES.editAudience, {
    params: { postId },
    rawBody: { audience },
    token: who.token,
  });
}

function block(ctx: TestContext, who: BuiltUser, target: BuiltUser) {
  return callEndpoint(ctx.app, ROUTES.block, { params: { id: target.user.id }, token: who.token });
}

/** The upload's address without its query: what it would be were the post open to all. */
function unsigned(url: string): string {
  return url.split('?', 1)[0] as string;
}

/** The expiry (epoch ms) a signed address carries. */
function expiryOf(url: string): number {
  return Number(new URL(url).searchParams.get('exp')) * 1000;
}

/** The address and each of its variants' (which carry its query). */
function withVariants(url: string): string[] {
  return [url, ...imageVariants(url).map((v) => v.url)];
}

async function get(ctx: TestContext, url: string) {
  return ctx.app.inject({ url });
}

/** Served as a signed file: 200, cached privately, never for a year. */
async function expectServedSigned(ctx: TestContext, url: string) {
  for (const address of withVariants(url)) {
    const res = await get(ctx, address);
    expect(res.statusCode, address).toBe(200);
    expect(res.headers['cache-control'], address).toMatch(/^private, max-age=\d+$/);
  }
}

/** The answer a file that does not exist gets. */
async function missingFile(ctx: TestContext, member: BuiltUser) {
  const res = await get(ctx, `/media/${member.user.username}/post_images/${uuidv7()}.jpg`);
  return { status: res.statusCode, body: res.json() };
}

/** Refused as a missing file is, and not cached. */
async function expectRefused(ctx: TestContext, member: BuiltUser, url: string) {
  const missing = await missingFile(ctx, member);
  expect(missing).toEqual({ status: 404, body: { message: SERVER_MESSAGES.notFound } });
  for (const address of withVariants(url)) {
    const res = await get(ctx, address);
    expect({ status: res.statusCode, body: res.json() }, address).toEqual(missing);
    expect(res.headers['cache-control'] ?? '', address).not.toMatch(/max-age=[1-9]|immutable/);
  }
}

/** What the viewer's listImages of the owner lists (every page), each counted in its total. */
async function listing(ctx: TestContext, owner: BuiltUser, viewer: BuiltUser) {
  const { urls, total } = await listedImages(ctx.app, owner.user.username, viewer.token);
  expect(total).toBe(urls.length);
  return urls;
}

describe('the files of a post not every member may see', () => {
  const ctx = useTestApp({ config: { mediaSignedUrlTtlMs: WINDOW_MS } });

  it("are answered at signed addresses that work until they expire; a stranger's copy then fails, and readers get new ones", async () => {
    const ada = await buildUser(ctx);
    const bea = await buildUser(ctx);
    await befriend(ctx.app, ada, bea);
    const photo = await photoOf(ctx, ada);
    const created = await postWith(ctx, ada, [photo]);

    const seen = await read(ctx, bea, created._id);
    const address = seen.images[0]!.url;
    expect(unsigned(address)).toBe(unsigned(photo));
    expect(address.startsWith(`${TEST_PUBLIC_URL}/media/`)).toBe(true);
    expect(address).toMatch(/\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
    // The variants carry the same signature; every allowed viewer gets the same address.
    expect(seen.images[0]!.variants).toEqual(imageVariants(address));
    expect(created.images[0]!.url).toBe(address);
    expect((await read(ctx, ada, created._id)).images[0]!.url).toBe(address);
    // The address without its signature is refused as a missing file.
    await expectRefused(ctx, ada, unsigned(address));
    await expectServedSigned(ctx, address);

    // Once its window is over, the card is built again with an address of the next window,
    // while the one given before still works.
    const expires = expiryOf(address);
    ctx.clock.advance(expires - WINDOW_MS - ctx.clock.now().getTime() + 1000);
    const later = (await read(ctx, bea, created._id)).images[0]!.url;
    expect(later).not.toBe(address);
    expect(expiryOf(later)).toBe(expires + WINDOW_MS);
    await expectServedSigned(ctx, address);

    // Expired: whoever asks with it (a stranger the friend passed it to) gets a missing file.
    ctx.clock.advance(WINDOW_MS);
    await expectRefused(ctx, ada, address);
    await expectServedSigned(ctx, later);
  });

  it('a signature altered, extended, or moved to another file is refused as a missing file', async () => {
    const ada = await buildUser(ctx);
    const first = await photoOf(ctx, ada);
    const second = await photoOf(ctx, ada);
    const created = await postWith(ctx, ada, [first, second], 'only_me');
    const [a, b] = created.images.map((image) => image.url) as [string, string];
    await expectServedSigned(ctx, a);
    await expectServedSigned(ctx, b);

    const query = new URL(a).search;
    const sig = new URL(a).searchParams.get('sig') as string;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const exp = new URL(a).searchParams.get('exp') as string;
    for (const forged of [
      `${unsigned(b)}${query}`,
      `${unsigned(a)}?exp=${exp}&sig=${flipped}`,
      `${unsigned(a)}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${unsigned(a)}?sig=${sig}`,
      `${unsigned(a)}?exp=${exp}`,
    ]) {
      await expectRefused(ctx, ada, forged);
    }

    // A variant not made yet sends to its original with the same signature, which opens it.
    const variant = imageVariants(a)[0]!.url;
    await rm(path.join(ctx.config.dataDir, new URL(variant).pathname));
    const res = await get(ctx, variant);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${new URL(a).pathname}${query}`);
    expect((await get(ctx, res.headers.location as string)).statusCode).toBe(200);
    await expectRefused(ctx, ada, unsigned(variant));
  });

  it("the images of comments on it are signed too, wherever they are answered; an open post's are not", async () => {
    const ada = await buildUser(ctx);
    const bea = await buildUser(ctx);
    await befriend(ctx.app, ada, bea);
    const closed = await postWith(ctx, ada, [], 'friends');
    const open = await postWith(ctx, ada, [], 'members');
    const onClosed = await photoOf(ctx, bea, `post_images/${closed._id}`);
    const onOpen = await photoOf(ctx, bea, `post_images/${open._id}`);

    const answered = await comment(ctx.app, bea.token, {
      postId: closed._id,
      comment: 'look',
      image: onClosed,
    });
    expect(answered.statusCode).toBe(200);
    const signedAddress = (answered.json() as Comment[])[0]!.image;
    expect(signedAddress).toMatch(/\?exp=\d+&sig=/);
    const listed = await commentsRequest(ctx.app, ada.token, closed._id);
    expect((listed.json() as Comment[])[0]!.image).toBe(signedAddress);
    expect((await read(ctx, ada, closed._id)).comments[0]!.image).toBe(signedAddress);
    await expectServedSigned(ctx, signedAddress);
    await expectRefused(ctx, ada, unsigned(signedAddress));

    const openAnswer = await comment(ctx.app, bea.token, {
      postId: open._id,
      comment: 'look',
      image: onOpen,
    });
    const openAddress = (openAnswer.json() as Comment[])[0]!.image;
    expect(openAddress).toBe(onOpen);
    expect((await get(ctx, openAddress)).headers['cache-control']).toBe(IMMUTABLE);
  });

  it("change with the post's audience at the next read", async () => {
    const ada = await buildUser(ctx);
    const bea = await buildUser(ctx);
    await befriend(ctx.app, ada, bea);
    const photo = await photoOf(ctx, ada);
    const created = await postWith(ctx, ada, [photo], 'members');
    // Read once, so its card is in the cache.
    expect((await read(ctx, bea, created._id)).images[0]!.url).toBe(photo);
    expect((await get(ctx, photo)).headers['cache-control']).toBe(IMMUTABLE);

    expect((await editAudience(ctx, ada, created._id, 'friends')).statusCode).toBe(200);
    const signedAddress = (await read(ctx, bea, created._id)).images[0]!.url;
    expect(signedAddress).toMatch(/\?exp=\d+&sig=/);
    expect((await feedPage(ctx.app, ada.token)).posts[0]!.images[0]!.url).toBe(signedAddress);
    await expectRefused(ctx, ada, photo);
    await expectServedSigned(ctx, signedAddress);

    expect((await editAudience(ctx, ada, created._id, 'public')).statusCode).toBe(200);
    expect((await read(ctx, bea, created._id)).images[0]!.url).toBe(photo);
    expect((await get(ctx, photo)).statusCode).toBe(200);
  });

  it('stay open while something every member sees shows them too', async () => {
    const ada = await buildUser(ctx);
    const photo = await photoOf(ctx, ada);
    const created = await postWith(ctx, ada, [photo], 'only_me');
    await expectRefused(ctx, ada, photo);
    expect((await updatePicture(ctx.app, ada.token, 'profile', photo)).statusCode).toBe(200);
    expect((await get(ctx, photo)).statusCode).toBe(200);
    // The post still answers a signed address, which works as well.
    const address = (await read(ctx, ada, created._id)).images[0]!.url;
    expect(address).toMatch(/\?exp=\d+&sig=/);
    expect((await get(ctx, address)).statusCode).toBe(200);
  });

  it('a trashed post’s files are refused even at a valid signed address', async () => {
    const ada = await buildUser(ctx);
    const created = await postWith(ctx, ada, [await photoOf(ctx, ada)]);
    const address = created.images[0]!.url;
    await expectServedSigned(ctx, address);
    expect((await deletePost(ctx.app, ada.token, created._id)).statusCode).toBeLessThan(300);
    await expectRefused(ctx, ada, address);
  });
});

describe('listImages, as each viewer may see it', () => {
  const ctx = useTestApp();

  it('never lists a friends-only photo to a stranger, and does to a friend, at its signed address', async () => {
    const ada = await buildUser(ctx);
    const bea = await buildUser(ctx);
    const cy = await buildUser(ctx);
    await befriend(ctx.app, ada, bea);
    const fresh = await photoOf(ctx, ada);
    const forFriends = await photoOf(ctx, ada);
    const forMe = await photoOf(ctx, ada);
    const forAll = await photoOf(ctx, ada);
    const cover = await photoOf(ctx, ada, 'cover_pictures');
    await postWith(ctx, ada, [forFriends], 'friends');
    await postWith(ctx, ada, [forMe], 'only_me');
    await postWith(ctx, ada, [forAll], 'members');
    expect((await updatePicture(ctx.app, ada.token, 'cover', cover)).statusCode).toBe(200);

    const own = await listing(ctx, ada, ada);
    expect(own.map(unsigned)).toEqual([cover, forAll, forMe, forFriends, fresh]);
    // Not yet used, or shown to every member: as uploaded; the others signed.
    expect(own[0]).toBe(cover);
    expect(own[1]).toBe(forAll);
    expect(own[4]).toBe(fresh);
    for (const address of [own[2]!, own[3]!]) await expectServedSigned(ctx, address);

    const toFriend = await listing(ctx, ada, bea);
    expect(toFriend.map(unsigned)).toEqual([cover, forAll, forFriends]);
    expect(toFriend[2]).toMatch(/\?exp=\d+&sig=/);
    await expectServedSigned(ctx, toFriend[2]!);

    expect(await listing(ctx, ada, cy)).toEqual([cover, forAll]);
  });

  it("lists a comment's image only to whoever may see its post", async () => {
    const ada = await buildUser(ctx);
    const bea = await buildUser(ctx);
    const cy = await buildUser(ctx);
    const dan = await buildUser(ctx);
    await befriend(ctx.app, ada, bea);
    const closed = await postWith(ctx, ada, [], 'friends');
    const open = await postWith(ctx, ada, [], 'members');
    const onClosed = await photoOf(ctx, bea, `post_images/${closed._id}`);
    const onOpen = await photoOf(ctx, bea, `post_images/${open._id}`);
    for (const [postId, image] of [
      [closed._id, onClosed],
      [open._id, onOpen],
    ] as const) {
      const res = await comment(ctx.app, bea.token, { postId, comment: 'look', image });
      expect(res.statusCode).toBe(200);
    }

    expect((await listing(ctx, bea, ada)).map(unsigned)).toEqual([onOpen, onClosed]);
    expect(await listing(ctx, bea, cy)).toEqual([onOpen]);
    // A block between the viewer and the post's author hides the post, and the comment with it.
    expect((await block(ctx, dan, ada)).statusCode).toBe(200);
    expect(await listing(ctx, bea, dan)).toEqual([]);
  });

  it('a block either way answers as an unknown username does', async () => {
    const ada = await buildUser(ctx);
    const cy = await buildUser(ctx);
    const photo = await photoOf(ctx, ada);
    await postWith(ctx, ada, [photo], 'public');
    expect(await listing(ctx, ada, cy)).toEqual([photo]);
    const unknown = await post(
      ctx.app,
      LIST,
      { path: 'nobodyhere/*', sort: 'desc', max: 30 },
      { token: cy.token },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MEDIA_MESSAGES.memberNotFound });

    expect((await block(ctx, ada, cy)).statusCode).toBe(200);
    for (const [owner, viewer] of [
      [ada, cy],
      [cy, ada],
    ] as const) {
      const res = await post(
        ctx.app,
        LIST,
        { path: `${owner.user.username}/*`, sort: 'desc', max: 30 },
        { token: viewer.token },
      );
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: unknown.statusCode,
        body: unknown.json(),
      });
    }
    // The owner still lists their own.
    expect(await listing(ctx, ada, ada)).toEqual([photo]);
  });
});
