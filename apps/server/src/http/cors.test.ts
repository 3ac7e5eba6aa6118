import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROUTES, SERVER_MESSAGES } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, useTestApp } from '../test-support/test-app.js';

const APP = 'https://app.example.org';
const DEV = 'http://localhost:5173';
const STRANGER = 'https://evil.example.net';

function preflight(origin: string, method = 'PUT') {
  return {
    method: 'OPTIONS' as const,
    url: '/api/v1/posts',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  };
}

function corsHeadersOf(headers: Record<string, unknown>): string[] {
  return Object.keys(headers).filter((name) => name.startsWith('access-control-'));
}

describe('calls from pages of listed origins (CORS_ORIGINS)', () => {
  const ctx = useTestApp({
    config: { corsOrigins: [APP, DEV], limits: { memberDefault: { max: 5, windowMs: 60_000 } } },
  });

  it('a preflight from a listed origin is allowed with the methods and headers the API uses', async () => {
    const res = await ctx.app.inject(preflight(DEV, 'DELETE'));
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(DEV);
    expect(String(res.headers.vary)).toMatch(/origin/i);
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    const headers = String(res.headers['access-control-allow-headers']).toLowerCase();
    expect(headers.split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type']),
    );
  });

  it('a preflight from any other origin does not look allowed', async () => {
    const res = await ctx.app.inject(preflight(STRANGER));
    expect(res.statusCode).toBe(404);
    expect(corsHeadersOf(res.headers)).toEqual([]);
    // The same preflight from a listed origin is allowed: only the origin made the difference.
    const listed = await ctx.app.inject(preflight(APP));
    expect(listed.headers['access-control-allow-origin']).toBe(APP);
  });

  it('an answer to a listed origin names it and lets it read the cursor and Retry-After', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health', headers: { origin: APP } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(String(res.headers.vary)).toMatch(/origin/i);
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase();
    expect(exposed.split(/,\s*/)).toEqual(expect.arrayContaining(['x-next-cursor', 'retry-after']));
  });

  it('an answer to another origin carries no CORS header, so its browser blocks it', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health', headers: { origin: STRANGER } });
    expect(res.statusCode).toBe(200);
    expect(corsHeadersOf(res.headers)).toEqual([]);
    const sameOrigin = await ctx.app.inject({ url: '/api/v1/health' });
    expect(corsHeadersOf(sameOrigin.headers)).toEqual([]);
    const listed = await ctx.app.inject({ url: '/api/v1/health', headers: { origin: APP } });
    expect(listed.headers['access-control-allow-origin']).toBe(APP);
  });

  it('errors carry the headers too, so the client can read the message', async () => {
    const headers = { origin: APP };
    const unauthenticated = await callEndpoint(ctx.app, ROUTES.feed, { query: {}, headers });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['access-control-allow-origin']).toBe(APP);

    const invalid = await callEndpoint(ctx.app, ROUTES.login, { rawBody: { email: 1 }, headers });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['access-control-allow-origin']).toBe(APP);
    expect(invalid.json().message).toEqual(expect.any(String));

    const unknown = await ctx.app.inject({ url: '/api/v1/nothing/here', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    expect(unknown.headers['access-control-allow-origin']).toBe(APP);
  });

  it('a rate-limited call (429) carries them with a readable Retry-After', async () => {
    let res = await ctx.app.inject({ url: '/api/v1/health', headers: { origin: APP } });
    for (let i = 0; i < 5 && res.statusCode !== 429; i++) {
      res = await ctx.app.inject({ url: '/api/v1/health', headers: { origin: APP } });
    }
    expect(res.statusCode).toBe(429);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.headers['retry-after']).toBeDefined();
    expect(String(res.headers['access-control-expose-headers'])).toContain('Retry-After');
  });
});

describe('calls from any origin (CORS_ORIGINS=*)', () => {
  const ctx = useTestApp({ config: { corsOrigins: ['*'] } });

  it('every origin is allowed with *', async () => {
    const pre = await ctx.app.inject(preflight(STRANGER));
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    const res = await ctx.app.inject({ url: '/api/v1/health', headers: { origin: STRANGER } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-Next-Cursor');
  });
});

describe('without CORS_ORIGINS the API is same-origin only', () => {
  const ctx = useTestApp();

  it('no answer carries a CORS header and a preflight is not answered', async () => {
    const pre = await ctx.app.inject(preflight(APP));
    expect(pre.statusCode).toBe(404);
    expect(corsHeadersOf(pre.headers)).toEqual([]);
    const res = await ctx.app.inject({ url: '/api/v1/health', headers: { origin: APP } });
    expect(res.statusCode).toBe(200);
    expect(corsHeadersOf(res.headers)).toEqual([]);
  });
});

describe('public pictures may be shown by pages of other origins', () => {
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'hearth-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Hearth</title>');
    await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  });
  afterAll(async () => {
    await rm(webDist, { recursive: true, force: true });
  });
  // Whether or not CORS_ORIGINS is set: pictures are public.
  const ctx = useTestApp({ config: () => ({ webDist }) });

  it('uploads, the default avatar and backgrounds are cross-origin; the rest same-origin', async () => {
    const key = 'adalovelace/post_images/picture.png';
    await mkdir(path.join(ctx.config.dataDir, 'media', path.dirname(key)), { recursive: true });
    await writeFile(path.join(ctx.config.dataDir, 'media', key), Buffer.from('png bytes'));

    for (const url of [`/media/${key}`, '/images/default-avatar.svg', '/backgrounds/3.svg']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const missing = await ctx.app.inject({ url: '/media/adalovelace/post_images/none.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cross-origin-resource-policy']).toBe('cross-origin');

    for (const url of ['/api/v1/health', '/', '/assets/app-1a2b3c.js']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});
