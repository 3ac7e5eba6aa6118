import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { STAFF_INACTIVE_DAYS } from '@hearth/contract';
import { type AppConfig, defaultLimits, type Limit, type Limits } from '../config.js';

export type ConfigOverrides = Partial<Omit<AppConfig, 'limits'>> & { limits?: Partial<Limits> };

/** So high that no test trips a limit it is not about. */
const GENEROUS: Limit = { max: 1_000_000, windowMs: 60_000 };

/** Where tests' apps say they are: answers' image URLs start with it. */
export const TEST_PUBLIC_URL = 'http://hearth.test';

/** The absolute address a test app answers for a server path (`/images/default-avatar.svg`). */
export function publicAddress(serverPath: string): string {
  return TEST_PUBLIC_URL + serverPath;
}

/** A config for tests (no vitest needed, so the seed's own tests use it too). */
export function testConfig(overrides: ConfigOverrides = {}): AppConfig {
  const { limits, ...rest } = overrides;
  const generous = Object.fromEntries(
    Object.keys(defaultLimits()).map((name) => [name, { ...GENEROUS }]),
  ) as unknown as Limits;
  return {
    nodeEnv: 'test',
    host: '127.0.0.1',
    port: 0,
    publicUrl: TEST_PUBLIC_URL,
    appUrl: TEST_PUBLIC_URL,
    corsOrigins: [],
    databaseUrl: 'sqlite::memory:',
    dataDir: os.tmpdir(),
    webDist: path.join(os.tmpdir(), 'hearth-no-web-dist'),
    jwtSecret: randomBytes(32).toString('hex'),
    smtpUrl: undefined,
    mailFrom: 'Hearth <no-reply@hearth.test>',
    redisUrl: undefined,
    redisKeyPrefix: `hearth-test:${randomBytes(6).toString('hex')}:`,
    trustProxy: false,
    httpCompression: true,
    // The cheapest scrypt cost: tests hash hundreds of passwords; the cost is stored per hash.
    passwordHashLogN: 10,
    metricsToken: undefined,
    workers: 1,
    // On, as in production: every feed test goes through the card cache and its invalidation.
    cardCache: { maxBytes: 64 * 1024 * 1024, ttlMs: 60_000, warmPosts: 0 },
    feedCache: { maxMembers: 10_000, ttlMs: 60_000 },
    s3: undefined,
    mediaSignedUrlTtlMs: 3_600_000,
    signupAutoApprovalDays: STAFF_INACTIVE_DAYS,
    connections: {
      headersTimeoutMs: 15_000,
      idleTimeoutMs: 75_000,
      maxPerAddress: 256,
      uncappedAddresses: ['127.0.0.0/8', '::1/128'],
    },
    live: {
      authTimeoutMs: 10_000,
      socketsPerMember: 10,
      socketsPerAddress: 50,
      messagesPerSecond: 20,
      clientMessageMaxBytes: 16 * 1024,
      expiryCheckIntervalMs: 60_000,
    },
    ...rest,
    limits: { ...generous, ...limits },
  };
}
