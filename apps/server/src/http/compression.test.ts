import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPost, buildUser } from '../test-support/factories.js';
import { jpeg } from '../test-support/images.js';
import { useTestApp } from '../test-support/test-app.js';
import { uploadedUrl } from '../test-support/uploads.js';

// A built app as the web build leaves it: each text file with a .br and a .gz beside it.
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root">${'<p>Hearth</p>'.repeat(100)}</div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(500))});`;

let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'hearth-web-'));
  await mkdir(path.join(webDist, 'assets'));
  for (const [name, text] of [
    ['index.html', INDEX],
    ['assets/app-1a2b3c.js', SCRIPT],
  ] as const) {
    const file = path.join(webDist, name);
    await writeFile(file, text);
    await writeFile(`${file}.br`, brotliCompressSync(text));
    await writeFile(`${file}.gz`, gzipSync(text));
  }
});
afterAll(async () => {
  await rm(webDist, { recursive: true, force: true });
});

const BROWSER = 'gzip, deflate, br, zstd';
const page = { accept: 'text/html,*/*;q=0.8' };

function varies(headers: Record<string, unknown>): boolean {
  return String(headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');
}

/** A feed page well over the compression threshold. */
async function bigFeed(ctx: ReturnType<typeof useTestApp>) {
  const { user, token } = await buildUser(ctx);
  for (let i = 0; i < 12; i += 1) {
    await buildPost(ctx, user, { text: `Post number ${i}: a walk by the river, then tea.` });
  }
  return { token };
}

describe('the web app’s files go precompressed', () => {
  const ctx = useTestApp({ config: () => ({ webDist }) });

  it('a browser gets brotli for the page, its deep links and its scripts; Vary says why', async () => {
    for (const url of ['/', '/profile/adalovelace', '/assets/app-1a2b3c.js']) {
      const res = await ctx.app.inject({ url, headers: { ...page, 'accept-encoding': BROWSER } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(varies(res.headers), url).toBe(true);
      const text = brotliDecompressSync(res.rawPayload).toString();
      expect(text, url).toBe(url.endsWith('.js') ? SCRIPT : INDEX);
      expect(res.rawPayload.length, url).toBeLessThan(text.length / 4);
    }
  });

  it('a client that takes only gzip gets gzip, and one that takes nothing gets the file as it is', async () => {
    const gz = await ctx.app.inject({ url: '/', headers: { ...page, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);

    const plain = await ctx.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(varies(plain.headers)).toBe(true);
  });
});

describe('API answers', () => {
  const ctx = useTestApp();

  it('are compressed for a client that asks, and equal the plain answer once decoded', async () => {
    const { token } = await bigFeed(ctx);
    const auth = { authorization: `Bearer ${token}` };
    const plain = await ctx.app.inject({ url: '/api/v1/posts?limit=20', headers: auth });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await ctx.app.inject({
      url: '/api/v1/posts?limit=20',
      headers: { ...auth, 'accept-encoding': BROWSER },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);

    const gz = await ctx.app.inject({
      url: '/api/v1/posts?limit=20',
      headers: { ...auth, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('under a kilobyte go as they are', async () => {
    const res = await ctx.app.inject({
      url: '/api/v1/health',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('media are sent byte for byte, never compressed again', async () => {
    const { user, token } = await buildUser(ctx);
    const bytes = await jpeg(400, 300);
    const url = await uploadedUrl(ctx.app, token, `${user.username}/post_images`, bytes);
    const res = await ctx.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});

describe('with HTTP_COMPRESSION=false (a reverse proxy compresses)', () => {
  const ctx = useTestApp({ config: { httpCompression: false } });

  it('API answers go plain whatever the client accepts', async () => {
    const { token } = await bigFeed(ctx);
    const res = await ctx.app.inject({
      url: '/api/v1/posts?limit=20',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveLength(12);
  });
});
