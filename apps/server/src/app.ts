import path from 'node:path';
import websocket from '@fastify/websocket';
import { API_PREFIX, SERVER_MESSAGES } from '@hearth/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { registerBuiltinImages } from './http/builtin-images.js';
import { registerCompression } from './http/compression.js';
import { addressMatcher, ConnectionCap, capConnections } from './http/connection-limits.js';
import { registerApiCors } from './http/cors.js';
import { registerApiDocs } from './http/docs.js';
import { registerErrorHandling } from './http/error-handler.js';
import { memberHomeSource } from './http/member-home.js';
import { createMetrics, registerMetrics } from './http/metrics.js';
import { registerReadiness } from './http/readiness.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerUnstorableTextGuard } from './http/unstorable-text.js';
import { validatorCompiler } from './http/validation.js';
import { inlineScriptHashes, registerNotFound, registerWebApp } from './http/web-app.js';
import type { EventBus } from './infra/bus/bus.js';
import { InProcessBus } from './infra/bus/in-process-bus.js';
import { RedisBus } from './infra/bus/redis-bus.js';
import { type Clock, systemClock } from './infra/clock.js';
import { Leases } from './infra/leases.js';
import { limitHook, registerRateLimitStore } from './infra/limits/rate-limits.js';
import { devTransport, type MailTransport, smtpTransport } from './infra/mail/mail-transport.js';
import { ImageUrls } from './infra/storage/image-urls.js';
import { LocalDiskStorage, registerLocalMediaRoute } from './infra/storage/local-disk-storage.js';
import { MediaSignatures } from './infra/storage/media-signatures.js';
import { registerS3MediaRoute } from './infra/storage/s3-media-route.js';
import { S3Storage } from './infra/storage/s3-storage.js';
import type { Storage } from './infra/storage/storage.js';
import { DataExportsJob } from './jobs/data-exports.js';
import { ImageVariantsJob } from './jobs/image-variants.js';
import { MailDelivery } from './jobs/mail-delivery.js';
import { Purges } from './jobs/purges.js';
import { SignupGuard } from './jobs/signup-guard.js';
import { BlocksService } from './modules/access/blocks-service.js';
import { MutesService } from './modules/access/mutes-service.js';
import { AccountDeletionService } from './modules/account/deletion-service.js';
import { EmailChangeService } from './modules/account/email-change-service.js';
import { registerExportDownloadRoute } from './modules/account/export-download-route.js';
import { DataExportService } from './modules/account/export-service.js';
import { identifyMember } from './modules/auth/hooks.js';
import { KnownDevices } from './modules/auth/known-devices.js';
import { LoginTickets } from './modules/auth/login-tickets.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { SessionList } from './modules/auth/session-list.js';
import { SessionTokens } from './modules/auth/session-tokens.js';
import { TwoFactorCrypto } from './modules/auth/two-factor-crypto.js';
import { TwoFactorService } from './modules/auth/two-factor-service.js';
import { DeletionService } from './modules/community/deletion-service.js';
import { ModerationService } from './modules/community/moderation-service.js';
import { communityRoutes } from './modules/community/routes.js';
import { CommunityService } from './modules/community/service.js';
import { SuspensionService } from './modules/community/suspension-service.js';
import { liveRoutes } from './modules/live/routes.js';
import { LiveService } from './modules/live/service.js';
import { devMailboxRoutes } from './modules/mail/routes.js';
import { createMailQueue, mailBacklog } from './modules/mail/service.js';
import { uploadTempDirIn } from './modules/media/held-files.js';
import { mediaAccess } from './modules/media/repo.js';
import { mediaRoutes } from './modules/media/routes.js';
import { MediaService } from './modules/media/service.js';
import { messagesRoutes } from './modules/messages/routes.js';
import { MessagesService } from './modules/messages/service.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { NotificationsService } from './modules/notifications/service.js';
import { CardCache, publishingThrough } from './modules/posts/card-cache.js';
import { FeedHeadCache } from './modules/posts/feed-head-cache.js';
import { PostNotificationsService } from './modules/posts/post-notifications.js';
import { PostReader } from './modules/posts/reader.js';
import { postsRoutes } from './modules/posts/routes.js';
import { PostsService } from './modules/posts/service.js';
import { searchRoutes } from './modules/search/routes.js';
import { SearchService } from './modules/search/service.js';
import { FriendshipsService } from './modules/users/friendships-service.js';
import { usersRoutes } from './modules/users/routes.js';
import { UsersService } from './modules/users/service.js';

export interface AppDeps {
  config: AppConfig;
  /** Opened and migrated by the caller, who also closes it after the app. */
  db: Db;
  clock?: Clock;
  /** Overrides the transport chosen from config.smtpUrl. */
  mailTransport?: MailTransport;
  /** Overrides the storage chosen from config.s3 (the local folder `{dataDir}/media` without). */
  storage?: Storage;
  /** Overrides the bus chosen from config.redisUrl (in-process without it). */
  bus?: EventBus;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox sender; main.ts starts its polling, closing the app stops it. */
    mailDelivery: MailDelivery;
    /**
     * Trash and unverified-account purges; main.ts starts them, closing the app stops them. Like
     * imageVariants, a run takes its lease in job_leases: once per period across processes.
     */
    purges: Purges;
    /** Variants for uploads from before them; main.ts starts it, closing the app stops it. */
    imageVariants: ImageVariantsJob;
    /**
     * Builds 'Download your information' zips; main.ts starts it, closing the app stops it. Each
     * export is leased in its row: one process builds it, another takes it up if that one dies.
     */
    dataExports: DataExportsJob;
    /** Domain events across processes (infra/bus); closing the app closes it. */
    bus: EventBus;
    /** The live-updates sockets of this process (modules/live). */
    live: LiveService;
    /**
     * Builds the newest posts' cards into the card cache (CARD_CACHE_WARM_POSTS); main.ts starts
     * it once listening. Answers how many it built.
     */
    warmCardCache: () => Promise<number>;
    /** The post-card cache of this process (hits, misses, size), for /metrics and tests. */
    cardCache: CardCache;
    /** The members' first feed pages this process keeps (hits, misses), for /metrics and tests. */
    feedHeads: FeedHeadCache;
  }
}

export type App = FastifyInstance;

/** Longest path parameter routed, as sent (percent-encoded); the contract checks the rest. */
const PATH_PARAM_MAX_LENGTH = 2048;

/** The whole HTTP application, wired from its dependencies; nothing listens until the caller says. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const { headersTimeoutMs, idleTimeoutMs } = config.connections;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    // No total request time: a phone sending 100 MB over a slow link must finish. Headers must
    // arrive in time, and a connection silent for idleTimeoutMs closes (in a body or between).
    requestTimeout: 0,
    connectionTimeout: idleTimeoutMs,
    keepAliveTimeout: idleTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: 0,
      // How often Node looks for late headers (30 s unless told).
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(headersTimeoutMs / 4))),
    },
    // A search term travels in the path: 100 characters may take 9 bytes each once encoded.
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  if (config.connections.maxPerAddress > 0) {
    const { maxPerAddress, uncappedAddresses } = config.connections;
    capConnections(app.server, new ConnectionCap(maxPerAddress, uncappedAddresses));
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerUnstorableTextGuard(app);
  acceptEmptyJsonBodies(app);
  // The live service is built below; the gauge reads it at scrape time.
  let liveSockets = (): number => 0;
  // The post cards every viewer shares, dropped by the events of every process.
  const cardCache = new CardCache(config.cardCache, clock);
  // Each member's first feed page as ids, dropped by the same events.
  const feedHeads = new FeedHeadCache(config.feedCache);
  const metrics = createMetrics({
    mailBacklog: () => mailBacklog(db),
    openSockets: () => liveSockets(),
    cardCache: () => cardCache.stats(),
    feedHeads: () => feedHeads.stats(),
    now: () => clock.now(),
  });
  // Every statement the app makes is timed for /metrics (the database waits).
  const db = deps.db.withPlugin(metrics.databaseTiming);
  registerMetrics(app, metrics, config.metricsToken);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection problem'));
    app.addHook('onClose', async () => {
      // QUIT on a connection that is down waits out its retries: cut it instead.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }

  const sharedBus =
    deps.bus ??
    (config.redisUrl
      ? new RedisBus({
          url: config.redisUrl,
          keyPrefix: config.redisKeyPrefix,
          onError: (error, event) =>
            app.log.warn({ err: error, event: event?.type }, 'event bus problem'),
        })
      : new InProcessBus((error, event) =>
          app.log.error({ err: error, event: event.type }, 'an event listener failed'),
        ));
  app.decorate('bus', sharedBus);
  app.addHook('onClose', () => sharedBus.close());
  cardCache.watch(sharedBus);
  feedHeads.watch(sharedBus);
  // What the services publish also reaches this process's caches at once.
  const bus = publishingThrough(sharedBus, [cardCache, feedHeads]);

  await registerSecurityHeaders(app, config.publicUrl, inlineScriptHashes(config.webDist));
  if (config.httpCompression) await registerCompression(app);
  await registerRateLimitStore(app, redis, config.redisKeyPrefix);
  await registerApiDocs(app, config.publicUrl);

  const transport =
    deps.mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : devTransport(app.log));
  const mailDelivery = new MailDelivery({ db, transport, clock, log: app.log });
  app.decorate('mailDelivery', mailDelivery);
  app.addHook('onClose', () => mailDelivery.stop());

  const storage = deps.storage ?? storageFrom(config);
  if (!deps.storage && storage instanceof S3Storage) {
    app.addHook('onClose', async () => storage.destroy());
  }
  // Every process derives the same key from JWT_SECRET: an address signed by one opens on all.
  const signatures = new MediaSignatures(config.jwtSecret, config.mediaSignedUrlTtlMs, clock);
  const imageUrls = new ImageUrls(config.publicUrl, storage, config.s3?.mediaPublicUrl, signatures);
  const imageVariants = new ImageVariantsJob({ db, storage, log: app.log });
  // One lease holder per app: the periodic jobs run once per period across every process.
  const leases = new Leases(db, clock);
  imageVariants.leaseEachRun(leases, 'image-variants');
  app.decorate('imageVariants', imageVariants);
  app.addHook('onClose', () => imageVariants.stop());

  const mailQueue = createMailQueue(clock, () => mailDelivery.kick());
  const notifications = new NotificationsService({ db, imageUrls, bus });
  const media = new MediaService({
    db,
    storage,
    imageUrls,
    clock,
    uploadTempDir: uploadTempDirIn(config.dataDir),
  });
  const reader = new PostReader({ db, imageUrls, cards: cardCache, heads: feedHeads });
  const posts = new PostsService({ db, clock, media, imageUrls, notifications, bus, reader });
  const suspensions = new SuspensionService({ db, clock, mail: mailQueue, bus });
  const moderation = new ModerationService({
    db,
    clock,
    mail: mailQueue,
    imageUrls,
    reader,
    posts,
    notifications,
    suspensions,
  });
  const postNotifications = new PostNotificationsService({ db, clock, reader, bus });
  const users = new UsersService({ db, clock, posts, reader, media, imageUrls, bus });
  // Two-factor secrets are sealed under a key derived from the server's secret: a backup keeps
  // both (the data folder's jwt-secret file, unless JWT_SECRET is set).
  const twoFactor = new TwoFactorService({
    db,
    clock,
    crypto: new TwoFactorCrypto(config.jwtSecret),
  });
  // Before auth: a login to an account being deleted offers to keep it.
  const accountDeletions = new AccountDeletionService({
    db,
    clock,
    bus,
    mail: mailQueue,
    twoFactor,
    users,
    appUrl: config.appUrl,
  });
  const auth = new AuthService({
    db,
    clock,
    mail: mailQueue,
    sessions: new SessionTokens(config.jwtSecret, clock),
    appUrl: config.appUrl,
    imageUrls,
    passwordHashLogN: config.passwordHashLogN,
    bus,
    notifications,
    tickets: new LoginTickets(config.jwtSecret, clock),
    twoFactor,
    deletions: accountDeletions,
  });
  const community = new CommunityService({
    db,
    clock,
    mail: mailQueue,
    appUrl: config.appUrl,
    imageUrls,
    auth,
    notifications,
  });
  const deletions = new DeletionService({ db, clock, mail: mailQueue, users, bus, log: app.log });
  const emailChanges = new EmailChangeService({
    db,
    clock,
    mail: mailQueue,
    appUrl: config.appUrl,
  });
  const friendships = new FriendshipsService({ db, clock, notifications, bus });
  const blocks = new BlocksService({ db, clock, imageUrls, friendships, notifications, bus });
  const mutes = new MutesService({ db, clock, imageUrls, bus });
  const search = new SearchService({ db, clock, imageUrls });
  const messages = new MessagesService({ db, clock, imageUrls, media, bus });
  // 'Download your information': a member's request kicks this process's builder at once.
  const dataExports = new DataExportService({
    db,
    storage,
    clock,
    mail: mailQueue,
    notifications,
    appUrl: config.appUrl,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    log: app.log,
    buildSoon: () => dataExportsJob.kick(),
  });
  const dataExportsJob = new DataExportsJob({ exports: dataExports, log: app.log });
  dataExportsJob.observeRuns(metrics.jobRuns);
  app.decorate('dataExports', dataExportsJob);
  app.addHook('onClose', () => dataExportsJob.stop());
  const live = new LiveService({
    db,
    clock,
    auth,
    friendships,
    bus,
    notifications,
    messages,
    limits: config.live,
    isUncappedAddress: addressMatcher(config.connections.uncappedAddresses),
    log: app.log,
  });
  app.decorate('live', live);
  app.decorate('cardCache', cardCache);
  app.decorate('feedHeads', feedHeads);
  // Until the warm-up main.ts starts is over, /ready answers 503 (cards): a load balancer
  // sends this process members once its first pages are served from memory.
  let warming: Promise<number> | undefined;
  let warmed = false;
  app.decorate('warmCardCache', () => {
    warming ??= reader.warmCards(config.cardCache.warmPosts).finally(() => {
      warmed = true;
    });
    return warming;
  });
  liveSockets = () => live.openSockets;
  await app.register(websocket, {
    // Far above the largest message allowed, which the live service refuses itself (4400).
    options: { maxPayload: config.live.clientMessageMaxBytes * 4 },
    // Sockets are told to reconnect elsewhere (1001) before the server stops.
    preClose: async () => {
      await live.close();
      app.websocketServer.close();
    },
  });
  // The purges only schedule: what goes with a purged post or account is the services' call.
  const purges = new Purges({
    posts,
    users,
    accountDeletions,
    media,
    db,
    clock,
    log: app.log,
    leases,
    exports: dataExports,
    // A backup on any machine holds its lease in job_leases (backup/backup.ts).
    paused: () => leases.backupRunning(),
  });
  purges.leaseEachRun(leases, 'purges');
  app.decorate('purges', purges);
  purges.observeRuns('purges', metrics.jobRuns);
  imageVariants.observeRuns('image_variants', metrics.jobRuns);
  mailDelivery.observeRuns(metrics.jobRuns);
  app.addHook('onClose', () => purges.stop());
  // `open` sign-up turns to `approval` when no moderator or admin was active (jobs/signup-guard.ts).
  const signupGuard = new SignupGuard({
    db,
    clock,
    mail: createMailQueue(clock, () => mailDelivery.kick()),
    days: config.signupAutoApprovalDays,
    appUrl: config.appUrl,
    log: app.log,
  });
  signupGuard.leaseEachRun(leases, 'signup-guard');
  signupGuard.observeRuns('signup_guard', metrics.jobRuns);
  app.decorate('signupGuard', signupGuard);
  app.addHook('onClose', () => signupGuard.stop());

  app.decorateRequest('member', null);
  app.decorateRequest('authFailure', null);
  app.decorateRequest('sessionId', null);

  const api: FastifyPluginAsyncZod = async (scope) => {
    // First, so preflights skip the member lookup and limits, and 401s and 429s carry CORS.
    await registerApiCors(scope, config.corsOrigins);
    scope.addHook('onRequest', identifyMember(auth, { db, clock }));
    // Every API call counts against the member (or, signed out, the IP) on top of its own limits.
    scope.addHook(
      'onRequest',
      limitHook(scope, 'member', config.limits.memberDefault, (request) =>
        request.member ? `member:${request.member.id}` : `ip:${request.ip}`,
      ),
    );
    scope.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check',
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async () => {
        await db.selectFrom('users').select('id').limit(1).execute();
        return { ok: true as const };
      },
    );
    // Each call's path comes from the contract's table, below this scope's /api/v1.
    await scope.register(authRoutes, {
      auth,
      limits: config.limits,
      devices: new KnownDevices(config.jwtSecret),
      secureCookies: config.publicUrl.startsWith('https:'),
    });
    await scope.register(mediaRoutes, { media, limits: config.limits });
    await scope.register(postsRoutes, { posts, reader, imageUrls, postNotifications });
    await scope.register(usersRoutes, {
      users,
      friendships,
      blocks,
      mutes,
      auth,
      twoFactor,
      accountDeletions,
      sessionList: new SessionList({ db, clock, bus }),
      emailChanges,
      dataExports,
      limits: config.limits,
    });
    await scope.register(searchRoutes, { search });
    await scope.register(notificationsRoutes, { notifications });
    await scope.register(messagesRoutes, { messages, limits: config.limits });
    await scope.register(liveRoutes, { live });
    await scope.register(communityRoutes, {
      community,
      moderation,
      suspensions,
      deletions,
      limits: config.limits,
    });
  };
  await app.register(api, { prefix: API_PREFIX });
  registerReadiness(app, {
    database: () => sql`select 1`.execute(db),
    ...(redis ? { redis: () => redis.ping() } : {}),
    storage: () => storage.check(),
    cards: async () => {
      if (warming && !warmed) throw new Error('the card cache is warming up');
    },
  });
  const findUpload = (ref: Parameters<typeof mediaAccess>[1]) => mediaAccess(db, ref);
  if (storage instanceof LocalDiskStorage) {
    await registerLocalMediaRoute(app, storage, findUpload, signatures);
  } else if (storage instanceof S3Storage) {
    // With MEDIA_PUBLIC_URL, browsers load open uploads from there, and come here only for the
    // signed addresses of restricted ones, which the bucket could not check.
    const signedOnly = storage.mediaPublicUrl !== undefined;
    await registerS3MediaRoute(app, storage, findUpload, signatures, signedOnly);
  }
  registerExportDownloadRoute(app, dataExports);
  registerBuiltinImages(app);

  // Only while mail stays in the dev outbox, never in production, and only to this machine:
  // it shows every activation link and reset code.
  if (config.nodeEnv !== 'production' && !config.smtpUrl) {
    await app.register(devMailboxRoutes(db));
  }

  // A signed-in member's `/` carries their first feed page and preloads its first picture.
  const memberHome = memberHomeSource(app, { auth, reader, limit: config.limits.memberDefault });
  registerNotFound(app, await registerWebApp(app, config.webDist, memberHome), config.webDist);
  return app;
}

/** Errors raised before routing (a malformed URL) skip the error handler; same answer shape. */
const answerFrameworkError: FastifyServerOptions['frameworkErrors'] = (_error, _request, reply) => {
  // The option is generic over every route's reply type; this answer fits any of them.
  (reply as unknown as FastifyReply).code(400).send({ message: SERVER_MESSAGES.invalidInput });
};

/**
 * A client may send `Content-Type: application/json` with no body (resendVerification has
 * none); Fastify refuses that by default, we read it as "no body".
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** The bucket when config.s3 names one, else the media folder in the data folder. */
function storageFrom(config: AppConfig): Storage {
  return config.s3
    ? new S3Storage(config.s3)
    : new LocalDiskStorage(path.join(config.dataDir, 'media'));
}
