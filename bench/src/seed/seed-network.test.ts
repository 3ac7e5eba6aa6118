import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse, Post, Profile } from '@hearth/contract';
import {
  buildApp,
  createTestDatabase,
  hashPassword,
  LocalDiskStorage,
  type TestDatabase,
  testConfig,
} from '@hearth/server/seeding';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_DIR } from '../paths.js';
import { picturesDir } from './images.js';
import { type SeedSummary, seedNetwork } from './seed-network.js';
import { DEMO_LOGIN, SIZES } from './sizes.js';

interface Seeded {
  database: TestDatabase;
  mediaDir: string;
  summary: SeedSummary;
}

// Each table in a stable order, so two databases compare row by row.
const TABLES = {
  users: 'id',
  media: 'id',
  friendships: 'low_id, high_id',
  follows: 'follower_id, followee_id',
  blocks: 'blocker_id, blocked_id',
  posts: 'id',
  post_images: 'post_id, position',
  reactions: 'post_id, user_id',
  reaction_counts: 'post_id, react',
  comments: 'id',
  saved_posts: 'user_id, post_id',
  search_history: 'user_id, searched_id',
} as const;

// Foreign keys the seed must honour (it loads without checking them, for speed).
const PARENTS = [
  ['media', 'owner_id', 'users'],
  ['friendships', 'low_id', 'users'],
  ['friendships', 'high_id', 'users'],
  ['follows', 'follower_id', 'users'],
  ['follows', 'followee_id', 'users'],
  ['blocks', 'blocker_id', 'users'],
  ['blocks', 'blocked_id', 'users'],
  ['posts', 'user_id', 'users'],
  ['post_images', 'post_id', 'posts'],
  ['reactions', 'post_id', 'posts'],
  ['reactions', 'user_id', 'users'],
  ['reaction_counts', 'post_id', 'posts'],
  ['comments', 'post_id', 'posts'],
  ['comments', 'user_id', 'users'],
  ['saved_posts', 'user_id', 'users'],
  ['saved_posts', 'post_id', 'posts'],
  ['search_history', 'user_id', 'users'],
  ['search_history', 'searched_id', 'users'],
] as const;

async function rowsOf(database: TestDatabase, table: keyof typeof TABLES) {
  const { rows } = await sql
    .raw(`select * from ${table} order by ${TABLES[table]}`)
    .execute(database.db);
  return rows;
}

describe('the seed generator, on a tiny network', () => {
  const seeded: Seeded[] = [];
  let passwordHash: string;
  // A picture cache of this file's own, started from a copy of the bench's (bench/.cache): that
  // one is shared with the other engine's run of this file at the same moment, whose drawing of
  // a picture could replace this one's between the two seeds (a fresh clone's first run draws
  // every picture in both, and two processes' drawings were once a few bytes apart).
  let cacheDir: string;

  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-seed-pictures-'));
    if (existsSync(picturesDir(CACHE_DIR))) {
      await cp(picturesDir(CACHE_DIR), picturesDir(cacheDir), {
        recursive: true,
        filter: (source) => !source.endsWith('.partial'),
      });
    }
    // One hash for everyone, as the seed does; the cheapest cost keeps the test quick.
    passwordHash = await hashPassword(DEMO_LOGIN.password, 10);
    for (let i = 0; i < 2; i++) {
      // As the seed command opens it: no WAL checkpointer holding the file.
      const database = await createTestDatabase({ walCheckpointer: false });
      const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-seed-media-'));
      const summary = await seedNetwork({
        handle: database,
        storage: new LocalDiskStorage(mediaDir),
        cacheDir,
        size: SIZES.tiny,
        passwordHash,
      });
      seeded.push({ database, mediaDir, summary });
    }
  });
  afterAll(async () => {
    for (const { database, mediaDir } of seeded) {
      await database.destroy();
      await rm(mediaDir, { recursive: true, force: true });
    }
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  });

  it('writes exactly the size’s members, posts, reactions and comments', () => {
    const { counts } = seeded[0]!.summary;
    expect(counts).toMatchObject({
      users: SIZES.tiny.members,
      posts: SIZES.tiny.posts,
      reactions: SIZES.tiny.reactions,
      comments: SIZES.tiny.comments,
    });
    expect(counts.friendships).toBeGreaterThan(SIZES.tiny.members);
    expect(counts.saved_posts).toBeGreaterThan(0);
  });

  it('gives the same rows and the same picture files when run twice', async () => {
    const [a, b] = seeded as [Seeded, Seeded];
    for (const table of Object.keys(TABLES) as Array<keyof typeof TABLES>) {
      expect(await rowsOf(b.database, table), table).toEqual(await rowsOf(a.database, table));
    }
    const files = async (dir: string) =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .sort();
    const names = await files(a.mediaDir);
    // Each picture and its three right-sized variants.
    expect(names).toHaveLength(a.summary.counts.media * 4);
    expect(names.filter((name) => /-w(160|480|1080)\.webp$/.test(name))).toHaveLength(
      a.summary.counts.media * 3,
    );
    expect(await files(b.mediaDir)).toEqual(names);
    const first = names[0]!;
    expect(await readFile(path.join(b.mediaDir, first))).toEqual(
      await readFile(path.join(a.mediaDir, first)),
    );
  });

  it('leaves no row without its parent, friends follow each other, and reactions are counted', async () => {
    const { database } = seeded[0]!;
    for (const [table, column, parent] of PARENTS) {
      const { rows } = await sql<{ orphans: number | string }>`
        select count(*) as orphans from ${sql.table(table)} t
        where not exists (select 1 from ${sql.table(parent)} p where p.id = t.${sql.ref(column)})
      `.execute(database.db);
      expect(Number(rows[0]!.orphans), `${table}.${column}`).toBe(0);
    }
    const { rows } = await sql<{ missing: number | string }>`
      select count(*) as missing from friendships f
      where f.status = 'friends' and (
        not exists (select 1 from follows w where w.follower_id = f.low_id and w.followee_id = f.high_id)
        or not exists (select 1 from follows w where w.follower_id = f.high_id and w.followee_id = f.low_id))
    `.execute(database.db);
    expect(Number(rows[0]!.missing)).toBe(0);
    const counted = await sql<{ total: number | string }>`
      select sum(count) as total from reaction_counts
    `.execute(database.db);
    expect(Number(counted.rows[0]!.total)).toBe(SIZES.tiny.reactions);
    // Every picture was stored with its variants: the image-variants job has nothing to do.
    const pending = await sql<{ pending: number | string }>`
      select count(*) as pending from media where variants_ready <> 1
    `.execute(database.db);
    expect(Number(pending.rows[0]!.pending)).toBe(0);
  });

  it('shares posts with a mix of audiences, reacted to and saved only by those who may see them', async () => {
    const { database } = seeded[0]!;
    const { rows } = await sql<{ audience: string; n: number | string }>`
      select audience, count(*) as n from posts group by audience order by audience
    `.execute(database.db);
    const share = Object.fromEntries(
      rows.map((r) => [r.audience, Number(r.n) / SIZES.tiny.posts] as const),
    );
    expect(Object.keys(share)).toEqual(['friends', 'members', 'only_me', 'public']);
    expect(share.members).toBeGreaterThan(0.6);
    expect(share.only_me).toBeLessThan(0.1);
    // Nobody but the author reacts to, comments on or saves a post kept to its author, and only
    // friends (or the author) do on a friends-only post.
    for (const [table, column] of [
      ['reactions', 'user_id'],
      ['comments', 'user_id'],
      ['saved_posts', 'user_id'],
    ] as const) {
      const { rows: unseen } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)} t join posts p on p.id = t.post_id
        where t.${sql.ref(column)} <> p.user_id and (p.audience = 'only_me' or (
          p.audience = 'friends' and not exists (select 1 from friendships f
            where f.status = 'friends' and ((f.low_id = p.user_id and f.high_id = t.${sql.ref(column)})
              or (f.high_id = p.user_id and f.low_id = t.${sql.ref(column)})))))
      `.execute(database.db);
      expect(Number(unseen[0]!.n), table).toBe(0);
    }
  });

  it('has a few members block others, never across a friendship, a request or a follow', async () => {
    const { database, summary } = seeded[0]!;
    expect(summary.counts.blocks).toBeGreaterThan(0);
    expect(summary.counts.blocks).toBeLessThanOrEqual(3 * Math.ceil(SIZES.tiny.members * 0.02));
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from blocks b
      where b.blocker_id = b.blocked_id
        or exists (select 1 from friendships f
          where (f.low_id = b.blocker_id and f.high_id = b.blocked_id)
            or (f.low_id = b.blocked_id and f.high_id = b.blocker_id))
        or exists (select 1 from follows w
          where (w.follower_id = b.blocker_id and w.followee_id = b.blocked_id)
            or (w.follower_id = b.blocked_id and w.followee_id = b.blocker_id))
        or exists (select 1 from users u
          where u.email = ${DEMO_LOGIN.email} and u.id in (b.blocker_id, b.blocked_id))
    `.execute(database.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('answers through the API: the demo member logs in, reads a feed, a profile and a picture', async () => {
    const { database, mediaDir } = seeded[0]!;
    const config = testConfig({ dataDir: path.dirname(mediaDir) });
    const app = await buildApp({
      config,
      db: database.db,
      storage: new LocalDiskStorage(mediaDir),
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
      });
      expect(login.statusCode).toBe(200);
      const { token, username } = login.json() as AuthResponse;
      const headers = { authorization: `Bearer ${token}` };

      const feed = await app.inject({ method: 'GET', url: '/api/v1/posts', headers });
      expect(feed.statusCode).toBe(200);
      const posts = feed.json() as Post[];
      expect(posts).toHaveLength(20);
      expect(posts.some((p) => p.comments.length > 0 && p.reactions.total > 0)).toBe(true);
      // The first screen shows full-size phone photos (a few hundred KB), each with variants.
      const photos = posts.flatMap((p) => p.images);
      const weights = [];
      for (const photo of photos) {
        expect(photo.variants.map((v) => v.width)).toEqual([160, 480, 1080]);
        const file = await app.inject({ method: 'GET', url: photo.url });
        weights.push(file.rawPayload.length);
      }
      expect(weights.filter((bytes) => bytes > 250_000).length).toBeGreaterThan(0);
      // The newest post, at the top of the first screen, is one of them.
      const top = posts[0]!.images;
      expect(top).toHaveLength(1);
      expect(
        (await app.inject({ method: 'GET', url: top[0]!.url })).rawPayload.length,
      ).toBeGreaterThan(250_000);
      const variant = await app.inject({ method: 'GET', url: photos[0]!.variants[1]!.url });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');

      const profile = await app.inject({
        method: 'GET',
        url: `/api/v1/users/getProfile/${username}`,
        headers,
      });
      const shown = profile.json() as Profile;
      expect(shown.friendsCount).toBeGreaterThan(0);
      expect(shown.picture.startsWith(`${config.publicUrl}/media/`)).toBe(true);

      // Seeded members carry the server's search keys: a name's first letters find them.
      const found = await app.inject({
        method: 'POST',
        url: '/api/v1/users/search/demo%20me',
        headers,
      });
      expect(found.statusCode).toBe(200);
      expect((found.json() as Array<{ username: string }>).map((m) => m.username)).toContain(
        username,
      );
      const history = await app.inject({
        method: 'GET',
        url: '/api/v1/users/getSearchHistory',
        headers,
      });
      expect(history.statusCode).toBe(200);

      const picture = await app.inject({ method: 'GET', url: shown.picture });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
    } finally {
      await app.close();
    }
  });
});
