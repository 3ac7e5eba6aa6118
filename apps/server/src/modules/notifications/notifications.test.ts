import {
  type Audience,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PREVIEW_MAX,
  type Notification,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { DomainEvent } from '../../infra/bus/events.js';
import { InProcessBus } from '../../infra/bus/in-process-bus.js';
import { ImageUrls } from '../../infra/storage/image-urls.js';
import { LocalDiskStorage } from '../../infra/storage/local-disk-storage.js';
import { type BuiltUser, buildPost, buildUser } from '../../test-support/factories.js';
import {
  markReadRequest,
  notificationsOf,
  notificationsPage,
  notificationsRequest,
  unreadCount,
  unreadCountRequest,
} from '../../test-support/notifications-api.js';
import { comment, deletePost, postNotifications, react } from '../../test-support/posts-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { befriend, friendship, mute, unmute } from '../../test-support/users-api.js';
import { NotificationsService } from './service.js';

/** The actor as a notification shows them. */
function actorOf({ user }: BuiltUser): Notification['actor'] {
  return {
    _id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    picture: publicAddress(user.picture),
  };
}

async function ok(response: Promise<{ statusCode: number; body: string }>): Promise<void> {
  const res = await response;
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
}

/** The service the WebSocket side reads through, over the test database. */
function serviceFor(ctx: TestContext): NotificationsService {
  const storage = new LocalDiskStorage(`${ctx.config.dataDir}/media`);
  const imageUrls = new ImageUrls(ctx.config.publicUrl, storage);
  return new NotificationsService({ db: ctx.db, imageUrls, bus: ctx.app.bus });
}

describe('notifications of reactions', () => {
  const ctx = useTestApp();

  it('a reaction notifies the author once; a changed one is the same notification, unread again and moved up; a withdrawn one goes', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author, { text: 'Sunset at the lake' });

    await ok(react(ctx.app, fan.token, post.id, 'like'));
    const [liked, ...others] = await notificationsOf(ctx.app, author.token);
    expect(others).toEqual([]);
    expect(liked).toEqual({
      _id: expect.any(String),
      type: 'react',
      actor: actorOf(fan),
      post: { _id: post.id, text: 'Sunset at the lake' },
      react: 'like',
      comment: null,
      note: null,
      read: false,
      createdAt: ctx.clock.now().toISOString(),
    });
    expect(await unreadCount(ctx.app, author.token)).toBe(1);
    // The fan is told nothing about their own reaction.
    expect(await notificationsOf(ctx.app, fan.token)).toEqual([]);

    expect((await markReadRequest(ctx.app, author.token, {})).json()).toEqual({ count: 0 });
    const readBefore = await buildPost(ctx, author);
    ctx.clock.advanceMinutes(5);
    const other = await buildUser(ctx);
    await ok(react(ctx.app, other.token, readBefore.id, 'wow'));
    ctx.clock.advanceMinutes(5);
    await ok(react(ctx.app, fan.token, post.id, 'love'));
    const afterChange = await notificationsOf(ctx.app, author.token);
    expect(afterChange).toHaveLength(2);
    expect(afterChange[0]).toEqual({
      ...liked,
      react: 'love',
      read: false,
      createdAt: ctx.clock.now().toISOString(),
    });
    expect(afterChange[1]).toMatchObject({ actor: actorOf(other), react: 'wow' });
    expect(await unreadCount(ctx.app, author.token)).toBe(2);

    // 'love' again withdraws it.
    await ok(react(ctx.app, fan.token, post.id, 'love'));
    const afterWithdraw = await notificationsOf(ctx.app, author.token);
    expect(afterWithdraw.map((n) => n.actor._id)).toEqual([other.user.id]);
    expect(await unreadCount(ctx.app, author.token)).toBe(1);
  });

  it('reacting to one’s own post or commenting on it notifies nobody', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    await ok(react(ctx.app, author.token, post.id, 'haha'));
    await ok(comment(ctx.app, author.token, { postId: post.id, comment: 'Me again' }));
    expect(await notificationsOf(ctx.app, author.token)).toEqual([]);
    expect(await unreadCount(ctx.app, author.token)).toBe(0);
  });

  it('members reacting at once each give one notification, and one member’s burst leaves at most one', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const fans = await Promise.all(Array.from({ length: 6 }, () => buildUser(ctx)));
    await Promise.all(fans.map((fan) => ok(react(ctx.app, fan.token, post.id, 'like'))));
    const burst = await buildUser(ctx);
    await Promise.all(
      (['like', 'love', 'wow', 'love', 'sad'] as const).map((r) =>
        ok(react(ctx.app, burst.token, post.id, r)),
      ),
    );
    const reactionOfBurst = await ctx.db
      .selectFrom('reactions')
      .select('react')
      .where('user_id', '=', burst.user.id)
      .executeTakeFirst();
    const list = await notificationsOf(ctx.app, author.token);
    expect(list.filter((n) => n.actor._id !== burst.user.id)).toHaveLength(6);
    const burstOnes = list.filter((n) => n.actor._id === burst.user.id);
    expect(burstOnes.map((n) => n.react)).toEqual(reactionOfBurst ? [reactionOfBurst.react] : []);
  });
});

describe('notifications of comments', () => {
  const ctx = useTestApp();

  it('a comment notifies the author with the post’s and the comment’s text, each cut to the preview length', async () => {
    const author = await buildUser(ctx);
    const friend = await buildUser(ctx);
    // An emoji straddling the cut is dropped whole, never halved.
    const postText = `${'p'.repeat(NOTIFICATION_PREVIEW_MAX - 1)}😀 and more`;
    const post = await buildPost(ctx, author, { text: postText });
    const long = `${'c'.repeat(NOTIFICATION_PREVIEW_MAX)}, and on and on`;

    await ok(comment(ctx.app, friend.token, { postId: post.id, comment: 'Lovely!' }));
    await ok(comment(ctx.app, friend.token, { postId: post.id, comment: long }));
    const list = await notificationsOf(ctx.app, author.token);
    expect(list).toHaveLength(2);
    for (const n of list) {
      expect(n).toMatchObject({
        type: 'comment',
        actor: actorOf(friend),
        post: { _id: post.id, text: 'p'.repeat(NOTIFICATION_PREVIEW_MAX - 1) },
        react: null,
        read: false,
      });
    }
    expect(new Set(list.map((n) => n.comment))).toEqual(
      new Set(['Lovely!', 'c'.repeat(NOTIFICATION_PREVIEW_MAX)]),
    );
    expect(await unreadCount(ctx.app, author.token)).toBe(2);
  });

  it('an empty comment stores nothing and notifies nobody', async () => {
    const author = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    await ok(comment(ctx.app, friend.token, { postId: post.id, comment: '  ', image: '' }));
    expect(await notificationsOf(ctx.app, author.token)).toEqual([]);
  });

  it('a post moved to trash hides its notifications and they leave the unread count; others stay', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const kept = await buildPost(ctx, author);
    await ok(react(ctx.app, fan.token, post.id, 'like'));
    await ok(comment(ctx.app, fan.token, { postId: post.id, comment: 'Nice' }));
    await ok(react(ctx.app, fan.token, kept.id, 'wow'));
    await ok(friendship(ctx.app, fan.token, 'addFriend', author.user.id));
    expect(await unreadCount(ctx.app, author.token)).toBe(4);
    const hidden = (await notificationsOf(ctx.app, author.token)).filter(
      (n) => n.post?._id === post.id,
    );
    expect(hidden).toHaveLength(2);

    await ok(deletePost(ctx.app, author.token, post.id));
    const list = await notificationsOf(ctx.app, author.token);
    expect(list.map((n) => n.type).sort()).toEqual(['friendRequest', 'react']);
    expect(list.find((n) => n.type === 'react')?.post?._id).toBe(kept.id);
    expect(await unreadCount(ctx.app, author.token)).toBe(2);
    // The socket's read of one notification agrees.
    const service = serviceFor(ctx);
    expect(await service.one(author.user.id, hidden[0]!._id)).toBeNull();
    expect(await service.unreadCount(author.user.id)).toBe(2);
  });

  it('the post’s purge takes its notifications with it, the commenter’s and the reactor’s', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    await ok(react(ctx.app, fan.token, post.id, 'like'));
    await ok(comment(ctx.app, fan.token, { postId: post.id, comment: 'Nice' }));
    await ok(deletePost(ctx.app, author.token, post.id));
    ctx.clock.advanceHours(24 * 365);
    const report = await ctx.app.purges.runOnce();
    expect(report.posts).toBe(1);
    const left = await ctx.db.selectFrom('notifications').select('id').execute();
    expect(left).toEqual([]);
  });
});

describe('notifications of friend requests', () => {
  const ctx = useTestApp();

  it('a request notifies the member asked; cancelling it removes the notification', async () => {
    const asker = await buildUser(ctx);
    const asked = await buildUser(ctx);
    await ok(friendship(ctx.app, asker.token, 'addFriend', asked.user.id));
    expect(await notificationsOf(ctx.app, asked.token)).toEqual([
      {
        _id: expect.any(String),
        type: 'friendRequest',
        actor: actorOf(asker),
        post: null,
        react: null,
        comment: null,
        note: null,
        read: false,
        createdAt: ctx.clock.now().toISOString(),
      },
    ]);
    expect(await notificationsOf(ctx.app, asker.token)).toEqual([]);

    await ok(friendship(ctx.app, asker.token, 'cancelFriendRequest', asked.user.id));
    expect(await notificationsOf(ctx.app, asked.token)).toEqual([]);
    expect(await unreadCount(ctx.app, asked.token)).toBe(0);
  });

  it('declining a request removes its notification; asking again notifies again', async () => {
    const asker = await buildUser(ctx);
    const asked = await buildUser(ctx);
    await ok(friendship(ctx.app, asker.token, 'addFriend', asked.user.id));
    await ok(friendship(ctx.app, asked.token, 'deleteRequest', asker.user.id));
    expect(await notificationsOf(ctx.app, asked.token)).toEqual([]);

    await ok(friendship(ctx.app, asker.token, 'addFriend', asked.user.id));
    expect(await notificationsOf(ctx.app, asked.token)).toMatchObject([
      { type: 'friendRequest', actor: actorOf(asker), read: false },
    ]);
  });

  it('accepting notifies the one who asked; the accepter keeps the request’s notification', async () => {
    const asker = await buildUser(ctx);
    const asked = await buildUser(ctx);
    await befriend(ctx.app, asker, asked);
    expect(await notificationsOf(ctx.app, asker.token)).toEqual([
      {
        _id: expect.any(String),
        type: 'friendAccepted',
        actor: actorOf(asked),
        post: null,
        react: null,
        comment: null,
        note: null,
        read: false,
        createdAt: ctx.clock.now().toISOString(),
      },
    ]);
    expect(await notificationsOf(ctx.app, asked.token)).toMatchObject([
      { type: 'friendRequest', actor: actorOf(asker) },
    ]);
  });

  it('asking a member who had already asked accepts their request, and they are told so', async () => {
    const first = await buildUser(ctx);
    const second = await buildUser(ctx);
    await ok(friendship(ctx.app, first.token, 'addFriend', second.user.id));
    await ok(friendship(ctx.app, second.token, 'addFriend', first.user.id));
    expect(await notificationsOf(ctx.app, first.token)).toMatchObject([
      { type: 'friendAccepted', actor: actorOf(second) },
    ]);
  });

  it('a purged account takes the notifications it caused and received with it', async () => {
    const asker = await buildUser(ctx, { verified: 0 });
    const asked = await buildUser(ctx);
    await ok(friendship(ctx.app, asker.token, 'addFriend', asked.user.id));
    await ok(friendship(ctx.app, asked.token, 'addFriend', asker.user.id));
    expect(await unreadCount(ctx.app, asked.token)).toBe(1);
    ctx.clock.advanceHours(24 * 365);
    const report = await ctx.app.purges.runOnce();
    expect(report.accounts).toBe(1);
    // A year on, the sessions have expired: the socket's count reads the database.
    expect(await serviceFor(ctx).unreadCount(asked.user.id)).toBe(0);
    expect(await ctx.db.selectFrom('notifications').select('id').execute()).toEqual([]);
  });
});

describe('the notifications list, the count and marking read', () => {
  const ctx = useTestApp();

  /** `count` members react to `author`'s post, one per step of the clock, some at once. */
  async function reactions(author: BuiltUser, count: number): Promise<BuiltUser[]> {
    const post = await buildPost(ctx, author);
    const fans: BuiltUser[] = [];
    for (let i = 0; i < count; i++) {
      const fan = await buildUser(ctx);
      // Every third one at the same moment as the one before: the id orders them.
      if (i % 3 !== 0) ctx.clock.advance(1000);
      await ok(react(ctx.app, fan.token, post.id, 'like'));
      fans.push(fan);
    }
    return fans;
  }

  it('pages newest first through X-Next-Cursor, no notification twice, none missing', async () => {
    const author = await buildUser(ctx);
    const fans = await reactions(author, 8);
    const seen: Notification[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await notificationsPage(
        ctx.app,
        author.token,
        `limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.notifications);
      sizes.push(page.notifications.length);
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 2]);
    expect(new Set(seen.map((n) => n._id)).size).toBe(8);
    expect(seen.map((n) => n.actor._id)).toEqual(fans.map((f) => f.user.id).reverse());
    const times = seen.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('a limit of exactly the number of notifications gives no next cursor; the default page is 20', async () => {
    const author = await buildUser(ctx);
    await reactions(author, 21);
    const all = await notificationsPage(ctx.app, author.token, 'limit=21');
    expect(all.notifications).toHaveLength(21);
    expect(all.nextCursor).toBeUndefined();
    const first = await notificationsPage(ctx.app, author.token);
    expect(first.notifications).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('marking some read by id counts down; others’ ids and unknown ids change nothing; without ids all are read', async () => {
    const author = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await reactions(author, 3);
    await reactions(stranger, 1);
    const [newest, second] = await notificationsOf(ctx.app, author.token);
    const [strangers] = await notificationsOf(ctx.app, stranger.token);

    const some = await markReadRequest(ctx.app, author.token, {
      ids: [newest!._id, strangers!._id, '0196f0c2-0000-7000-8000-000000000000'],
    });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ count: 2 });
    expect(await unreadCount(ctx.app, stranger.token)).toBe(1);
    const list = await notificationsOf(ctx.app, author.token);
    expect(list.map((n) => n.read)).toEqual([true, false, false]);

    expect((await markReadRequest(ctx.app, author.token, { ids: [] })).json()).toEqual({
      count: 2,
    });
    expect((await markReadRequest(ctx.app, author.token, { ids: [second!._id] })).json()).toEqual({
      count: 1,
    });
    const all = await markReadRequest(ctx.app, author.token);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 0 });
    expect((await notificationsOf(ctx.app, author.token)).every((n) => n.read)).toBe(true);
    expect(await unreadCount(ctx.app, stranger.token)).toBe(1);
  });

  it('one() reads a notification as the list shows it, only for its own member', async () => {
    const author = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await reactions(author, 1);
    const [shown] = await notificationsOf(ctx.app, author.token);
    const service = serviceFor(ctx);
    expect(await service.one(author.user.id, shown!._id)).toEqual(shown);
    expect(await service.one(stranger.user.id, shown!._id)).toBeNull();
    expect(await service.one(author.user.id, 'missing')).toBeNull();
    expect(await service.unreadCount(author.user.id)).toBe(1);
  });

  it('without a session each call is 401', async () => {
    for (const res of [
      await notificationsRequest(ctx.app, undefined),
      await unreadCountRequest(ctx.app, undefined),
      await markReadRequest(ctx.app, undefined, {}),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
    }
  });

  it.each(['limit=0', 'limit=51', 'limit=abc', 'limit=2.5', `cursor=${'x'.repeat(201)}`])(
    'the list with %s is 400 with a sentence',
    async (query) => {
      const { token } = await buildUser(ctx);
      const res = await notificationsRequest(ctx.app, token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    },
  );

  it.each(['nocursor', '_0196f0c2', '2026-01-01T00:00:00.000Z_'])(
    'a cursor the list never gave (%s) is 400 saying to start again',
    async (cursor) => {
      const { token } = await buildUser(ctx);
      const res = await notificationsRequest(ctx.app, token, `cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NOTIFICATION_MESSAGES.badCursor });
    },
  );

  it.each([
    [{ ids: 'all' }],
    [{ ids: [''] }],
    [{ ids: [42] }],
    [{ ids: ['x'.repeat(65)] }],
    [{ ids: Array.from({ length: 101 }, (_, i) => `id${i}`) }],
  ])('marking read with %j is 400 with a sentence', async (body) => {
    const { token } = await buildUser(ctx);
    const res = await markReadRequest(ctx.app, token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('notification events on the bus', () => {
  const ctx = useTestApp();

  /** The events the app's bus delivers to a listener, in order. */
  function listen(): DomainEvent[] {
    const received: DomainEvent[] = [];
    ctx.app.bus.subscribe((event) => {
      if (event.type.startsWith('notification')) received.push(event);
    });
    return received;
  }

  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('a reaction publishes notification.created, a change publishes it again for the same notification, a withdrawal notification.removed', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const received = listen();

    await ok(react(ctx.app, fan.token, post.id, 'like'));
    await ok(react(ctx.app, fan.token, post.id, 'sad'));
    const [{ _id: id }] = (await notificationsOf(ctx.app, author.token)) as [Notification];
    await ok(react(ctx.app, fan.token, post.id, 'sad'));
    await settled();

    const created = { type: 'notification.created', userId: author.user.id, notificationId: id };
    expect(received).toEqual([created, created, { ...created, type: 'notification.removed' }]);
  });

  it('a comment, a friend request, its cancel and marking read each publish their event; marking nothing publishes nothing', async () => {
    const author = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const received = listen();

    await ok(comment(ctx.app, friend.token, { postId: post.id, comment: 'Hi' }));
    await ok(friendship(ctx.app, friend.token, 'addFriend', author.user.id));
    const [request, commented] = await notificationsOf(ctx.app, author.token);
    await ok(friendship(ctx.app, friend.token, 'cancelFriendRequest', author.user.id));
    await ok(markReadRequest(ctx.app, author.token, {}));
    await ok(markReadRequest(ctx.app, author.token, {}));
    await settled();

    const userId = author.user.id;
    expect(received).toEqual([
      { type: 'notification.created', userId, notificationId: commented?._id },
      { type: 'notification.created', userId, notificationId: request?._id },
      { type: 'notification.removed', userId, notificationId: request?._id },
      { type: 'notifications.read', userId },
    ]);
  });

  it('each event is published after its commit: a reader on another connection already sees the change', async () => {
    const service = serviceFor(ctx);
    // Reads before letting publish return. Called inside the transaction, it would see nothing
    // on PostgreSQL, and wait forever on SQLite's one connection.
    const seen: unknown[] = [];
    const bus = new InProcessBus();
    const publish = bus.publish.bind(bus);
    bus.publish = async (event) => {
      if (event.type === 'notification.created' || event.type === 'notification.removed') {
        seen.push([event.type, await service.one(event.userId, event.notificationId)]);
      } else if (event.type === 'notifications.read') {
        seen.push([event.type, await service.unreadCount(event.userId)]);
      }
      await publish(event);
    };
    const app = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, bus });
    try {
      const author = await buildUser(ctx);
      const fan = await buildUser(ctx);
      const post = await buildPost(ctx, author);
      await ok(react(app, fan.token, post.id, 'like'));
      await ok(comment(app, fan.token, { postId: post.id, comment: 'So good' }));
      await ok(friendship(app, fan.token, 'addFriend', author.user.id));
      await ok(friendship(app, author.token, 'deleteRequest', fan.user.id));
      await ok(react(app, fan.token, post.id, 'like'));
      await ok(markReadRequest(app, author.token, {}));
      expect(seen).toEqual([
        ['notification.created', expect.objectContaining({ type: 'react', react: 'like' })],
        ['notification.created', expect.objectContaining({ type: 'comment', comment: 'So good' })],
        ['notification.created', expect.objectContaining({ type: 'friendRequest' })],
        ['notification.removed', null],
        ['notification.removed', null],
        ['notifications.read', 0],
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('a post’s notifications switch and the notifications it lets through', () => {
  const ctx = useTestApp();

  async function turn(who: BuiltUser, postId: string, on: boolean): Promise<void> {
    await ok(postNotifications(ctx.app, who.token, postId, { on }));
  }

  async function editAudience(who: BuiltUser, postId: string, audience: Audience): Promise<void> {
    await ok(
      callEndpoint(ctx.app, ROUTES.editAudience, {
        params: { postId },
        body: { audience },
        token: who.token,
      }),
    );
  }

  function block(who: BuiltUser, target: BuiltUser) {
    return ok(
      callEndpoint(ctx.app, ROUTES.block, { params: { id: target.user.id }, token: who.token }),
    );
  }

  it('the author who turned a post’s notifications off hears of no reaction or comment on it; turned on again, they do', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author, { text: 'Gone viral' });
    const other = await buildPost(ctx, author, { text: 'Quiet one' });
    await turn(author, post.id, false);

    await ok(react(ctx.app, fan.token, post.id, 'like'));
    await ok(react(ctx.app, fan.token, post.id, 'love'));
    await ok(comment(ctx.app, fan.token, { postId: post.id, comment: 'Wow' }));
    // Only that post is quiet.
    await ok(react(ctx.app, fan.token, other.id, 'wow'));
    expect(await notificationsOf(ctx.app, author.token)).toMatchObject([
      { type: 'react', actor: actorOf(fan), post: { _id: other.id } },
    ]);
    expect(await unreadCount(ctx.app, author.token)).toBe(1);

    await turn(author, post.id, true);
    await ok(react(ctx.app, fan.token, post.id, 'haha'));
    await ok(comment(ctx.app, fan.token, { postId: post.id, comment: 'Again' }));
    const list = await notificationsOf(ctx.app, author.token);
    expect(list.filter((n) => n.post?._id === post.id)).toMatchObject([
      { type: 'comment', comment: 'Again' },
      { type: 'react', react: 'haha' },
    ]);
    expect(await unreadCount(ctx.app, author.token)).toBe(3);
  });

  it('a member who turned a post on hears of each new comment but their own; the author gets the usual one; others nothing', async () => {
    const author = await buildUser(ctx);
    const follower = await buildUser(ctx);
    const commenter = await buildUser(ctx);
    const bystander = await buildUser(ctx);
    const post = await buildPost(ctx, author, { text: 'Who comes to the lake?' });
    await turn(follower, post.id, true);

    await ok(comment(ctx.app, commenter.token, { postId: post.id, comment: 'Me!' }));
    expect(await notificationsOf(ctx.app, follower.token)).toEqual([
      {
        _id: expect.any(String),
        type: 'followedPostComment',
        actor: actorOf(commenter),
        post: { _id: post.id, text: 'Who comes to the lake?' },
        react: null,
        comment: 'Me!',
        note: null,
        read: false,
        createdAt: ctx.clock.now().toISOString(),
      },
    ]);
    expect(await unreadCount(ctx.app, follower.token)).toBe(1);
    expect(await notificationsOf(ctx.app, author.token)).toMatchObject([
      { type: 'comment', actor: actorOf(commenter), comment: 'Me!' },
    ]);
    expect(await notificationsOf(ctx.app, commenter.token)).toEqual([]);
    expect(await notificationsOf(ctx.app, bystander.token)).toEqual([]);

    // Their own comment tells them nothing; the author's comment on it does.
    await ok(comment(ctx.app, follower.token, { postId: post.id, comment: 'Me too' }));
    await ok(comment(ctx.app, author.token, { postId: post.id, comment: 'Bring snacks' }));
    expect((await notificationsOf(ctx.app, follower.token)).map((n) => n.comment)).toEqual([
      'Bring snacks',
      'Me!',
    ]);
    // A reaction is not a comment: subscribers hear only of comments.
    await ok(react(ctx.app, commenter.token, post.id, 'like'));
    expect(await notificationsOf(ctx.app, follower.token)).toHaveLength(2);

    await turn(follower, post.id, false);
    await ok(comment(ctx.app, commenter.token, { postId: post.id, comment: 'Late' }));
    expect(await notificationsOf(ctx.app, follower.token)).toHaveLength(2);
  });

  it('each subscriber’s notification is published after the commit', async () => {
    const author = await buildUser(ctx);
    const first = await buildUser(ctx);
    const second = await buildUser(ctx);
    const commenter = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    await turn(first, post.id, true);
    await turn(second, post.id, true);
    const received: DomainEvent[] = [];
    ctx.app.bus.subscribe((event) => {
      if (event.type === 'notification.created') received.push(event);
    });
    await ok(comment(ctx.app, commenter.token, { postId: post.id, comment: 'Hi all' }));
    await new Promise((resolve) => setImmediate(resolve));
    const service = serviceFor(ctx);
    const expected = [];
    for (const member of [author, first, second]) {
      const [shown] = await notificationsOf(ctx.app, member.token);
      expected.push({
        type: 'notification.created',
        userId: member.user.id,
        notificationId: shown?._id,
      });
      expect(await service.one(member.user.id, shown!._id)).toEqual(shown);
    }
    expect(received).toEqual(expect.arrayContaining(expected));
    expect(received).toHaveLength(3);
  });

  it('a subscriber who may no longer see the post hears nothing of it: only me, the end of a friendship, a block', async () => {
    const author = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const commenter = await buildUser(ctx);
    await befriend(ctx.app, author, friend);
    await befriend(ctx.app, author, commenter);
    const post = await buildPost(ctx, author, { audience: 'friends' });
    await turn(friend, post.id, true);
    // What the friend is shown of the post's comments (befriending notified them too).
    const shown = async () =>
      (await notificationsOf(ctx.app, friend.token))
        .filter((n) => n.type === 'followedPostComment')
        .map((n) => n.comment);
    await ok(comment(ctx.app, commenter.token, { postId: post.id, comment: 'One' }));
    expect(await shown()).toEqual(['One']);

    await editAudience(author, post.id, 'only_me');
    await ok(comment(ctx.app, author.token, { postId: post.id, comment: 'Two' }));
    // The earlier one is hidden as well: its post is out of the member's sight.
    expect(await shown()).toEqual([]);

    await editAudience(author, post.id, 'friends');
    await ok(friendship(ctx.app, author.token, 'unfriend', friend.user.id));
    await ok(comment(ctx.app, commenter.token, { postId: post.id, comment: 'Three' }));
    expect(await shown()).toEqual([]);

    await befriend(ctx.app, author, friend);
    await ok(comment(ctx.app, commenter.token, { postId: post.id, comment: 'Four' }));
    expect(await shown()).toEqual(['Four', 'One']);

    await block(author, friend);
    await ok(comment(ctx.app, commenter.token, { postId: post.id, comment: 'Five' }));
    const rows = await ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', friend.user.id)
      .where('type', '=', 'followedPostComment')
      .execute();
    // None written for 'Two', 'Three' or 'Five'.
    expect(rows).toHaveLength(2);
  });

  it('a subscriber hears nothing of a commenter blocked either way, and the author’s subscribers of a public post still do', async () => {
    const author = await buildUser(ctx);
    const subscriber = await buildUser(ctx);
    const blocked = await buildUser(ctx);
    const blocker = await buildUser(ctx);
    const post = await buildPost(ctx, author, { audience: 'public' });
    await turn(subscriber, post.id, true);
    await block(subscriber, blocked);
    await block(blocker, subscriber);
    await ok(comment(ctx.app, blocked.token, { postId: post.id, comment: 'From blocked' }));
    await ok(comment(ctx.app, blocker.token, { postId: post.id, comment: 'From blocker' }));
    await ok(comment(ctx.app, author.token, { postId: post.id, comment: 'From the author' }));
    expect((await notificationsOf(ctx.app, subscriber.token)).map((n) => n.comment)).toEqual([
      'From the author',
    ]);
    const written = await ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', subscriber.user.id)
      .execute();
    expect(written).toHaveLength(1);
  });
});

describe('a muted member notifies no one who muted them', () => {
  const ctx = useTestApp();

  async function muted(who: BuiltUser, target: BuiltUser): Promise<void> {
    await ok(mute(ctx.app, who.token, target.user.id));
  }

  it('their reactions and comments on the muter’s posts notify nothing; unmuted, they do again', async () => {
    const muter = await buildUser(ctx);
    const noisy = await buildUser(ctx);
    const other = await buildUser(ctx);
    const post = await buildPost(ctx, muter);
    await muted(muter, noisy);

    await ok(react(ctx.app, noisy.token, post.id, 'like'));
    await ok(react(ctx.app, noisy.token, post.id, 'angry'));
    await ok(comment(ctx.app, noisy.token, { postId: post.id, comment: 'Hey' }));
    await ok(react(ctx.app, other.token, post.id, 'love'));
    expect(await notificationsOf(ctx.app, muter.token)).toMatchObject([
      { type: 'react', actor: actorOf(other) },
    ]);

    await ok(unmute(ctx.app, muter.token, noisy.user.id));
    await ok(comment(ctx.app, noisy.token, { postId: post.id, comment: 'Back' }));
    expect(await notificationsOf(ctx.app, muter.token)).toMatchObject([
      { type: 'comment', actor: actorOf(noisy), comment: 'Back' },
      { type: 'react', actor: actorOf(other) },
    ]);
  });

  it('their comments on a post the muter turned on notify nothing; others’ comments do', async () => {
    const author = await buildUser(ctx);
    const muter = await buildUser(ctx);
    const noisy = await buildUser(ctx);
    const other = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    await ok(postNotifications(ctx.app, muter.token, post.id, { on: true }));
    await muted(muter, noisy);
    await ok(comment(ctx.app, noisy.token, { postId: post.id, comment: 'Noise' }));
    await ok(comment(ctx.app, other.token, { postId: post.id, comment: 'Signal' }));
    expect(await notificationsOf(ctx.app, muter.token)).toMatchObject([
      { type: 'followedPostComment', actor: actorOf(other), comment: 'Signal' },
    ]);
    // The author did not mute anyone: both comments reach them.
    expect(await notificationsOf(ctx.app, author.token)).toHaveLength(2);
  });

  it('their friend request and their acceptance notify nothing, though the friendship happens', async () => {
    const muter = await buildUser(ctx);
    const noisy = await buildUser(ctx);
    await muted(muter, noisy);
    await ok(friendship(ctx.app, noisy.token, 'addFriend', muter.user.id));
    expect(await notificationsOf(ctx.app, muter.token)).toEqual([]);
    await ok(friendship(ctx.app, noisy.token, 'cancelFriendRequest', muter.user.id));

    await ok(friendship(ctx.app, muter.token, 'addFriend', noisy.user.id));
    await ok(friendship(ctx.app, noisy.token, 'acceptRequest', muter.user.id));
    expect(await notificationsOf(ctx.app, muter.token)).toEqual([]);
    expect(await unreadCount(ctx.app, muter.token)).toBe(0);
    // The muted member is not told: their own notification of the request is there.
    expect(await notificationsOf(ctx.app, noisy.token)).toMatchObject([
      { type: 'friendRequest', actor: actorOf(muter) },
    ]);
  });
});
