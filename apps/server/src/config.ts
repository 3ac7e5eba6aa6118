import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLIENT_MESSAGE_MAX_BYTES,
  STAFF_INACTIVE_DAYS,
} from '@hearth/contract';
import { z } from 'zod';
import { LOOPBACK_RANGES } from './http/connection-limits.js';
import type { S3Settings } from './infra/storage/s3-storage.js';

/** A rate limit: at most `max` requests per `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** Every limit of API.md's Limits section, by name. */
export interface Limits {
  loginPerIp: Limit;
  loginPerAccount: Limit;
  loginPerDevice: Limit;
  signupPerIp: Limit;
  resetCodeSendPerEmail: Limit;
  resetCodeSendPerIp: Limit;
  resetCodeCheckPerIp: Limit;
  findUserPerIp: Limit;
  resendVerificationPerAccount: Limit;
  uploadsPerMember: Limit;
  memberDefault: Limit;
  /** Every moderation write (settings, roles, applications, invites) of one member. */
  moderationWritesPerAccount: Limit;
  /** Invite links one member may make. */
  invitesPerAccount: Limit;
  /** Reports one member may send (POST /moderation/report). */
  reportsPerAccount: Limit;
  /** Changes of one's own name or password (wrong current passwords included). */
  accountChangesPerAccount: Limit;
  /** 'Download your information' zips one member may ask for (each is built from everything). */
  exportsPerAccount: Limit;
  /** Changes of one's own language (PUT /users/changeLanguage). */
  languageChangesPerAccount: Limit;
  /** Links to a new e-mail address one member may have sent (PUT /users/changeEmail). */
  emailChangesPerAccount: Limit;
  /** Links confirming a new e-mail address opened from one IP (POST /users/confirmEmail). */
  emailConfirmPerIp: Limit;
  /** Messages one member may send, and the other messaging writes (API.md, Messages). */
  messageWritesPerAccount: Limit;
  /** Conversations one member may start. */
  conversationsPerAccount: Limit;
}

/** How long a connection may dawdle and how many one address may hold (http/connection-limits.ts). */
export interface ConnectionLimits {
  /** A request's headers must all arrive within this, counted from its first byte. */
  headersTimeoutMs: number;
  /** A connection with no bytes coming or going for this long is closed (between requests too). */
  idleTimeoutMs: number;
  /** Connections one address may hold open; 0: no cap. */
  maxPerAddress: number;
  /** Addresses and ranges (`127.0.0.0/8`) never capped: loopback, every one behind TRUST_PROXY. */
  uncappedAddresses: string[];
}

/** The live-updates socket's limits (modules/live); its uncapped addresses are the connections'. */
export interface LiveLimits {
  /** The first message (auth) must arrive within this, or the socket closes (4401). */
  authTimeoutMs: number;
  /** Sockets one member may hold open on this process. */
  socketsPerMember: number;
  /** Sockets one address may hold open on this process; 0: no cap. */
  socketsPerAddress: number;
  /** Messages a socket may send per second (a fixed one-second window). */
  messagesPerSecond: number;
  /** Longest message a client may send, in bytes. */
  clientMessageMaxBytes: number;
  /** How often sockets whose session expired are looked for (tests shorten it). */
  expiryCheckIntervalMs: number;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  /** Where members open the app: links in mails start with it (PUBLIC_URL unless set). */
  appUrl: string;
  /** Origins whose pages may call the API (CORS); empty: same origin only; ['*']: any. */
  corsOrigins: string[];
  databaseUrl: string;
  dataDir: string;
  webDist: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  trustProxy: boolean;
  /** Compress API answers (br/gzip) for clients that accept it; off when a reverse proxy does. */
  httpCompression: boolean;
  /** log2 of scrypt's cost parameter N. */
  passwordHashLogN: number;
  /** Bearer token of GET /metrics; unset: no /metrics (404). */
  metricsToken: string | undefined;
  /** Server processes main.ts runs (node:cluster) on HOST:PORT; above 1 needs PostgreSQL and Redis. */
  workers: number;
  /**
   * The shared post-card cache (modules/posts/card-cache.ts): its bound (0: off), TTL, and how
   * many of the newest posts' cards `npm start` builds as it starts.
   */
  cardCache: { maxBytes: number; ttlMs: number; warmPosts: number };
  /** Members whose first feed page each process keeps (feed-head-cache.ts), for the cards' TTL. */
  feedCache: { maxMembers: number; ttlMs: number };
  /** Media in an S3-compatible bucket (S3_BUCKET and its companions); unset: DATA_DIR/media. */
  s3: S3Settings | undefined;
  /**
   * The window of signed media addresses (MEDIA_SIGNED_URL_TTL_S): an address made during one
   * expires at the end of the next (infra/storage/media-signatures.ts).
   */
  mediaSignedUrlTtlMs: number;
  /**
   * Days without a request from any moderator or admin after which `open` sign-up switches
   * itself to `approval` (SIGNUP_AUTO_APPROVAL_DAYS); 0: never.
   */
  signupAutoApprovalDays: number;
  limits: Limits;
  connections: ConnectionLimits;
  live: LiveLimits;
}

const MINUTE = 60_000;

/** env name stem -> limit name and default (API.md's Limits section). */
const LIMIT_DEFAULTS: Record<keyof Limits, { env: string; max: number; windowMs: number }> = {
  loginPerIp: { env: 'LOGIN_IP', max: 25, windowMs: 5 * MINUTE },
  loginPerAccount: { env: 'LOGIN_ACCOUNT', max: 25, windowMs: 60 * MINUTE },
  // Ours: logins to an account from a device it logged in on before count here, not above.
  loginPerDevice: { env: 'LOGIN_DEVICE', max: 10, windowMs: 60 * MINUTE },
  signupPerIp: { env: 'SIGNUP_IP', max: 5, windowMs: 30 * MINUTE },
  resetCodeSendPerEmail: { env: 'RESET_CODE_SEND_EMAIL', max: 5, windowMs: 30 * MINUTE },
  // Ours: one address cannot fan out reset mail to many inboxes.
  resetCodeSendPerIp: { env: 'RESET_CODE_SEND_IP', max: 20, windowMs: 30 * MINUTE },
  resetCodeCheckPerIp: { env: 'RESET_CODE_CHECK_IP', max: 25, windowMs: 5 * MINUTE },
  findUserPerIp: { env: 'FIND_USER_IP', max: 30, windowMs: 5 * MINUTE },
  resendVerificationPerAccount: {
    env: 'RESEND_VERIFICATION_ACCOUNT',
    max: 5,
    windowMs: 30 * MINUTE,
  },
  // Counted per upload call (a call carries up to 20 images), like Mastodon's media limit.
  uploadsPerMember: { env: 'UPLOADS_MEMBER', max: 30, windowMs: 30 * MINUTE },
  memberDefault: { env: 'MEMBER', max: 1500, windowMs: 5 * MINUTE },
  // Ours (who may join): a stolen moderator session cannot rewrite the server in a burst.
  moderationWritesPerAccount: { env: 'MODERATION_WRITES_ACCOUNT', max: 60, windowMs: MINUTE },
  invitesPerAccount: { env: 'INVITES_ACCOUNT', max: 20, windowMs: 60 * MINUTE },
  // Ours (reports): a member cannot flood the moderators' queue.
  reportsPerAccount: { env: 'REPORTS_ACCOUNT', max: 20, windowMs: 60 * MINUTE },
  // Ours (one's own account): every call counts, so wrong current passwords cannot be guessed
  // through a stolen session faster than this.
  accountChangesPerAccount: { env: 'ACCOUNT_CHANGES_ACCOUNT', max: 20, windowMs: 60 * MINUTE },
  // Ours (download your information): each zip reads all of a member's rows and images.
  exportsPerAccount: { env: 'EXPORTS_ACCOUNT', max: 3, windowMs: 24 * 60 * MINUTE },
  // Ours (the languages issue): a member tries a few languages out; a script writing the row in
  // a loop is held back.
  languageChangesPerAccount: { env: 'LANGUAGE_CHANGES_ACCOUNT', max: 30, windowMs: 60 * MINUTE },
  // Ours (one's own account): each change mails a stranger's address, so a stolen session
  // cannot turn the server into a mail cannon.
  emailChangesPerAccount: { env: 'EMAIL_CHANGES_ACCOUNT', max: 5, windowMs: 60 * MINUTE },
  // Ours: a link's token cannot be guessed, but nobody needs to try many from one address.
  emailConfirmPerIp: { env: 'EMAIL_CONFIRM_IP', max: 30, windowMs: 60 * MINUTE },
  // Ours (the messaging issue): a quick conversation goes well under it; a script flooding a
  // conversation, or starting requests to every member, is held back.
  messageWritesPerAccount: { env: 'MESSAGE_WRITES_ACCOUNT', max: 120, windowMs: MINUTE },
  conversationsPerAccount: { env: 'CONVERSATIONS_ACCOUNT', max: 30, windowMs: 60 * MINUTE },
};

/** The RATE_LIMIT_<NAME> variables, one per limit (each also has a _WINDOW_SECONDS twin). */
export const RATE_LIMIT_VARIABLES: readonly string[] = Object.values(LIMIT_DEFAULTS).map(
  (d) => `RATE_LIMIT_${d.env}`,
);

export function defaultLimits(): Limits {
  const entries = Object.entries(LIMIT_DEFAULTS).map(([name, d]) => [
    name,
    { max: d.max, windowMs: d.windowMs },
  ]);
  return Object.fromEntries(entries) as Limits;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const positiveInt = z.coerce.number().int().positive();
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  APP_URL: z.url().optional(),
  CORS_ORIGINS: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'DATABASE_URL must start with sqlite: or postgres://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST: z.string().min(1).default(path.resolve(serverRoot, '../web/dist')),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Hearth <no-reply@localhost>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('hearth:'),
  TRUST_PROXY: booleanFlag.default(false),
  HTTP_COMPRESSION: booleanFlag.default(true),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  CARD_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  CARD_CACHE_TTL_S: z.coerce.number().int().min(1).max(86_400).default(60),
  CARD_CACHE_WARM_POSTS: z.coerce.number().int().min(0).default(20_000),
  FEED_CACHE_MEMBERS: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name like hearth-media',
    )
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  MEDIA_PUBLIC_URL: z.url().optional(),
  MEDIA_SIGNED_URL_TTL_S: z.coerce.number().int().min(60).max(604_800).default(3600),
  SIGNUP_AUTO_APPROVAL_DAYS: z.coerce.number().int().min(0).max(3650).default(STAFF_INACTIVE_DAYS),
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(15_000),
  // Above the 60 s a reverse proxy or load balancer commonly keeps an idle connection to us.
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(75_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
  LIVE_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(LIVE_AUTH_TIMEOUT_MS),
  LIVE_SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).default(10),
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(0).default(50),
  LIVE_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(20),
  LIVE_CLIENT_MESSAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024)
    .default(LIVE_CLIENT_MESSAGE_MAX_BYTES),
});

/** Sockets whose session expired are closed within this (sessions last days). */
const LIVE_EXPIRY_CHECK_INTERVAL_MS = 60_000;

/** Every address a proxy may come from: with TRUST_PROXY=true each peer is taken for one. */
const EVERY_ADDRESS = ['0.0.0.0/0', '::/0'];

/** Addresses that only this machine reaches. */
function isLoopback(host: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);
}

/**
 * What the operator should hear at start though nothing is wrong enough to stop: today, a server
 * listening beyond this machine (HOST) without PUBLIC_URL, whose answers would send every
 * member's browser to localhost for each picture.
 */
export function configWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const host = env.HOST || '127.0.0.1';
  if (isLoopback(host) || env.PUBLIC_URL) return [];
  const port = env.PORT || '3000';
  return [
    `PUBLIC_URL is not set while HOST is ${host}: every picture in answers will point at ` +
      `http://localhost:${port}, which other machines cannot load. Set PUBLIC_URL to the ` +
      'address members open (https://social.example.org).',
  ];
}

/** Reads the environment into a typed config; throws a readable error on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as it does in most .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const corsOrigins = parseCorsOrigins(e.CORS_ORIGINS);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // Unset: the SQLite file lives in the data folder (sqlite:./data/app.db by default).
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${e.DATA_DIR.replace(/[/\\]+$/, '')}/app.db`;
  checkWorkers(e.WORKERS, databaseUrl, e.REDIS_URL);
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    appUrl: e.APP_URL?.replace(/\/+$/, '') ?? publicUrl,
    corsOrigins,
    databaseUrl,
    dataDir,
    webDist: path.resolve(e.WEB_DIST),
    jwtSecret: e.JWT_SECRET ?? persistentJwtSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    httpCompression: e.HTTP_COMPRESSION,
    passwordHashLogN: e.PASSWORD_HASH_LOG_N,
    metricsToken: e.METRICS_TOKEN,
    workers: e.WORKERS,
    cardCache: {
      maxBytes: e.CARD_CACHE_MB * 1024 * 1024,
      ttlMs: e.CARD_CACHE_TTL_S * 1000,
      warmPosts: e.CARD_CACHE_WARM_POSTS,
    },
    feedCache: { maxMembers: e.FEED_CACHE_MEMBERS, ttlMs: e.CARD_CACHE_TTL_S * 1000 },
    s3: s3Settings(e, present),
    mediaSignedUrlTtlMs: e.MEDIA_SIGNED_URL_TTL_S * 1000,
    signupAutoApprovalDays: e.SIGNUP_AUTO_APPROVAL_DAYS,
    limits: limitsFromEnv(present),
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      idleTimeoutMs: e.IDLE_TIMEOUT_MS,
      maxPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
      uncappedAddresses: e.TRUST_PROXY ? EVERY_ADDRESS : [...LOOPBACK_RANGES],
    },
    live: {
      authTimeoutMs: e.LIVE_AUTH_TIMEOUT_MS,
      socketsPerMember: e.LIVE_SOCKETS_PER_MEMBER,
      socketsPerAddress: e.LIVE_SOCKETS_PER_ADDRESS,
      messagesPerSecond: e.LIVE_MESSAGES_PER_SECOND,
      clientMessageMaxBytes: e.LIVE_CLIENT_MESSAGE_MAX_BYTES,
      expiryCheckIntervalMs: LIVE_EXPIRY_CHECK_INTERVAL_MS,
    },
  };
}

/**
 * WORKERS above 1 runs several processes: they need one database that takes writes from all of
 * them (PostgreSQL, not a SQLite file) and Redis for what they share (rate limits, live updates).
 */
function checkWorkers(workers: number, databaseUrl: string, redisUrl: string | undefined): void {
  if (workers <= 1) return;
  if (databaseUrl.startsWith('sqlite:')) {
    throw new Error(
      `Invalid configuration:\nWORKERS=${workers} needs PostgreSQL: several server processes ` +
        'cannot share one SQLite file. Set DATABASE_URL=postgres://… and REDIS_URL=redis://…, ' +
        'or WORKERS=1.',
    );
  }
  if (!redisUrl) {
    throw new Error(
      `Invalid configuration:\nWORKERS=${workers} needs REDIS_URL: several server processes ` +
        'share rate limits and live updates through Redis. Set REDIS_URL=redis://…, or WORKERS=1.',
    );
  }
}

/**
 * The S3_* settings alone, read as the server reads them, for tools that need nothing else
 * (`npm run media:copy`, `npm run backup`); undefined when S3_BUCKET is unset.
 */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Settings | undefined {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema
    .pick({
      S3_ENDPOINT: true,
      S3_BUCKET: true,
      S3_REGION: true,
      S3_ACCESS_KEY_ID: true,
      S3_SECRET_ACCESS_KEY: true,
      S3_FORCE_PATH_STYLE: true,
      MEDIA_PUBLIC_URL: true,
    })
    .safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return s3Settings(parsed.data, present);
}

/** The S3_* settings whose meaning needs S3_BUCKET. */
const S3_COMPANIONS = [
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_REGION',
  'MEDIA_PUBLIC_URL',
] as const;

/**
 * Media go to a bucket when S3_BUCKET is set; then its keys must be too (an instance role or
 * AWS profile is not read: one way to sign in, written where the operator sees it). An S3
 * setting without S3_BUCKET is a half-done move, refused rather than silently ignored.
 */
function s3Settings(
  e: Pick<
    z.infer<typeof envSchema>,
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
    | 'MEDIA_PUBLIC_URL'
  >,
  present: Record<string, string | undefined>,
): S3Settings | undefined {
  if (!e.S3_BUCKET) {
    const stray = S3_COMPANIONS.filter((name) => present[name] !== undefined);
    if (stray.length > 0) {
      throw new Error(
        `Invalid configuration:\n${stray.join(', ')}: set S3_BUCKET too to keep media in a ` +
          'bucket, or remove them to keep media in DATA_DIR/media',
      );
    }
    return undefined;
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !e[name],
  );
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n${missing.join(', ')}: required with S3_BUCKET (the bucket's ` +
        'access key and secret)',
    );
  }
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/**
 * CORS_ORIGINS: comma-separated origins as browsers send them (`https://app.example.org`,
 * `http://localhost:5173`), or `*` alone for any origin; unset or empty: none.
 */
function parseCorsOrigins(value: string | undefined): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.includes('*')) {
    if (items.length > 1) corsError('`*` (any origin) cannot be listed with other origins');
    return ['*'];
  }
  return [...new Set(items.map(originOf))];
}

/** `https://host[:port]`, lower-cased as a browser sends it; a path, query or login is refused. */
function originOf(item: string): string {
  if (item.includes('*')) {
    corsError(`"${item}": a wildcard only works alone (CORS_ORIGINS=*), not inside an origin`);
  }
  let url: URL;
  try {
    url = new URL(item);
  } catch {
    return corsError(`"${item}" is not an origin like https://app.example.org`);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!/^https?:$/.test(url.protocol) || !bare || /[?#@]/.test(item)) {
    return corsError(
      `"${item}" is not an origin: write only the scheme, host and port, like https://app.example.org`,
    );
  }
  return url.origin;
}

function corsError(reason: string): never {
  throw new Error(`Invalid configuration:\nCORS_ORIGINS: ${reason}`);
}

/** RATE_LIMIT_<NAME>=max and RATE_LIMIT_<NAME>_WINDOW_SECONDS=seconds override each default. */
function limitsFromEnv(env: Record<string, string | undefined>): Limits {
  const limits = defaultLimits();
  for (const [name, d] of Object.entries(LIMIT_DEFAULTS)) {
    const limit = limits[name as keyof Limits];
    const max = env[`RATE_LIMIT_${d.env}`];
    const seconds = env[`RATE_LIMIT_${d.env}_WINDOW_SECONDS`];
    if (max !== undefined) limit.max = parseLimitNumber(`RATE_LIMIT_${d.env}`, max);
    if (seconds !== undefined) {
      limit.windowMs = parseLimitNumber(`RATE_LIMIT_${d.env}_WINDOW_SECONDS`, seconds) * 1000;
    }
  }
  return limits;
}

function parseLimitNumber(name: string, value: string): number {
  const parsed = positiveInt.safeParse(value);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${name}: expected a whole number`);
  return parsed.data;
}

/** Generated once and kept in the data folder, so restarts keep every session. */
function persistentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    try {
      // 'wx' fails if another process created it first; then its secret wins.
      writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (stored.length < 32) throw new Error(`${file} holds no usable secret; delete it to make one.`);
  return stored;
}
