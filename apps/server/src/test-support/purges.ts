import path from 'node:path';
import Fastify from 'fastify';
import { ImageUrls } from '../infra/storage/image-urls.js';
import { LocalDiskStorage } from '../infra/storage/local-disk-storage.js';
import { Purges } from '../jobs/purges.js';
import { AccountDeletionService } from '../modules/account/deletion-service.js';
import { createMailQueue } from '../modules/mail/service.js';
import { MediaService } from '../modules/media/service.js';
import { NotificationsService } from '../modules/notifications/service.js';
import { CardCache } from '../modules/posts/card-cache.js';
import { FeedHeadCache } from '../modules/posts/feed-head-cache.js';
import { PostReader } from '../modules/posts/reader.js';
import { PostsService } from '../modules/posts/service.js';
import { UsersService } from '../modules/users/service.js';
import type { TestContext } from './test-app.js';

const silent = Fastify({ logger: false }).log;

/**
 * A Purges of its own over the test database and the app's media folder, as another server
 * process would have (its events go on the app's bus; its caches are off).
 */
export function purgesFor(ctx: TestContext, batchSize?: number): Purges {
  const { db, clock } = ctx;
  const storage = new LocalDiskStorage(path.join(ctx.config.dataDir, 'media'));
  const imageUrls = new ImageUrls(ctx.config.publicUrl, storage);
  const media = new MediaService({ db, storage, imageUrls, clock });
  const bus = ctx.app.bus;
  const notifications = new NotificationsService({ db, imageUrls, bus });
  const cards = new CardCache({ maxBytes: 0, ttlMs: 1000 });
  const heads = new FeedHeadCache({ maxMembers: 0, ttlMs: 1000 });
  const reader = new PostReader({ db, imageUrls, cards, heads });
  const posts = new PostsService({ db, clock, media, imageUrls, notifications, bus, reader });
  const users = new UsersService({ db, clock, posts, reader, media, imageUrls, bus });
  // The purge asks nothing of two-factor sign-in nor sends mail: only a request would.
  const accountDeletions = new AccountDeletionService({
    db,
    clock,
    bus,
    mail: createMailQueue(clock, () => {}),
    twoFactor: { isOn: async () => false, spendCode: async () => false },
    users,
    appUrl: ctx.config.appUrl,
  });
  return new Purges({ posts, users, accountDeletions, media, db, clock, log: silent, batchSize });
}
