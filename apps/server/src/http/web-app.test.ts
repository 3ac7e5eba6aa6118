import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/test-app.js';

const THEME_SCRIPT = "document.documentElement.classList.add('dark')";
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app-3f2a1b.js"></script></head><body><div id="root"></div></body></html>`;

// The login screen prerendered in French and in Arabic (the languages issue).
const INDEX_FR = INDEX.replace('<html>', '<html lang="fr" dir="ltr">');
const INDEX_AR = INDEX.replace('<html>', '<html lang="ar" dir="rtl">');

let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'hearth-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(path.join(webDist, 'index.fr.html'), INDEX_FR);
  await writeFile(path.join(webDist, 'index.ar.html'), INDEX_AR);
  await writeFile(path.join(webDist, 'assets', 'app-3f2a1b.js'), 'console.log("app")');
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
});
afterAll(async () => {
  await rm(webDist, { recursive: true, force: true });
});

const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the built web app', () => {
  const ctx = useTestApp({ config: () => ({ webDist }) });

  it('the home page is index.html, revalidated on every visit', async () => {
    const res = await ctx.app.inject({ url: '/', headers: page });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('the CSP allows the page’s own inline theme script, and no other inline script', async () => {
    const res = await ctx.app.inject({ url: '/', headers: page });
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('hashed assets are cached for a year as immutable, with only the headers a script obeys', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-3f2a1b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
      'etag',
      'last-modified',
    ]) {
      expect(res.headers[name], name).toBeUndefined();
    }
  });

  it('other files are served and revalidated, with every security header', async () => {
    for (const url of ['/favicon.svg', '/sw.js']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeDefined();
      // A service worker runs under the CSP of its own script's answer.
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('a deep link opened in the browser loads the app (history fallback)', async () => {
    for (const url of [
      '/profile/adalovelace',
      '/activate/some-token',
      '/friends/requests',
      '/reset',
    ]) {
      const res = await ctx.app.inject({ url, headers: page });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('the page is in the visitor’s language: the one they chose, else their browser’s', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ cookie: 'lang=fr' }, INDEX_FR],
      [{ cookie: 'user=x; lang=ar' }, INDEX_AR],
      [{ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' }, INDEX_FR],
      [{ 'accept-language': 'de-DE, ar;q=0.5' }, INDEX_AR],
      [{ 'accept-language': 'en-GB, fr;q=0.5' }, INDEX],
      // The chosen language wins over the browser's; one without a page gets English.
      [{ cookie: 'lang=en', 'accept-language': 'fr' }, INDEX],
      [{ cookie: 'lang=it', 'accept-language': 'fr' }, INDEX],
      [{ cookie: 'lang=../../etc', 'accept-language': 'ar' }, INDEX_AR],
      [{ 'accept-language': 'x'.repeat(5000) }, INDEX],
    ];
    for (const [headers, body] of cases) {
      for (const url of ['/', '/profile/adalovelace']) {
        const res = await ctx.app.inject({ url, headers: { ...page, ...headers } });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.body, `${url} ${JSON.stringify(headers)}`).toBe(body);
        expect(res.headers.vary).toContain('Accept-Language');
      }
    }
  });

  it('a damaged language cookie is no choice: the browser’s language, never an error', async () => {
    const res = await ctx.app.inject({
      url: '/',
      headers: { ...page, cookie: 'lang=%E0%A4%A', 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_FR);
  });

  it('a login footer link names the language in the address, over the cookie', async () => {
    const res = await ctx.app.inject({ url: '/?lang=ar', headers: { ...page, cookie: 'lang=fr' } });
    expect(res.body).toBe(INDEX_AR);
    const unknown = await ctx.app.inject({
      url: '/?lang=xx',
      headers: { ...page, cookie: 'lang=fr' },
    });
    expect(unknown.body).toBe(INDEX_FR);
  });

  it('the home page answers a client that does not say it wants HTML too', async () => {
    const res = await ctx.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('a missing script is a 404, not the page', async () => {
    const res = await ctx.app.inject({ url: '/assets/missing-123.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  it('API and dev paths never fall back to the page', async () => {
    for (const url of ['/api/v1/unknown', '/api/nothing', '/dev/unknown']) {
      const res = await ctx.app.inject({ url, headers: page });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('a POST to an unknown page path is a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/profile', headers: page });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('without a built web app', () => {
  const ctx = useTestApp();

  it('page paths get a JSON 404 and the API still works', async () => {
    const res = await ctx.app.inject({ url: '/profile/ada', headers: page });
    expect(res.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
