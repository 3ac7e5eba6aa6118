import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_MESSAGES,
  DATA_EXPORT_LINK_TTL_SECONDS,
  DATA_EXPORT_TTL_MS,
  DEFAULT_PRIVACY,
  type Notification,
  ROUTES,
  SERVER_MESSAGES,
  tooManyRequestsMessage,
} from '@hearth/contract';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageUrls } from '../../infra/storage/image-urls.js';
import { LocalDiskStorage } from '../../infra/storage/local-disk-storage.js';
import type { Storage } from '../../infra/storage/storage.js';
import {
  downloadOverHttp,
  exportLink,
  exportLinkRequest,
  listExports,
  pathOf,
  readZip,
  requestExport,
  unzipTest,
} from '../../test-support/exports-api.js';
import { type BuiltUser, buildUser, sessionFor } from '../../test-support/factories.js';
import { jpeg, png } from '../../test-support/images.js';
import { mailsTo } from '../../test-support/mail.js';
import { filesUnder } from '../../test-support/media-files.js';
import { sendMessage, startConversation } from '../../test-support/messages-api.js';
import { notificationsOf } from '../../test-support/notifications-api.js';
import {
  comment,
  commentsRequest,
  createPost,
  editPost,
  react,
  savePost,
} from '../../test-support/posts-api.js';
import { useTestBucket } from '../../test-support/s3-emulator.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import {
  addToSearchHistory,
  befriend,
  friendship,
  updateDetails,
} from '../../test-support/users-api.js';
import { createMailQueue } from '../mail/service.js';
import { NotificationsService } from '../notifications/service.js';
import { DataExportService } from './export-service.js';

const silent = Fastify({ logger: false }).log;
const DAY_MS = 24 * 60 * 60_000;
const ZIP_FILES = [
  'README.txt',
  'profile.json',
  'posts.json',
  'comments.json',
  'reactions.json',
  'saved-posts.json',
  'friends.json',
  'blocks-and-mutes.json',
  'search-history.json',
  'notifications.json',
  'messages.json',
];

/** Where a test keeps the zips it downloads. */
let downloads: string;
beforeEach(async () => {
  downloads = await mkdtemp(path.join(os.tmpdir(), 'hearth-exports-'));
});
afterEach(async () => {
  await rm(downloads, { recursive: true, force: true });
});

/** The builder of this process (the app's job), one pass, as the poll would run it. */
function build(ctx: TestContext) {
  return ctx.app.dataExports.runOnce();
}

/** The member asks and the builder builds: the ready export. */
async function readyExport(ctx: TestContext, member: BuiltUser) {
  const res = await requestExport(ctx.app, member.token);
  expect(res.statusCode).toBe(200);
  expect(await build(ctx)).toMatchObject({ ready: 1 });
  const [ready] = await listExports(ctx.app, member.token);
  expect(ready).toMatchObject({ id: res.json().id, status: 'ready' });
  return ready!;
}

/**
 * Another server process's builder on the same database and media: its own lease owner, its
 * own mail queue and notifications (on the app's bus).
 */
function otherProcess(ctx: TestContext, storage?: Storage): DataExportService {
  const disk = storage ?? new LocalDiskStorage(path.join(ctx.config.dataDir, 'media'));
  return new DataExportService({
    db: ctx.db,
    storage: disk,
    clock: ctx.clock,
    mail: createMailQueue(ctx.clock, () => {}),
    notifications: new NotificationsService({
      db: ctx.db,
      imageUrls: new ImageUrls(ctx.config.publicUrl, disk),
      bus: ctx.app.bus,
    }),
    appUrl: ctx.config.appUrl,
    publicUrl: ctx.config.publicUrl,
    secret: ctx.config.jwtSecret,
    log: silent,
  });
}

/** The local media folder, whose writes of streams always fail (a full disk). */
function fullDisk(ctx: TestContext): Storage {
  const disk = new LocalDiskStorage(path.join(ctx.config.dataDir, 'media'));
  return {
    put: (key, bytes, type) => disk.put(key, bytes, type),
    get: (key) => disk.get(key),
    async putStream(_key, body) {
      body.destroy();
      throw new Error('no space left on the device');
    },
    getStream: (key) => disk.getStream(key),
    delete: (key) => disk.delete(key),
    publicUrl: (key) => disk.publicUrl(key),
    list: (after) => disk.list(after),
    deleteUnfinishedBefore: (cutoff) => disk.deleteUnfinishedBefore(cutoff),
    check: () => disk.check(),
  };
}

const refOf = ({ user }: BuiltUser) => ({
  id: user.id,
  username: user.username,
  firstName: user.first_name,
  lastName: user.last_name,
});

/** The zip's name of an upload: the last part of its address. */
const imageFile = (url: string) => `images/${new URL(url).pathname.split('/').at(-1)}`;

const json = (entries: Map<string, Buffer>, name: string) =>
  JSON.parse((entries.get(name) as Buffer).toString('utf8'));

describe('download your information', () => {
  const ctx = useTestApp();

  it("a member's zip holds what they made, opens with yauzl and unzip, and nothing of others' private data", async () => {
    const now = ctx.clock.now().toISOString();
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const carol = await buildUser(ctx);
    const dave = await buildUser(ctx);

    // Ada's posts: one with a photo, edited; one of text alone.
    const photo = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await png(120, 80),
      'photo.png',
    );
    const first = await createPost(ctx.app, ada.token, {
      text: 'First words',
      images: [{ url: photo }],
      audience: 'friends',
    });
    expect(first.statusCode).toBe(201);
    const postId = first.json()._id as string;
    const edited = await editPost(ctx.app, ada.token, postId, {
      text: 'Better words',
      background: null,
      images: [{ url: photo }],
    });
    expect(edited.statusCode).toBe(200);
    const second = (
      await createPost(ctx.app, ada.token, { text: 'Just text', audience: 'public' })
    ).json()._id as string;
    expect((await updateDetails(ctx.app, ada.token, { bio: 'Baker by day' })).statusCode).toBe(200);

    // Grace's posts: one Ada comments on (with an image), reacts to and saves; one only Grace sees.
    const gracePost = (await createPost(ctx.app, grace.token, { text: 'Grace here' })).json()
      ._id as string;
    await createPost(ctx.app, grace.token, { text: 'Only Grace sees this', audience: 'only_me' });
    const reply = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images/${gracePost}`,
      await jpeg(90, 60),
    );
    expect(
      (await comment(ctx.app, ada.token, { postId: gracePost, comment: 'Lovely', image: reply }))
        .statusCode,
    ).toBe(200);
    expect((await react(ctx.app, ada.token, gracePost, 'love')).statusCode).toBe(200);
    expect((await savePost(ctx.app, ada.token, gracePost)).statusCode).toBe(200);
    const commentId = (
      (await commentsRequest(ctx.app, ada.token, gracePost)).json() as Array<{ _id: string }>
    )[0]!._id;

    // Friends, requests both ways, a block, a mute, a search; Grace reacts to Ada's post.
    await befriend(ctx.app, ada, grace);
    expect((await friendship(ctx.app, ada.token, 'addFriend', carol.user.id)).statusCode).toBe(200);
    expect((await friendship(ctx.app, dave.token, 'addFriend', ada.user.id)).statusCode).toBe(200);
    const blocked = await callEndpoint(ctx.app, ROUTES.block, {
      params: { id: bob.user.id },
      token: ada.token,
    });
    expect(blocked.statusCode).toBe(200);
    const muted = await callEndpoint(ctx.app, ROUTES.mute, {
      params: { id: carol.user.id },
      token: ada.token,
    });
    expect(muted.statusCode).toBe(200);
    expect((await addToSearchHistory(ctx.app, ada.token, grace.user.id)).statusCode).toBe(200);
    expect((await react(ctx.app, grace.token, postId, 'like')).statusCode).toBe(200);
    const shown = await notificationsOf(ctx.app, ada.token);
    expect(shown.map((n) => n.type).sort()).toEqual(['friendAccepted', 'friendRequest', 'react']);

    // A conversation with Grace: Ada's messages are hers to take, Grace's are not.
    const talk = await startConversation(ctx.app, ada, [grace], undefined);
    const said = await sendMessage(ctx.app, ada, talk._id, 'See you at the party');
    await sendMessage(ctx.app, grace, talk._id, 'Grace writes this');

    // Asked: queued, and one at a time.
    const asked = await requestExport(ctx.app, ada.token);
    expect(asked.statusCode).toBe(200);
    const queued = asked.json();
    expect(queued).toEqual({
      id: expect.any(String),
      status: 'queued',
      requestedAt: now,
      readyAt: null,
      expiresAt: null,
      bytes: null,
    });
    const again = await requestExport(ctx.app, ada.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.exportUnderWay });
    expect(await listExports(ctx.app, ada.token)).toEqual([queued]);
    // Not ready: no address.
    expect((await exportLinkRequest(ctx.app, ada.token, queued.id)).statusCode).toBe(404);

    // Built by the job: ready for 7 days, with a notification and a mail.
    expect(await build(ctx)).toEqual({ ready: 1, retried: 0, failed: 0, lost: 0, released: 0 });
    const [ready] = await listExports(ctx.app, ada.token);
    expect(ready).toEqual({
      ...queued,
      status: 'ready',
      readyAt: now,
      expiresAt: new Date(Date.parse(now) + DATA_EXPORT_TTL_MS).toISOString(),
      bytes: expect.any(Number),
    });
    const told = (await notificationsOf(ctx.app, ada.token)).find((n) => n.type === 'exportReady');
    expect(told).toMatchObject({ read: false, actor: { _id: ada.user.id } });
    const [mail] = await mailsTo(ctx.db, ada.user.email);
    expect(mail?.subject).toBe('Hearth: your information is ready to download');
    expect(mail?.text_body).toContain(`${ctx.config.appUrl}/settings`);
    // A second export may be asked for once the first is ready.
    expect((await requestExport(ctx.app, ada.token)).statusCode).toBe(200);

    // The address, downloaded over HTTP.
    const link = await exportLink(ctx.app, ada.token, queued.id);
    expect(link.url.startsWith(`${ctx.config.publicUrl}/downloads/exports/${queued.id}?`)).toBe(
      true,
    );
    // Whole seconds: the address carries its expiry in Unix seconds.
    const linkExpiry = Math.floor(Date.parse(now) / 1000) + DATA_EXPORT_LINK_TTL_SECONDS;
    expect(link.expiresAt).toBe(new Date(linkExpiry * 1000).toISOString());
    const file = path.join(downloads, 'ada.zip');
    const got = await downloadOverHttp(ctx.app, link.url, file);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/zip');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="hearth-${ada.user.username}-${now.slice(0, 10)}.zip"`,
    );
    expect(Number(got.headers.get('content-length'))).toBe(ready!.bytes);
    expect(got.headers.get('cache-control')).toBe('private, no-store');

    // The system's unzip checks every entry's CRC.
    const tested = unzipTest(file);
    expect(tested.output).toContain('No errors detected');
    expect(tested.status).toBe(0);

    const entries = await readZip(file);
    expect([...entries.keys()]).toEqual([
      ...ZIP_FILES,
      imageFile(photo) < imageFile(reply) ? imageFile(photo) : imageFile(reply),
      imageFile(photo) < imageFile(reply) ? imageFile(reply) : imageFile(photo),
      'images.json',
    ]);
    expect((entries.get('README.txt') as Buffer).toString()).toContain('posts.json');

    expect(json(entries, 'profile.json')).toEqual({
      id: ada.user.id,
      username: ada.user.username,
      email: ada.user.email,
      firstName: ada.user.first_name,
      lastName: ada.user.last_name,
      gender: 'female',
      birthday: { year: 1990, month: 1, day: 1 },
      picture: null,
      cover: null,
      details: { bio: 'Baker by day' },
      privacy: DEFAULT_PRIVACY,
      role: 'member',
      createdAt: now,
      updatedAt: now,
    });
    const ids = [postId, second];
    expect(json(entries, 'posts.json')).toEqual({
      posts: [
        {
          id: postId,
          type: null,
          text: 'Better words',
          background: null,
          audience: 'friends',
          images: [imageFile(photo)],
          createdAt: now,
          editedAt: now,
          trashedAt: null,
          removedAt: null,
          edits: [
            { text: 'First words', background: null, images: [imageFile(photo)], createdAt: now },
          ],
        },
        {
          id: second,
          type: null,
          text: 'Just text',
          background: null,
          audience: 'public',
          images: [],
          createdAt: now,
          editedAt: null,
          trashedAt: null,
          removedAt: null,
          edits: [],
        },
      ].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)),
    });
    expect(json(entries, 'comments.json')).toEqual({
      comments: [
        {
          id: commentId,
          postId: gracePost,
          text: 'Lovely',
          image: imageFile(reply),
          createdAt: now,
          removedAt: null,
        },
      ],
    });
    expect(json(entries, 'reactions.json')).toEqual({
      reactions: [{ postId: gracePost, reaction: 'love', createdAt: now }],
    });
    expect(json(entries, 'saved-posts.json')).toEqual({
      savedPosts: [{ postId: gracePost, savedAt: now }],
    });
    const byMemberId = (a: { member: { id: string } }, b: { member: { id: string } }) =>
      a.member.id < b.member.id ? -1 : 1;
    expect(json(entries, 'friends.json')).toEqual({
      friends: [{ member: refOf(grace), since: now }],
      requestsSent: [{ member: refOf(carol), sentAt: now }],
      requestsReceived: [{ member: refOf(dave), receivedAt: now }],
      following: [grace, carol].map((m) => ({ member: refOf(m), since: now })).sort(byMemberId),
      followers: [grace, dave].map((m) => ({ member: refOf(m), since: now })).sort(byMemberId),
    });
    expect(json(entries, 'blocks-and-mutes.json')).toEqual({
      blocked: [{ member: refOf(bob), since: now }],
      muted: [{ member: refOf(carol), since: now }],
    });
    expect(json(entries, 'messages.json')).toEqual({
      conversations: [
        {
          id: talk._id,
          name: null,
          isGroup: false,
          members: [refOf(ada), refOf(grace)],
          createdAt: now,
          joinedAt: now,
        },
      ],
      messages: [
        {
          id: said._id,
          conversationId: talk._id,
          text: 'See you at the party',
          image: null,
          unsent: false,
          sentAt: now,
        },
      ],
    });
    expect(json(entries, 'search-history.json')).toEqual({
      searches: [{ member: refOf(grace), searchedAt: now }],
    });
    // What the bell showed when the zip was made (the ready notice came after it).
    const people = new Map([grace, dave].map((m) => [m.user.id, refOf(m)]));
    expect(json(entries, 'notifications.json')).toEqual({
      notifications: shown.map((n: Notification) => ({
        id: n._id,
        type: n.type,
        from: people.get(n.actor._id),
        postId: n.post?._id ?? null,
        reaction: n.react,
        commentId: null,
        note: null,
        read: false,
        createdAt: now,
      })),
    });
    const uploads = await ctx.db
      .selectFrom('media')
      .selectAll()
      .where('owner_id', '=', ada.user.id)
      .orderBy('id')
      .execute();
    expect(json(entries, 'images.json')).toEqual({
      images: uploads.map((row) => ({
        id: row.id,
        file: imageFile(`http://x/${row.storage_key}`),
        folder: row.folder,
        contentType: row.content_type,
        width: row.width,
        height: row.height,
        bytes: row.bytes,
        uploadedAt: now,
      })),
    });
    // Every image byte for byte as the server stores it (the photo of a friends-only post is
    // served only at a signed address: read from the media folder).
    const disk = new LocalDiskStorage(path.join(ctx.config.dataDir, 'media'));
    for (const url of [photo, reply]) {
      const stored = await disk.get(new URL(url).pathname.slice('/media/'.length));
      expect(stored?.length).toBeGreaterThan(0);
      expect((entries.get(imageFile(url)) as Buffer).equals(stored as Buffer)).toBe(true);
    }

    // Nothing of the others' own: their e-mail addresses, a post only Grace sees.
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const other of [grace, bob, carol, dave]) {
      expect(everything).not.toContain(other.user.email);
    }
    expect(everything).not.toContain('Only Grace sees this');
  });

  it("someone else's export, an unknown one and a tampered or late address are 404", async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const ready = await readyExport(ctx, ada);

    const theirs = await exportLinkRequest(ctx.app, grace.token, ready.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    expect(await listExports(ctx.app, grace.token)).toEqual([]);
    const unknown = await exportLinkRequest(
      ctx.app,
      ada.token,
      '0190a000-0000-7000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);

    const link = await exportLink(ctx.app, ada.token, ready.id);
    const url = new URL(link.url);
    const exp = url.searchParams.get('exp') as string;
    const sig = url.searchParams.get('sig') as string;
    const tampered = [
      // Another signature, another expiry, none at all, another export's id.
      `${url.pathname}?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
      `${url.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`,
      url.pathname,
      `/downloads/exports/0190a000-0000-7000-8000-000000000000?exp=${exp}&sig=${sig}`,
    ];
    for (const address of tampered) {
      const res = await ctx.app.inject({ url: address });
      expect(res.statusCode, address).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await ctx.app.inject({ url: pathOf(link.url) })).statusCode).toBe(200);
    ctx.clock.advance(DATA_EXPORT_LINK_TTL_SECONDS * 1000 + 1000);
    expect((await ctx.app.inject({ url: pathOf(link.url) })).statusCode).toBe(404);

    // The zip's file is never served at /media, by its key or otherwise.
    const [row] = await ctx.db.selectFrom('data_exports').select('storage_key').execute();
    expect(row?.storage_key).toMatch(/^exports\/[0-9a-f]{32}\.zip$/);
    expect((await ctx.app.inject({ url: `/media/${row?.storage_key}` })).statusCode).toBe(404);
  });

  it('after 7 days it is gone: no address, no download, and the purge deletes row and file', async () => {
    const ada = await buildUser(ctx);
    const ready = await readyExport(ctx, ada);
    expect((await filesUnder(ctx)).filter((f) => f.startsWith('exports/'))).toHaveLength(1);

    ctx.clock.advance(DATA_EXPORT_TTL_MS - 60_000);
    // A week on, the member has logged in again.
    const token = await sessionFor(ctx, ada.user);
    const link = await exportLink(ctx.app, token, ready.id);
    expect((await ctx.app.inject({ url: pathOf(link.url) })).statusCode).toBe(200);
    // The address is still within its minutes, but the export's days are over.
    ctx.clock.advance(61_000);
    expect((await ctx.app.inject({ url: pathOf(link.url) })).statusCode).toBe(404);
    expect((await exportLinkRequest(ctx.app, token, ready.id)).statusCode).toBe(404);
    expect(await listExports(ctx.app, token)).toEqual([]);

    await ctx.app.purges.runOnce();
    expect((await filesUnder(ctx)).filter((f) => f.startsWith('exports/'))).toEqual([]);
    expect(await ctx.db.selectFrom('data_exports').selectAll().execute()).toEqual([]);
  });

  it('requests at once, through several processes, queue one export', async () => {
    const ada = await buildUser(ctx);
    // Each process's service, all asking in the same moment; several rounds, so the later ones
    // run on connections already open and overlap the most.
    const processes = [1, 2, 3, 4, 5].map(() => otherProcess(ctx));
    for (let round = 0; round < 4; round++) {
      await ctx.db.deleteFrom('data_exports').execute();
      const answers = await Promise.allSettled(processes.map((p) => p.request(ada.user)));
      expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === 'rejected') {
          expect(answer.reason).toMatchObject({ message: ACCOUNT_MESSAGES.exportUnderWay });
        }
      }
      expect(await listExports(ctx.app, ada.token)).toHaveLength(1);
    }
    const through = await Promise.all([1, 2, 3].map(() => requestExport(ctx.app, ada.token)));
    expect(through.map((res) => res.statusCode)).toEqual([409, 409, 409]);
  });

  it('an export whose builder died (its lease ran out) is taken up by another process', async () => {
    const ada = await buildUser(ctx);
    const asked = (await requestExport(ctx.app, ada.token)).json();
    // A process claims it, then dies: its lease stays in the row until it runs out.
    const dead = otherProcess(ctx);
    const claimed = await dead.claimNext();
    expect(claimed).toMatchObject({ id: asked.id, status: 'building', attempts: 1 });
    expect(await listExports(ctx.app, ada.token)).toMatchObject([{ status: 'building' }]);
    expect(await build(ctx)).toMatchObject({ ready: 0 });
    // Meanwhile the member still cannot ask for another.
    expect((await requestExport(ctx.app, ada.token)).statusCode).toBe(409);

    ctx.clock.advance(3 * 60_000);
    expect(await build(ctx)).toMatchObject({ ready: 1 });
    const [ready] = await listExports(ctx.app, ada.token);
    expect(ready).toMatchObject({ id: asked.id, status: 'ready' });
    const link = await exportLink(ctx.app, ada.token, asked.id);
    expect((await ctx.app.inject({ url: pathOf(link.url) })).statusCode).toBe(200);

    // Had the first process only been slow, its late zip would not replace the one taken up.
    expect(await dead.build(claimed!, new AbortController().signal)).toBe('lost');
    expect((await filesUnder(ctx)).filter((f) => f.startsWith('exports/'))).toHaveLength(1);
    expect((await ctx.app.inject({ url: pathOf(link.url) })).statusCode).toBe(200);
    expect(
      (await notificationsOf(ctx.app, ada.token)).filter((n) => n.type === 'exportReady'),
    ).toHaveLength(1);
  });

  it('a failing build is tried three times, then failed; the member may ask again', async () => {
    const ada = await buildUser(ctx);
    await requestExport(ctx.app, ada.token);
    const broken = otherProcess(ctx, fullDisk(ctx));
    const stop = new AbortController().signal;
    expect(await broken.buildDue(stop)).toMatchObject({ retried: 1 });
    expect(await listExports(ctx.app, ada.token)).toMatchObject([{ status: 'queued' }]);
    // Not before its retry time.
    expect(await broken.buildDue(stop)).toMatchObject({ retried: 0, failed: 0 });
    ctx.clock.advance(61_000);
    expect(await broken.buildDue(stop)).toMatchObject({ retried: 1 });
    ctx.clock.advance(121_000);
    expect(await broken.buildDue(stop)).toMatchObject({ failed: 1 });
    expect(await listExports(ctx.app, ada.token)).toMatchObject([
      { status: 'failed', readyAt: null, bytes: null },
    ]);
    // Nothing half-written stays behind, and nobody was told it was ready.
    expect((await filesUnder(ctx)).filter((f) => f.startsWith('exports/'))).toEqual([]);
    expect(await mailsTo(ctx.db, ada.user.email)).toEqual([]);

    const retry = await requestExport(ctx.app, ada.token);
    expect(retry.statusCode).toBe(200);
    expect(await build(ctx)).toMatchObject({ ready: 1 });
    // A failed one is listed for a week, then the purge takes it.
    ctx.clock.advance(DATA_EXPORT_TTL_MS + DAY_MS);
    await ctx.app.purges.runOnce();
    expect(await ctx.db.selectFrom('data_exports').select('status').execute()).toEqual([]);
  });

  it('a process stopping mid-build gives the export back unbuilt, for any process to take', async () => {
    const ada = await buildUser(ctx);
    await uploadedUrl(ctx.app, ada.token, `${ada.user.username}/post_images`, await jpeg());
    await requestExport(ctx.app, ada.token);
    // The process is told to stop while it reads the member's photo.
    const stopping = new AbortController();
    const disk = new LocalDiskStorage(path.join(ctx.config.dataDir, 'media'));
    const stopped = otherProcess(ctx, {
      ...fullDisk(ctx),
      putStream: (key, body, type) => disk.putStream(key, body, type),
      async getStream(key) {
        stopping.abort(new Error('the server is stopping'));
        return disk.getStream(key);
      },
    });
    expect(await stopped.buildDue(stopping.signal)).toMatchObject({ released: 1, ready: 0 });
    const [row] = await ctx.db.selectFrom('data_exports').selectAll().execute();
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lease_owner: null });
    expect((await filesUnder(ctx)).filter((f) => f.startsWith('exports/'))).toEqual([]);
    // Taken up at once by another process, not after a lease runs out.
    expect(await build(ctx)).toMatchObject({ ready: 1 });
  });

  it('an export whose builders kept dying is failed after three tries', async () => {
    const ada = await buildUser(ctx);
    await requestExport(ctx.app, ada.token);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await otherProcess(ctx).claimNext()).toMatchObject({ attempts: attempt });
      ctx.clock.advance(3 * 60_000);
    }
    expect(await build(ctx)).toMatchObject({ ready: 0 });
    expect(await listExports(ctx.app, ada.token)).toMatchObject([{ status: 'failed' }]);
  });
});

describe('download your information: limits', () => {
  const ctx = useTestApp({
    config: { limits: { exportsPerAccount: { max: 2, windowMs: DAY_MS } } },
  });

  it('a member asks for a few zips a day', async () => {
    const ada = await buildUser(ctx);
    await readyExport(ctx, ada);
    await readyExport(ctx, ada);
    const third = await requestExport(ctx.app, ada.token);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(tooManyRequestsMessage(DAY_MS));
    // Another member is not held back.
    const grace = await buildUser(ctx);
    expect((await requestExport(ctx.app, grace.token)).statusCode).toBe(200);
  });
});

describe('download your information with media in an S3 bucket', () => {
  const s3 = useTestBucket();
  const ctx = useTestApp({ config: () => ({ s3: s3.emulator.settings() }) });

  it('the zip streams into the bucket and back out, images included', async () => {
    const ada = await buildUser(ctx);
    const photo = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await jpeg(300, 200),
    );
    const ready = await readyExport(ctx, ada);
    const [row] = await ctx.db.selectFrom('data_exports').select('storage_key').execute();
    expect((await s3.bucket.head(row?.storage_key as string))?.size).toBe(ready.bytes);
    // Not at /media, even from the bucket's route.
    expect((await ctx.app.inject({ url: `/media/${row?.storage_key}` })).statusCode).toBe(404);

    const link = await exportLink(ctx.app, ada.token, ready.id);
    const file = path.join(downloads, 'ada.zip');
    expect((await downloadOverHttp(ctx.app, link.url, file)).status).toBe(200);
    expect(unzipTest(file).status).toBe(0);
    const entries = await readZip(file);
    const stored = await s3.bucket.get(new URL(photo).pathname.slice('/media/'.length));
    expect((entries.get(imageFile(photo)) as Buffer).equals(stored as Buffer)).toBe(true);

    ctx.clock.advance(DATA_EXPORT_TTL_MS);
    await ctx.app.purges.runOnce();
    expect(await s3.bucket.head(row?.storage_key as string)).toBeUndefined();
  });
});
