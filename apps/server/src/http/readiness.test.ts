import { rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function ready(ctx: ReturnType<typeof useTestApp>) {
  const res = await ctx.app.inject({ method: 'GET', url: '/ready' });
  return { status: res.statusCode, body: res.json() as unknown };
}

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('GET /ready', () => {
  const ctx = useTestApp();
  const media = () => path.join(ctx.config.dataDir, 'media');

  it('answers 200 when the database and the storage answer', async () => {
    expect(await ready(ctx)).toEqual({ status: 200, body: { ok: true } });
  });

  it('names the storage when the media folder is gone', async () => {
    await rm(media(), { recursive: true, force: true });
    expect(await ready(ctx)).toEqual({ status: 503, body: { ok: false, failing: ['storage'] } });
  });

  it('names the storage when the media folder cannot be written (a file in its place)', async () => {
    await rm(media(), { recursive: true, force: true });
    await writeFile(media(), 'not a folder');
    expect(await ready(ctx)).toEqual({ status: 503, body: { ok: false, failing: ['storage'] } });
  });

  it('stays out of the API document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain('/ready');
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('leaves the API health check as it was', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('GET /ready with Redis', () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });

  it('answers 200 when Redis answers PING', async () => {
    expect(await ready(ctx)).toEqual({ status: 200, body: { ok: true } });
  });
});

describe('GET /ready with Redis unreachable', () => {
  let port = 0;
  // Before useTestApp's beforeEach builds the app with it.
  beforeAll(async () => {
    port = await closedPort();
  });
  const ctx = useTestApp({ config: () => ({ redisUrl: `redis://127.0.0.1:${port}` }) });

  it('names redis within the check timeout instead of hanging', async () => {
    const started = Date.now();
    expect(await ready(ctx)).toEqual({ status: 503, body: { ok: false, failing: ['redis'] } });
    expect(Date.now() - started).toBeLessThan(5000);
  }, 15_000);
});
