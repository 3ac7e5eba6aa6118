import {
  BUILTIN_BACKGROUNDS,
  imageVariants,
  POST_MESSAGES,
  type Post,
  ROUTES,
  TRASH_RETENTION_DAYS,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import {
  createPost,
  deletePost,
  editPost,
  feedPage,
  getPostRequest,
  postEdits,
  postEditsRequest,
} from '../../test-support/posts-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { listedImages, uploadedUrl } from '../../test-support/uploads.js';
import { befriend, getProfile } from '../../test-support/users-api.js';

// Edit Post (API.md, Who sees what): the author changes a post under the rules of a new post,
// the earlier versions stay readable to whoever sees the post, and their photos stay served
// until the post is purged.

const DAY_MS = 24 * 60 * 60 * 1000;
const BACKGROUND = BUILTIN_BACKGROUNDS[2] as string;

/** A photo as a post shows it: its address and its variants'. */
function shown(url: string) {
  return { url, variants: imageVariants(url) };
}

/** What an edit changes of a post's card, as a member sees it. */
function content(post: Post) {
  const { text, background, images, editedAt } = post;
  return { text, background, images, editedAt };
}

describe('editing a post', () => {
  const ctx = useTestApp();

  async function photoOf(member: BuiltUser): Promise<string> {
    return uploadedUrl(ctx.app, member.token, `${member.user.username}/post_images`, await jpeg());
  }

  async function posted(member: BuiltUser, body: Record<string, unknown>): Promise<Post> {
    const res = await createPost(ctx.app, member.token, body);
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  async function edited(member: BuiltUser, postId: string, body: unknown): Promise<Post> {
    const res = await editPost(ctx.app, member.token, postId, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function readPost(member: BuiltUser, postId: string): Promise<Post> {
    const res = await getPostRequest(ctx.app, member.token, postId);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('the author changes text, background and photos: the answer, the feed, the post page and the profile show the new version with editedAt, to another member too', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await befriend(ctx.app, bob, ada);
    const [first, second] = [await photoOf(ada), await photoOf(ada)];
    const post = await posted(ada, { text: 'Frist!', images: [{ url: first }] });
    expect(post.editedAt).toBeNull();
    // Bob has seen it: its card is in the cache.
    expect(content((await feedPage(ctx.app, bob.token)).posts[0] as Post).text).toBe('Frist!');

    ctx.clock.advanceMinutes(5);
    const now = ctx.clock.now().toISOString();
    const answer = await edited(ada, post._id, {
      text: 'First!',
      background: BACKGROUND,
      images: [{ url: second }, { url: first }],
    });
    const expected = {
      text: 'First!',
      background: publicAddress(BACKGROUND),
      images: [shown(second), shown(first)],
      editedAt: now,
    };
    expect(content(answer)).toEqual(expected);
    expect(answer).toMatchObject({ _id: post._id, createdAt: post.createdAt, audience: 'members' });

    const [inFeed] = (await feedPage(ctx.app, bob.token)).posts;
    expect(inFeed?._id).toBe(post._id);
    expect(content(inFeed as Post)).toEqual(expected);
    expect(content(await readPost(bob, post._id))).toEqual(expected);
    const [onProfile] = (await getProfile(ctx.app, bob.token, ada.user.username)).posts;
    expect(content(onProfile as Post)).toEqual(expected);
    expect(content((await feedPage(ctx.app, ada.token)).posts[0] as Post)).toEqual(expected);
  });

  it('the history lists the earlier versions newest first, each with when it was posted; a post never edited has none', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const [first, second] = [await photoOf(ada), await photoOf(ada)];
    const post = await posted(ada, { text: 'one', images: [{ url: first }] });
    const untouched = await posted(ada, { text: 'never edited' });
    ctx.clock.advanceMinutes(1);
    const firstEdit = ctx.clock.now().toISOString();
    await edited(ada, post._id, { text: 'two', images: [{ url: first }, { url: second }] });
    ctx.clock.advanceMinutes(1);
    const secondEdit = ctx.clock.now().toISOString();
    const now = await edited(ada, post._id, { text: null, background: BACKGROUND, images: [] });
    expect(content(now)).toEqual({
      text: null,
      background: publicAddress(BACKGROUND),
      images: [],
      editedAt: secondEdit,
    });

    const history = [
      {
        _id: expect.any(String),
        text: 'two',
        background: null,
        images: [shown(first), shown(second)],
        createdAt: firstEdit,
      },
      {
        _id: expect.any(String),
        text: 'one',
        background: null,
        images: [shown(first)],
        createdAt: post.createdAt,
      },
    ];
    // The author and any member who sees the post read the same history.
    expect(await postEdits(ctx.app, ada.token, post._id)).toEqual(history);
    expect(await postEdits(ctx.app, bob.token, post._id)).toEqual(history);
    expect(await postEdits(ctx.app, bob.token, untouched._id)).toEqual([]);
  });

  it('an edit that changes nothing (the post sent back as answered) keeps no version and no editedAt', async () => {
    const ada = await buildUser(ctx);
    const photo = await photoOf(ada);
    const post = await posted(ada, {
      text: 'as it is',
      background: BACKGROUND,
      images: [{ url: photo }],
    });
    ctx.clock.advanceMinutes(1);
    // The addresses as the answer gave them: absolute, the background this server's own.
    const same = await edited(ada, post._id, {
      text: post.text,
      background: post.background,
      images: post.images.map(({ url }) => ({ url })),
    });
    expect(content(same)).toEqual(content(post));
    expect(same.editedAt).toBeNull();
    expect(await postEdits(ctx.app, ada.token, post._id)).toEqual([]);
  });

  it('only the author may edit: another member who sees the post gets 403 and nothing changes', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await posted(ada, { text: 'mine' });
    const res = await editPost(ctx.app, bob.token, post._id, { text: 'yours now' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: POST_MESSAGES.notAuthorEdit });
    expect(content(await readPost(bob, post._id))).toEqual(content(post));
    expect(await postEdits(ctx.app, ada.token, post._id)).toEqual([]);
  });

  it('a post the caller may not see (friends only, a block either way), a trashed one and a missing one are 404 alike, for the edit and the history', async () => {
    const ada = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    const blocked = await buildUser(ctx);
    await befriend(ctx.app, friend, ada);
    const forFriends = await posted(ada, { text: 'friends only', audience: 'friends' });
    const open = await posted(ada, { text: 'for everyone', audience: 'public' });
    await edited(ada, forFriends._id, { text: 'friends only, edited' });
    await edited(ada, open._id, { text: 'for everyone, edited' });
    const block = await callEndpoint(ctx.app, ROUTES.block, {
      params: { id: blocked.user.id },
      token: ada.token,
    });
    expect(block.statusCode).toBe(200);
    const trashed = await posted(ada, { text: 'soon in trash' });
    await edited(ada, trashed._id, { text: 'edited, then trashed' });
    expect((await deletePost(ctx.app, ada.token, trashed._id)).statusCode).toBe(200);

    const missing = await postEditsRequest(ctx.app, stranger.token, uuidv7());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: POST_MESSAGES.notFound });
    const hidden: Array<[BuiltUser, string]> = [
      [stranger, forFriends._id],
      [blocked, forFriends._id],
      [blocked, open._id],
      [ada, trashed._id],
      [friend, trashed._id],
      [stranger, uuidv7()],
    ];
    for (const [member, postId] of hidden) {
      for (const res of [
        await postEditsRequest(ctx.app, member.token, postId),
        await editPost(ctx.app, member.token, postId, { text: 'let me in' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
    // Whoever sees the post sees its history.
    expect((await postEdits(ctx.app, friend.token, forFriends._id)).map((e) => e.text)).toEqual([
      'friends only',
    ]);
    expect((await postEdits(ctx.app, stranger.token, open._id)).map((e) => e.text)).toEqual([
      'for everyone',
    ]);
    // Nothing was changed by the refused edits.
    expect((await readPost(ada, forFriends._id)).text).toBe('friends only, edited');
    expect((await readPost(ada, open._id)).text).toBe('for everyone, edited');
  });

  it('the rules of a new post apply: each broken one is 400 with its sentence and nothing changes', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const mine = await photoOf(ada);
    const hers = await photoOf(grace);
    const post = await posted(ada, { text: 'before', images: [{ url: mine }] });
    const refusals: Array<[unknown, string]> = [
      [{ text: 'x'.repeat(251) }, POST_MESSAGES.textMax],
      [{ text: 'look', images: [{ url: hers }] }, POST_MESSAGES.imageNotYours],
      [{ text: 'look', images: [{ url: mine }, { url: hers }] }, POST_MESSAGES.imageNotYours],
      [
        { text: 'look', images: [{ url: 'https://tracker.example/p.gif' }] },
        POST_MESSAGES.imageNotYours,
      ],
      [{}, POST_MESSAGES.empty],
      [{ text: '  \n ', background: '', images: [] }, POST_MESSAGES.empty],
      [{ text: 'bg', background: 'https://evil.example/3.jpg' }, POST_MESSAGES.backgroundLink],
      [{ text: 'bg', background: '/backgrounds/10.svg' }, POST_MESSAGES.background],
    ];
    for (const [body, message] of refusals) {
      const res = await editPost(ctx.app, ada.token, post._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    // 250 characters are fine, as for a new post.
    expect((await edited(ada, post._id, { text: 'y'.repeat(250) })).text).toBe('y'.repeat(250));
    const history = await postEdits(ctx.app, ada.token, post._id);
    expect(history.map((e) => e.text)).toEqual(['before']);
  });

  it('a profile-picture or cover post cannot be edited: 400, nothing changes', async () => {
    const ada = await buildUser(ctx);
    for (const [type, folder] of [
      ['profilePicture', 'profile_pictures'],
      ['coverPicture', 'cover_pictures'],
    ] as const) {
      const url = await uploadedUrl(
        ctx.app,
        ada.token,
        `${ada.user.username}/${folder}`,
        await jpeg(),
      );
      const post = await posted(ada, { type, text: 'new me', images: [{ url }] });
      const res = await editPost(ctx.app, ada.token, post._id, { text: 'newer me' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.pictureNotEditable });
      expect(content(await readPost(ada, post._id))).toEqual(content(post));
      expect(await postEdits(ctx.app, ada.token, post._id)).toEqual([]);
    }
  });

  it('a photo the edit removed stays served and listed to those who see the post; a friends-only post’s only at signed addresses', async () => {
    const ada = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await befriend(ctx.app, friend, ada);
    const [removed, kept, closed] = [await photoOf(ada), await photoOf(ada), await photoOf(ada)];
    const post = await posted(ada, { text: 'two photos', images: [{ url: removed }] });
    await edited(ada, post._id, { text: 'one photo', images: [{ url: kept }] });
    for (const url of [removed, ...imageVariants(removed).map((v) => v.url)]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    }
    const [version] = await postEdits(ctx.app, stranger.token, post._id);
    expect(version?.images).toEqual([shown(removed)]);

    const restricted = await posted(ada, {
      text: 'for friends',
      audience: 'friends',
      images: [{ url: closed }],
    });
    await edited(ada, restricted._id, { text: 'for friends, no photo', images: [] });
    const [earlier] = await postEdits(ctx.app, friend.token, restricted._id);
    const signed = earlier?.images[0]?.url as string;
    expect(signed).toMatch(/\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
    expect(signed.split('?')[0]).toBe(closed);
    expect((await ctx.app.inject({ url: signed })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: closed })).statusCode).toBe(404);

    // The owner is listed all three; others what a post they may see shows, history included.
    const own = await listedImages(ctx.app, ada.user.username, ada.token);
    expect(own.total).toBe(3);
    expect(own.urls.map((url) => url.split('?')[0]).sort()).toEqual([removed, kept, closed].sort());
    const friends = await listedImages(ctx.app, ada.user.username, friend.token);
    expect(friends.urls.map((url) => url.split('?')[0]).sort()).toEqual(
      [removed, kept, closed].sort(),
    );
    const strangers = await listedImages(ctx.app, ada.user.username, stranger.token);
    expect(strangers.urls.sort()).toEqual([removed, kept].sort());
  });

  it('once the post is purged from the trash, its earlier versions go and their photos with them', async () => {
    const ada = await buildUser(ctx);
    const [removed, kept, elsewhere] = [await photoOf(ada), await photoOf(ada), await photoOf(ada)];
    const post = await posted(ada, {
      text: 'before',
      images: [{ url: removed }, { url: elsewhere }],
    });
    await posted(ada, { text: 'another post', images: [{ url: elsewhere }] });
    await edited(ada, post._id, { text: 'after', images: [{ url: kept }] });
    expect((await deletePost(ctx.app, ada.token, post._id)).statusCode).toBe(200);
    // In the trash, every use of the removed photo is trashed: hidden like the post.
    expect((await ctx.app.inject({ url: removed })).statusCode).toBe(404);

    ctx.clock.advance((TRASH_RETENTION_DAYS + 1) * DAY_MS);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 1, files: 2 });
    for (const url of [removed, kept]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
    // A photo another post still shows keeps its file.
    expect((await ctx.app.inject({ url: elsewhere })).statusCode).toBe(200);
    expect(await rowCount(ctx, 'post_edits')).toBe(0);
    expect(await rowCount(ctx, 'post_edit_images')).toBe(0);
    expect(await rowCount(ctx, 'media')).toBe(1);
  });
});

async function rowCount(ctx: TestContext, table: 'post_edits' | 'post_edit_images' | 'media') {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
