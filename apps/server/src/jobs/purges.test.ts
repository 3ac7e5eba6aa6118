import {
  imageVariants,
  SESSION_TTL_SECONDS,
  TRASH_RETENTION_DAYS,
  UNVERIFIED_LIFETIME_DAYS,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { Leases } from '../infra/leases.js';
import { uploadKeyOf } from '../infra/storage/image-urls.js';
import { insertReactions, recountAllReactions } from '../modules/posts/reactions-repo.js';
import { insertPosts } from '../modules/posts/repo.js';
import {
  buildComment,
  buildPost,
  buildReaction,
  buildUser,
  follow,
  sessionFor,
  signupForm,
} from '../test-support/factories.js';
import { jpeg } from '../test-support/images.js';
import { filesUnder, mediaStatus } from '../test-support/media-files.js';
import {
  comment,
  createPost,
  deletePost,
  feedPage,
  getReacts,
  react,
  savePost,
} from '../test-support/posts-api.js';
import { purgesFor } from '../test-support/purges.js';
import { post, type TestContext, useTestApp } from '../test-support/test-app.js';
import { uploadedUrl } from '../test-support/uploads.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type Table =
  | 'posts'
  | 'comments'
  | 'reactions'
  | 'saved_posts'
  | 'post_images'
  | 'media'
  | 'follows'
  | 'email_verifications'
  | 'sessions'
  | 'users';

async function rowCount(ctx: TestContext, table: Table) {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('purging the trash', () => {
  const ctx = useTestApp();

  it(`a post in trash for more than ${TRASH_RETENTION_DAYS} days is deleted with its photos, comments, reactions and saves`, async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const photos = [
      await uploadedUrl(ctx.app, ada.token, `${ada.user.username}/post_images`, await jpeg()),
      await uploadedUrl(ctx.app, ada.token, `${ada.user.username}/post_images`, await jpeg()),
    ];
    const doomed = (
      await createPost(ctx.app, ada.token, {
        text: 'soon gone',
        images: photos.map((url) => ({ url })),
      })
    ).json();
    const reply = await uploadedUrl(
      ctx.app,
      grace.token,
      `${grace.user.username}/post_images/${doomed._id}`,
      await jpeg(),
    );
    await comment(ctx.app, grace.token, { postId: doomed._id, comment: 'nice', image: reply });
    await react(ctx.app, grace.token, doomed._id, 'love');
    await savePost(ctx.app, grace.token, doomed._id);
    const kept = (await createPost(ctx.app, ada.token, { text: 'stays' })).json();
    await deletePost(ctx.app, ada.token, doomed._id);

    ctx.clock.advance(TRASH_RETENTION_DAYS * DAY_MS - 60_000);
    // Ada's and Grace's sessions expired weeks ago: their rows go.
    expect(await ctx.app.purges.runOnce()).toEqual({
      posts: 0,
      accounts: 0,
      files: 0,
      orphanFiles: 0,
      sessions: 2,
    });
    const withVariants = (urls: string[]) =>
      urls.flatMap((url) => [url, ...imageVariants(url).map((v) => v.url)]);
    // In the trash the files stay on disk but are hidden like the post (404) until the purge.
    const stored = withVariants([...photos, reply]).map((url) =>
      decodeURIComponent(new URL(url).pathname).slice('/media/'.length),
    );
    expect((await filesUnder(ctx)).sort()).toEqual([...stored].sort());
    for (const url of withVariants([...photos, reply])) {
      expect(await mediaStatus(ctx, url)).toBe(404);
    }

    ctx.clock.advance(2 * 60_000);
    expect(await ctx.app.purges.runOnce()).toEqual({
      posts: 1,
      accounts: 0,
      files: 3,
      orphanFiles: 0,
      sessions: 0,
    });
    // Each upload went with its variants.
    for (const url of withVariants([...photos, reply])) {
      expect(await mediaStatus(ctx, url)).toBe(404);
    }
    expect(await filesUnder(ctx)).toEqual([]);
    expect(await rowCount(ctx, 'media')).toBe(0);
    expect(await rowCount(ctx, 'comments')).toBe(0);
    expect(await rowCount(ctx, 'reactions')).toBe(0);
    expect(await rowCount(ctx, 'saved_posts')).toBe(0);
    expect(await rowCount(ctx, 'post_images')).toBe(0);
    const token = await sessionFor(ctx, ada.user);
    expect((await feedPage(ctx.app, token)).posts.map((p) => p._id)).toEqual([kept._id]);

    // Nothing left to do: running again changes nothing.
    expect(await ctx.app.purges.runOnce()).toEqual({
      posts: 0,
      accounts: 0,
      files: 0,
      orphanFiles: 0,
      sessions: 0,
    });
  });

  it('a photo still shown by another post or as a profile picture keeps its file', async () => {
    const ada = await buildUser(ctx);
    const folder = `${ada.user.username}/post_images`;
    const shared = await uploadedUrl(ctx.app, ada.token, folder, await jpeg());
    const avatar = await uploadedUrl(ctx.app, ada.token, folder, await jpeg());
    const alone = await uploadedUrl(ctx.app, ada.token, folder, await jpeg());
    const trashed = (
      await createPost(ctx.app, ada.token, {
        text: 'three photos',
        images: [{ url: shared }, { url: avatar }, { url: alone }],
      })
    ).json();
    await createPost(ctx.app, ada.token, { text: 'reused', images: [{ url: shared }] });
    await ctx.db
      .updateTable('users')
      .set({ picture: uploadKeyOf(avatar) })
      .where('id', '=', ada.user.id)
      .execute();
    await deletePost(ctx.app, ada.token, trashed._id);

    ctx.clock.advance((TRASH_RETENTION_DAYS + 1) * DAY_MS);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 1, files: 1 });
    expect(await mediaStatus(ctx, alone)).toBe(404);
    expect(await mediaStatus(ctx, shared)).toBe(200);
    expect(await mediaStatus(ctx, avatar)).toBe(200);
  });

  it('a photo also in a post trashed later keeps its file until that post is purged too', async () => {
    const ada = await buildUser(ctx);
    const photo = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await jpeg(),
    );
    const key = uploadKeyOf(photo) as string;
    const posted: string[] = [];
    for (const text of ['first', 'second']) {
      const res = await createPost(ctx.app, ada.token, { text, images: [{ url: photo }] });
      posted.push(res.json()._id);
    }
    await deletePost(ctx.app, ada.token, posted[0] as string);
    ctx.clock.advance((TRASH_RETENTION_DAYS - 1) * DAY_MS);
    // Trashed weeks later (the session has long expired).
    await ctx.db
      .updateTable('posts')
      .set({ deleted_at: ctx.clock.now().toISOString() })
      .where('id', '=', posted[1] as string)
      .execute();

    ctx.clock.advance(2 * DAY_MS);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 1, files: 0 });
    expect(await filesUnder(ctx)).toContain(key);
    ctx.clock.advance(TRASH_RETENTION_DAYS * DAY_MS);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 1, files: 1 });
    expect(await filesUnder(ctx)).not.toContain(key);
  });

  it('live posts are never purged, however old', async () => {
    const ada = await buildUser(ctx);
    await buildPost(ctx, ada, { text: 'ancient' });
    ctx.clock.advance(3650 * DAY_MS);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 0 });
    expect(await rowCount(ctx, 'posts')).toBe(1);
  });

  it('while a backup holds its lease in the database, purges delete nothing; after it, they do', async () => {
    const ada = await buildUser(ctx);
    const photo = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await jpeg(),
    );
    const doomed = (
      await createPost(ctx.app, ada.token, { text: 'old', images: [{ url: photo }] })
    ).json();
    await deletePost(ctx.app, ada.token, doomed._id);
    ctx.clock.advance((TRASH_RETENTION_DAYS + 1) * DAY_MS);
    const files = await filesUnder(ctx);
    const release = await new Leases(ctx.db, ctx.clock).holdBackup();
    try {
      expect(await ctx.app.purges.runOnce()).toEqual({
        posts: 0,
        accounts: 0,
        files: 0,
        orphanFiles: 0,
        sessions: 0,
      });
      expect(await rowCount(ctx, 'posts')).toBe(1);
      expect(await filesUnder(ctx)).toEqual(files);
    } finally {
      await release();
    }
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 1 });
    expect(await rowCount(ctx, 'posts')).toBe(0);
  });

  it('two server processes purging at once delete every due post exactly once', async () => {
    const ada = await buildUser(ctx);
    const deletedAt = ctx.clock.now().toISOString();
    for (let i = 0; i < 25; i++) await buildPost(ctx, ada, { deletedAt });
    ctx.clock.advance((TRASH_RETENTION_DAYS + 1) * DAY_MS);
    const workers = [1, 2].map(() => purgesFor(ctx, 4));
    const reports = await Promise.all(workers.map((w) => w.purgeTrash()));
    expect(reports.reduce((sum, r) => sum + r.posts, 0)).toBe(25);
    expect(await rowCount(ctx, 'posts')).toBe(0);
  });

  it('once started, the schedule purges on its own, and stopping it ends the work', async () => {
    const ada = await buildUser(ctx);
    await buildPost(ctx, ada, { deletedAt: ctx.clock.now().toISOString() });
    ctx.clock.advance((TRASH_RETENTION_DAYS + 1) * DAY_MS);
    const purges = purgesFor(ctx);
    purges.start(60_000);
    const deadline = Date.now() + 5_000;
    while ((await rowCount(ctx, 'posts')) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await purges.stop();
    expect(await rowCount(ctx, 'posts')).toBe(0);
    await buildPost(ctx, ada, { deletedAt: '2000-01-01T00:00:00.000Z' });
    expect(await purges.runOnce()).toMatchObject({ posts: 0 });
  });
});

describe('deleting accounts left unverified', () => {
  const ctx = useTestApp();

  it(`an account still unverified ${UNVERIFIED_LIFETIME_DAYS} days after sign-up goes, with everything it made`, async () => {
    const form = signupForm({ first_name: 'Quinn', last_name: 'Ghost' });
    const signup = await post(ctx.app, '/api/v1/auth/register', form);
    const { id: ghostId, token: ghostToken, username } = signup.json();
    const grace = await buildUser(ctx);

    const photo = await uploadedUrl(ctx.app, ghostToken, `${username}/post_images`, await jpeg());
    const ghostPost = (
      await createPost(ctx.app, ghostToken, { text: 'hello', images: [{ url: photo }] })
    ).json();
    const gracePost = await buildPost(ctx, grace, { text: 'grace stays' });
    const ghostReply = await uploadedUrl(
      ctx.app,
      ghostToken,
      `${username}/post_images/${gracePost.id}`,
      await jpeg(),
    );
    await comment(ctx.app, ghostToken, { postId: gracePost.id, comment: 'hi', image: ghostReply });
    await react(ctx.app, ghostToken, gracePost.id, 'wow');
    await savePost(ctx.app, ghostToken, gracePost.id);
    // Grace answered on the ghost's post with a photo of her own.
    const graceReply = await uploadedUrl(
      ctx.app,
      grace.token,
      `${grace.user.username}/post_images/${ghostPost._id}`,
      await jpeg(),
    );
    await comment(ctx.app, grace.token, {
      postId: ghostPost._id,
      comment: 'hey',
      image: graceReply,
    });
    await buildComment(ctx, gracePost, grace, { comment: 'my own' });
    await buildReaction(ctx, { id: ghostPost._id }, grace, 'like');
    await follow(ctx, { id: ghostId }, grace);
    await follow(ctx, grace, { id: ghostId });
    const gracePhoto = await uploadedUrl(
      ctx.app,
      grace.token,
      `${grace.user.username}/post_images`,
      await jpeg(),
    );

    ctx.clock.advance(UNVERIFIED_LIFETIME_DAYS * DAY_MS - 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 0 });

    ctx.clock.advance(2 * 60_000);
    expect(await ctx.app.purges.runOnce()).toEqual({
      posts: 0,
      accounts: 1,
      files: 3,
      orphanFiles: 0,
      sessions: 0,
    });

    const login = await post(ctx.app, '/api/v1/auth/login', {
      email: form.email,
      password: form.password,
    });
    expect(login.statusCode).toBe(400);
    for (const url of [photo, ghostReply, graceReply]) {
      for (const file of [url, ...imageVariants(url).map((v) => v.url)]) {
        expect(await mediaStatus(ctx, file)).toBe(404);
      }
    }
    for (const file of [gracePhoto, ...imageVariants(gracePhoto).map((v) => v.url)]) {
      expect(await mediaStatus(ctx, file)).toBe(200);
    }
    expect(await rowCount(ctx, 'users')).toBe(1);
    expect(await rowCount(ctx, 'follows')).toBe(0);
    expect(await rowCount(ctx, 'email_verifications')).toBe(0);
    expect(await rowCount(ctx, 'reactions')).toBe(0);
    expect(await rowCount(ctx, 'saved_posts')).toBe(0);
    expect(await rowCount(ctx, 'media')).toBe(1);

    const graceToken = await sessionFor(ctx, grace.user);
    const [card] = (await feedPage(ctx.app, graceToken)).posts;
    expect(card?.text).toBe('grace stays');
    expect(card?.comments.map((c) => c.comment)).toEqual(['my own']);
    expect(card?.commentCount).toBe(1);
    expect(card?.reactions.total).toBe(0);
  });

  it('recounts every post the account reacted to, even more than one statement can bind', async () => {
    const grace = await buildUser(ctx, { verified: 1 });
    const ghost = await buildUser(ctx, { verified: 0 });
    const now = ctx.clock.now().toISOString();
    // More posts than SQLite binds in one statement (32 766), all liked by the ghost.
    const posts = Array.from({ length: 33_000 }, () => ({
      id: uuidv7(),
      user_id: grace.user.id,
      type: null,
      text: 'a post',
      background: null,
      created_at: now,
      deleted_at: null,
    }));
    await insertPosts(ctx.db, posts, []);
    await insertReactions(
      ctx.db,
      posts.map((p) => ({ post_id: p.id, user_id: ghost.user.id, react: 'like', created_at: now })),
    );
    await recountAllReactions(ctx.db);
    const first = posts[0]?.id ?? '';
    const last = posts.at(-1)?.id ?? '';
    await react(ctx.app, grace.token, last, 'love');
    expect((await getReacts(ctx.app, grace.token, last)).total).toBe(2);

    ctx.clock.advance(UNVERIFIED_LIFETIME_DAYS * DAY_MS + 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 1 });

    const graceToken = await sessionFor(ctx, grace.user);
    expect((await getReacts(ctx.app, graceToken, first)).total).toBe(0);
    const kept = await getReacts(ctx.app, graceToken, last);
    expect(kept.total).toBe(1);
    expect(kept.check).toBe('love');
  });

  it('verified members, and unverified ones younger than the limit, are kept', async () => {
    const veteran = await buildUser(ctx, { verified: 1 });
    ctx.clock.advance(UNVERIFIED_LIFETIME_DAYS * DAY_MS);
    const newcomer = await buildUser(ctx, { verified: 0 });
    ctx.clock.advance(UNVERIFIED_LIFETIME_DAYS * DAY_MS - 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 0 });
    const ids = (await ctx.db.selectFrom('users').select('id').execute()).map((r) => r.id).sort();
    expect(ids).toEqual([veteran.user.id, newcomer.user.id].sort());
  });
});

describe('purging expired sessions', () => {
  const ctx = useTestApp();

  it('the rows of sessions past their 7 days go, in batches; live sessions stay and still work', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(ctx)));
    ctx.clock.advance(SESSION_TTL_SECONDS * 1000 - 60_000);
    const ada = members[0]!;
    const fresh = await sessionFor(ctx, ada.user);
    expect(await purgesFor(ctx, 2).runOnce()).toMatchObject({ sessions: 0 });
    expect(await rowCount(ctx, 'sessions')).toBe(6);

    ctx.clock.advance(2 * 60_000);
    expect(await purgesFor(ctx, 2).runOnce()).toMatchObject({ sessions: 5 });
    expect(await rowCount(ctx, 'sessions')).toBe(1);
    expect((await feedPage(ctx.app, fresh)).posts).toEqual([]);
  });
});
