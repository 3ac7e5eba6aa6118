import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from './config.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('configuration from the environment', () => {
  it('with nothing set, a newcomer gets the embedded defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Hearth <no-reply@localhost>',
      redisUrl: undefined,
      trustProxy: false,
      httpCompression: true,
    });
    expect(config.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(config.limits.loginPerIp).toEqual({ max: 25, windowMs: 5 * 60_000 });
    expect(config.limits.loginPerAccount).toEqual({ max: 25, windowMs: 60 * 60_000 });
    expect(config.limits.signupPerIp).toEqual({ max: 5, windowMs: 30 * 60_000 });
    expect(config.limits.resetCodeSendPerEmail).toEqual({ max: 5, windowMs: 30 * 60_000 });
    expect(config.limits.memberDefault).toEqual({ max: 1500, windowMs: 5 * 60_000 });
  });

  it('the SQLite file follows the data folder unless DATABASE_URL is set', () => {
    expect(loadConfig({ DATA_DIR: dir }).databaseUrl).toBe(`sqlite:${dir}/app.db`);
    expect(loadConfig({ DATA_DIR: `${dir}/` }).databaseUrl).toBe(`sqlite:${dir}/app.db`);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'sqlite:/srv/hearth.db' }).databaseUrl).toBe(
      'sqlite:/srv/hearth.db',
    );
  });

  it('WORKERS is 1 unless set, a whole number from 1 to 64, and above 1 needs PostgreSQL and Redis', () => {
    expect(loadConfig({ DATA_DIR: dir }).workers).toBe(1);
    const shared = { DATA_DIR: dir, DATABASE_URL: 'postgres://db/hearth' };
    expect(loadConfig({ ...shared, WORKERS: '4', REDIS_URL: 'redis://r:6379' }).workers).toBe(4);
    for (const bad of ['0', '65', '1.5', 'two']) {
      expect(() => loadConfig({ ...shared, WORKERS: bad, REDIS_URL: 'redis://r' })).toThrow(
        /WORKERS/,
      );
    }
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: '2', REDIS_URL: 'redis://r' })).toThrow(
      /WORKERS=2 needs PostgreSQL.*Set DATABASE_URL=postgres:/s,
    );
    expect(() => loadConfig({ ...shared, WORKERS: '2' })).toThrow(
      /WORKERS=2 needs REDIS_URL.*Set REDIS_URL=redis:/s,
    );
  });

  it('the public URL follows the port unless set', () => {
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://social.example/' }).publicUrl).toBe(
      'https://social.example',
    );
  });

  it('listening beyond this machine without PUBLIC_URL is warned about at start', () => {
    for (const HOST of [undefined, '', '127.0.0.1', 'localhost', '::1', '127.0.1.1']) {
      expect(configWarnings({ HOST }), String(HOST)).toEqual([]);
    }
    expect(configWarnings({ HOST: '0.0.0.0', PUBLIC_URL: 'https://social.example' })).toEqual([]);
    const [warning, ...more] = configWarnings({ HOST: '0.0.0.0', PORT: '8080' });
    expect(more).toEqual([]);
    expect(warning).toContain('PUBLIC_URL is not set while HOST is 0.0.0.0');
    expect(warning).toContain('http://localhost:8080');
    expect(configWarnings({ HOST: '192.168.1.20', PUBLIC_URL: '' })).toHaveLength(1);
  });

  it('a missing data folder is created', async () => {
    const nested = path.join(dir, 'a', 'b');
    expect(loadConfig({ DATA_DIR: nested }).dataDir).toBe(nested);
    expect((await stat(nested)).isDirectory()).toBe(true);
  });

  it('without JWT_SECRET a secret is made once and kept, so restarts keep sessions', async () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('METRICS_TOKEN turns on /metrics; unset: none; a short one stops start-up', () => {
    expect(loadConfig({ DATA_DIR: dir }).metricsToken).toBeUndefined();
    const token = 'm'.repeat(24);
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('JWT_SECRET, when set, is used as it is', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('every rate limit can be changed from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      RATE_LIMIT_LOGIN_IP: '7',
      RATE_LIMIT_LOGIN_IP_WINDOW_SECONDS: '60',
      RATE_LIMIT_SIGNUP_IP: '2',
      RATE_LIMIT_MEMBER: '100',
    });
    expect(config.limits.loginPerIp).toEqual({ max: 7, windowMs: 60_000 });
    expect(config.limits.signupPerIp.max).toBe(2);
    expect(config.limits.memberDefault.max).toBe(100);
  });

  it("a member may ask for three 'Download your information' zips a day unless told otherwise", () => {
    expect(loadConfig({ DATA_DIR: dir }).limits.exportsPerAccount).toEqual({
      max: 3,
      windowMs: 24 * 60 * 60_000,
    });
    const config = loadConfig({
      DATA_DIR: dir,
      RATE_LIMIT_EXPORTS_ACCOUNT: '1',
      RATE_LIMIT_EXPORTS_ACCOUNT_WINDOW_SECONDS: '3600',
    });
    expect(config.limits.exportsPerAccount).toEqual({ max: 1, windowMs: 3_600_000 });
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMIT_EXPORTS_ACCOUNT: 'lots' })).toThrow(
      /RATE_LIMIT_EXPORTS_ACCOUNT/,
    );
  });

  it('connections get a header timeout, an idle timeout and a per-address cap, loopback uncapped', () => {
    expect(loadConfig({ DATA_DIR: dir }).connections).toEqual({
      headersTimeoutMs: 15_000,
      idleTimeoutMs: 75_000,
      maxPerAddress: 256,
      uncappedAddresses: ['127.0.0.0/8', '::1/128'],
    });
    const set = loadConfig({
      DATA_DIR: dir,
      HEADERS_TIMEOUT_MS: '5000',
      IDLE_TIMEOUT_MS: '20000',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    }).connections;
    expect(set).toMatchObject({ headersTimeoutMs: 5000, idleTimeoutMs: 20_000, maxPerAddress: 0 });
    // Behind a proxy every connection comes from a proxy: the proxy is where to cap.
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).connections.uncappedAddresses,
    ).toEqual(['0.0.0.0/0', '::/0']);
  });

  it('a timeout or cap that makes no sense stops start-up with its name', () => {
    expect(() => loadConfig({ DATA_DIR: dir, HEADERS_TIMEOUT_MS: '10' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, IDLE_TIMEOUT_MS: 'soon' })).toThrow(/IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: dir, MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });

  it('the live-updates socket has its limits, each settable, a senseless one stopping start-up', () => {
    expect(loadConfig({ DATA_DIR: dir }).live).toEqual({
      authTimeoutMs: 10_000,
      socketsPerMember: 10,
      socketsPerAddress: 50,
      messagesPerSecond: 20,
      clientMessageMaxBytes: 16 * 1024,
      expiryCheckIntervalMs: 60_000,
    });
    const set = loadConfig({
      DATA_DIR: dir,
      LIVE_AUTH_TIMEOUT_MS: '2000',
      LIVE_SOCKETS_PER_MEMBER: '3',
      LIVE_SOCKETS_PER_ADDRESS: '0',
      LIVE_MESSAGES_PER_SECOND: '5',
      LIVE_CLIENT_MESSAGE_MAX_BYTES: '4096',
    }).live;
    expect(set).toMatchObject({
      authTimeoutMs: 2000,
      socketsPerMember: 3,
      socketsPerAddress: 0,
      messagesPerSecond: 5,
      clientMessageMaxBytes: 4096,
    });
    for (const name of [
      'LIVE_AUTH_TIMEOUT_MS',
      'LIVE_SOCKETS_PER_MEMBER',
      'LIVE_SOCKETS_PER_ADDRESS',
      'LIVE_MESSAGES_PER_SECOND',
      'LIVE_CLIENT_MESSAGE_MAX_BYTES',
    ]) {
      expect(() => loadConfig({ DATA_DIR: dir, [name]: '-1' }), name).toThrow(new RegExp(name));
    }
  });

  it('PostgreSQL, SMTP and Redis are chosen by their URLs', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://hearth@db:5432/hearth',
      SMTP_URL: 'smtp://user:pass@mail:587',
      REDIS_URL: 'redis://cache:6379',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      HTTP_COMPRESSION: 'false',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://hearth@db:5432/hearth',
      smtpUrl: 'smtp://user:pass@mail:587',
      redisUrl: 'redis://cache:6379',
      nodeEnv: 'production',
      trustProxy: true,
      httpCompression: false,
    });
  });

  it('CORS_ORIGINS lists the origins whose pages may call the API; unset: none', () => {
    expect(loadConfig({ DATA_DIR: dir }).corsOrigins).toEqual([]);
    expect(loadConfig({ DATA_DIR: dir, CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
    expect(
      loadConfig({
        DATA_DIR: dir,
        CORS_ORIGINS: 'https://App.Example.org/, http://localhost:5173,,https://app.example.org',
      }).corsOrigins,
    ).toEqual(['https://app.example.org', 'http://localhost:5173']);
    expect(loadConfig({ DATA_DIR: dir, CORS_ORIGINS: ' * ' }).corsOrigins).toEqual(['*']);
  });

  it('links in mails start with APP_URL, which follows PUBLIC_URL unless set', () => {
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://social.example' }).appUrl).toBe(
      'https://social.example',
    );
    expect(
      loadConfig({
        DATA_DIR: dir,
        PUBLIC_URL: 'https://api.social.example',
        APP_URL: 'https://social.example/',
      }).appUrl,
    ).toBe('https://social.example');
  });

  it('S3_BUCKET with its keys keeps media in the bucket; unset, they stay in DATA_DIR/media', () => {
    expect(loadConfig({ DATA_DIR: dir }).s3).toBeUndefined();
    const config = loadConfig({
      DATA_DIR: dir,
      S3_BUCKET: 'hearth-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_URL: 'https://cdn.example.net/media/',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'hearth-media',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      mediaPublicUrl: 'https://cdn.example.net/media',
    });
    const aws = loadConfig({
      DATA_DIR: dir,
      S3_BUCKET: 'hearth-media',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(aws).toMatchObject({ endpoint: undefined, region: 'eu-west-3', forcePathStyle: false });
  });

  it('empty variables count as unset', () => {
    expect(loadConfig({ DATA_DIR: dir, SMTP_URL: '', PORT: '' }).smtpUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with sqlite: or postgres:\/\//],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ RATE_LIMIT_LOGIN_IP: 'many' }, /RATE_LIMIT_LOGIN_IP/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ APP_URL: 'social.example' }, /APP_URL/],
    [{ CORS_ORIGINS: 'app.example.org' }, /CORS_ORIGINS: "app.example.org" is not an origin/],
    [{ CORS_ORIGINS: 'https://app.example.org/login' }, /CORS_ORIGINS: .* is not an origin/],
    [{ CORS_ORIGINS: 'ftp://files.example.org' }, /CORS_ORIGINS: .* is not an origin/],
    [{ CORS_ORIGINS: 'https://*.example.org' }, /CORS_ORIGINS: .*wildcard only works alone/],
    [{ CORS_ORIGINS: '*,https://app.example.org' }, /CORS_ORIGINS: `\*` .*cannot be listed/],
    [
      { S3_BUCKET: 'hearth-media' },
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET/,
    ],
    [
      { S3_BUCKET: 'hearth-media', S3_ACCESS_KEY_ID: 'key' },
      /S3_SECRET_ACCESS_KEY: required with S3_BUCKET/,
    ],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT: set S3_BUCKET too/],
    [{ MEDIA_PUBLIC_URL: 'https://cdn.example.net' }, /MEDIA_PUBLIC_URL: set S3_BUCKET too/],
    [{ S3_BUCKET: 'Hearth_Media' }, /S3_BUCKET must be a bucket name/],
    [
      {
        S3_BUCKET: 'hm1',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        MEDIA_PUBLIC_URL: 'cdn',
      },
      /MEDIA_PUBLIC_URL/,
    ],
  ])('a wrong value %j stops start-up with a readable reason', (env, reason) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(reason);
  });
});
