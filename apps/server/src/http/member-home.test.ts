import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  cellSizes,
  HOME_FEED_ELEMENT_ID,
  imageSrcSet,
  type Post,
  ROUTES,
  WEB_FEED_PAGE_SIZE,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildPost, buildUser, follow } from '../test-support/factories.js';
import { jpeg } from '../test-support/images.js';
import { createPost, feedRequest, nextCursorOf } from '../test-support/posts-api.js';
import { callEndpoint, useTestApp } from '../test-support/test-app.js';
import { uploadedUrl } from '../test-support/uploads.js';
import { sessionToken } from './member-home.js';

// The phone issue: a signed-in member's `/` carries their first feed page and preloads its first
// picture, so the app shows the feed without asking the API first.

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Hearth</title></head>' +
  '<body><div id="root"></div></body></html>';
const INDEX_FR = INDEX.replace('lang="en"', 'lang="fr"');

let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'hearth-home-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(path.join(webDist, 'index.fr.html'), INDEX_FR);
});
afterAll(async () => {
  await rm(webDist, { recursive: true, force: true });
});

const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** The `user` cookie as the web app writes it (session-cookie.ts): the session, JSON, encoded. */
function userCookie(member: BuiltUser): string {
  const { user, token } = member;
  const session = { id: user.id, username: user.username, first_name: user.first_name, token };
  return `user=${encodeURIComponent(JSON.stringify(session))}`;
}

interface HomeBlock {
  memberId: string;
  nextCursor: string | null;
  renderedAt: number;
  posts: Post[];
}

/** The data block of a page, read as the app reads it (JSON of the element's text), if any. */
function homeBlock(html: string): HomeBlock | undefined {
  const found = new RegExp(
    `<script type="application/json" id="${HOME_FEED_ELEMENT_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return found ? (JSON.parse(found[1]!) as HomeBlock) : undefined;
}

/** The attributes of the page's image preload, entities decoded, if there is one. */
function preloadOf(html: string): Record<string, string> | undefined {
  const tag = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
  if (!tag) return undefined;
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...tag.matchAll(/([a-z]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]),
  );
}

describe('a signed-in member’s home page', () => {
  const ctx = useTestApp({ config: () => ({ webDist }) });

  const home = (cookie?: string, extra: Record<string, string> = {}) =>
    ctx.app.inject({
      url: '/',
      headers: { accept: HTML, ...(cookie ? { cookie } : {}), ...extra },
    });

  it('holds their first feed page exactly as the API answers it, and preloads its first picture', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const grace = await buildUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    await follow(ctx, ada, grace);
    for (let i = 0; i < WEB_FEED_PAGE_SIZE + 2; i++) await buildPost(ctx, grace);
    const folder = `${grace.user.username}/post_images`;
    const photos = [
      await uploadedUrl(ctx.app, grace.token, folder, await jpeg(640, 480)),
      await uploadedUrl(ctx.app, grace.token, folder, await jpeg(480, 640)),
    ];
    const created = await createPost(ctx.app, grace.token, {
      text: 'Two photos from the harbour',
      images: photos.map((url) => ({ url })),
    });
    expect(created.statusCode).toBe(201);

    const res = await home(userCookie(ada));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('Cookie');

    const api = await feedRequest(ctx.app, ada.token, `limit=${WEB_FEED_PAGE_SIZE}`);
    const block = homeBlock(res.body);
    expect(block?.memberId).toBe(ada.user.id);
    expect(block?.posts).toEqual(api.json());
    expect(block?.posts).toHaveLength(WEB_FEED_PAGE_SIZE);
    expect(block?.posts[0]?.text).toBe('Two photos from the harbour');
    expect(block?.nextCursor).toBe(nextCursorOf(api));

    // The first card's first cell, as the grid asks for it: two photos side by side.
    const first = block!.posts[0]!.images[0]!.url;
    expect(preloadOf(res.body)).toEqual({
      rel: 'preload',
      as: 'image',
      href: first,
      imagesrcset: imageSrcSet(first),
      imagesizes: cellSizes('two', 0),
      fetchpriority: 'high',
    });
    // The preload comes first in the head; the block before the head's end; the rest is the page.
    expect(res.body.indexOf('<link rel="preload"')).toBe(res.body.indexOf('<head>') + 6);
    expect(
      res.body.replace(
        /<link rel="preload"[^>]*>|<script type="application\/json"[\s\S]*?<\/script>/g,
        '',
      ),
    ).toBe(INDEX);

    // The CSP is the one every page gets: the block is data, nothing is allowed to run for it.
    const plain = await home();
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it('is the page of the member whose cookie it is, never another’s, in their language', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Byron' });
    const grace = await buildUser(ctx, { first_name: 'Grace', last_name: 'Brewster' });
    await follow(ctx, ada, grace);
    await follow(ctx, grace, ada);
    await buildPost(ctx, ada, { text: 'Only Ada may read this', audience: 'only_me' });
    await buildPost(ctx, grace, { text: 'Grace to everyone' });

    const adaPage = await home(userCookie(ada));
    const gracePage = await home(`${userCookie(grace)}; lang=fr`);
    expect(homeBlock(adaPage.body)?.memberId).toBe(ada.user.id);
    expect(homeBlock(adaPage.body)?.posts.map((p) => p.text)).toEqual([
      'Grace to everyone',
      'Only Ada may read this',
    ]);
    expect(homeBlock(gracePage.body)?.memberId).toBe(grace.user.id);
    expect(homeBlock(gracePage.body)?.posts.map((p) => p.text)).toEqual(['Grace to everyone']);
    expect(gracePage.body).not.toContain('Only Ada may read this');
    expect(gracePage.body).toContain('<html lang="fr">');
    // A post without a picture first: nothing to preload.
    expect(preloadOf(adaPage.body)).toBeUndefined();
  });

  it('keeps a post’s text inert: nothing a member writes closes the block or runs', async () => {
    const mallory = await buildUser(ctx, { first_name: 'Mallory', last_name: 'Writer' });
    const text = '</script><script>alert(1)</script><!-- <\u2028 & "quoted"';
    expect((await createPost(ctx.app, mallory.token, { text })).statusCode).toBe(201);

    const res = await home(userCookie(mallory));
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(homeBlock(res.body)?.posts[0]?.text).toBe(text);
  });

  it('without a live session it is the page everyone gets, revalidated as before', async () => {
    const ended = await buildUser(ctx);
    const logout = await callEndpoint(ctx.app, ROUTES.logout, { token: ended.token });
    expect(logout.statusCode).toBe(200);
    const forged = { ...ended, token: `${ended.token.slice(0, -4)}AAAA` };
    for (const cookie of [
      undefined,
      'user=x',
      'user=%7B%22token%22%3A5%7D',
      `user=${encodeURIComponent('{"token":"not-a-token"}')}`,
      userCookie(ended),
      userCookie(forged),
    ]) {
      const res = await home(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toBe(INDEX);
      expect(res.headers['cache-control'], cookie).toBe('no-cache');
    }
  });

  it('other paths stay the page everyone gets, and so does HEAD', async () => {
    const ada = await buildUser(ctx);
    await buildPost(ctx, ada, { text: 'Mine' });
    for (const url of ['/profile/someone', '/friends']) {
      const res = await ctx.app.inject({ url, headers: { accept: HTML, cookie: userCookie(ada) } });
      expect(res.body, url).toBe(INDEX);
    }
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { accept: HTML, cookie: userCookie(ada) },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });
});

describe('a member’s home pages over their limit', () => {
  const ctx = useTestApp({
    config: () => ({ webDist, limits: { memberDefault: { max: 2, windowMs: 60_000 } } }),
  });

  it('go without the feed (the app then asks the API), never a refusal', async () => {
    const ada = await buildUser(ctx);
    await buildPost(ctx, ada, { text: 'Mine' });
    const cookie = userCookie(ada);
    const pages = [];
    for (let i = 0; i < 3; i++) {
      pages.push(await ctx.app.inject({ url: '/', headers: { accept: HTML, cookie } }));
    }
    expect(pages.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(pages.map((res) => homeBlock(res.body)?.posts.length)).toEqual([1, 1, undefined]);
    expect(pages[2]!.body).toBe(INDEX);
  });
});

describe('the session cookie as the page reads it', () => {
  it('takes the token of the `user` cookie and nothing else', () => {
    const session = encodeURIComponent(JSON.stringify({ id: 'x', token: 'abc.def.ghi' }));
    expect(sessionToken(`lang=fr; user=${session}; darkTheme=true`)).toBe('abc.def.ghi');
    expect(sessionToken(`xuser=${session}`)).toBeUndefined();
    expect(sessionToken('user=%E0%A4%A')).toBeUndefined();
    expect(sessionToken('user=null')).toBeUndefined();
    expect(sessionToken(undefined)).toBeUndefined();
  });
});

// The home's first screen, drawn by the server with the web build's renderer (apps/web
// src/prerender/home-markup.tsx, built into `.ssr/`; the browser tests use the real one). Here a
// renderer of the same shape writes what it was given, so the page shows what the server passes.
const RENDERER = `export async function renderHomeMarkup(input) {
  if (input.posts.some((post) => post.text === 'Break the renderer')) throw new Error('boom');
  return '<main data-given="' + encodeURIComponent(JSON.stringify(input)) + '">home</main>';
}
`;
const HOME_CSS = '._home_1{display:grid}';
const LOGIN_CSS = '._login_1{display:flex}';

describe('a member’s home page with its first screen drawn', () => {
  let screenDist: string;
  beforeAll(async () => {
    screenDist = await mkdtemp(path.join(os.tmpdir(), 'hearth-home-screen-'));
    await mkdir(path.join(screenDist, 'assets'));
    await mkdir(path.join(screenDist, '.ssr'));
    const page = INDEX.replace(
      '</head>',
      `<style data-prerendered-css>${LOGIN_CSS}</style>\n<link rel="stylesheet" href="/assets/login.css" disabled data-prerendered-css></head>`,
    ).replace(
      '<div id="root"></div>',
      '<div id="root"><div data-prerendered="login"><form>login</form></div></div><script>load()</script>',
    );
    await writeFile(path.join(screenDist, 'index.html'), page);
    await writeFile(path.join(screenDist, 'index.fr.html'), page.replace('lang="en"', 'lang="fr"'));
    await writeFile(path.join(screenDist, 'assets', 'home-1.css'), HOME_CSS);
    await writeFile(path.join(screenDist, '.ssr', 'home-markup.js'), RENDERER);
    await writeFile(
      path.join(screenDist, '.ssr', 'home.json'),
      JSON.stringify({ css: ['assets/home-1.css'], modules: ['assets/home-1.js'] }),
    );
  });
  afterAll(async () => {
    await rm(screenDist, { recursive: true, force: true });
  });
  const ctx = useTestApp({ config: () => ({ webDist: screenDist }) });

  /** The `user` cookie exactly as the web app writes it after a login: the whole session. */
  async function appCookie(member: BuiltUser): Promise<string> {
    const login = await callEndpoint(ctx.app, ROUTES.login, {
      body: { email: member.user.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    const { message: _message, ...session } = login.json() as Record<string, unknown>;
    return `user=${encodeURIComponent(JSON.stringify(session))}`;
  }

  /** What the page's renderer was given, read back from its markup. */
  function given(html: string) {
    const found = /<main data-given="([^"]*)">home<\/main>/.exec(html);
    return found
      ? (JSON.parse(decodeURIComponent(found[1]!)) as {
          language: string;
          user: Record<string, unknown>;
          posts: Post[];
          nextCursor: string | null;
          now: number;
        })
      : undefined;
  }

  const home = (cookie: string) => ctx.app.inject({ url: '/', headers: { accept: HTML, cookie } });

  it('holds the layout and the first cards in #root, with the home’s styles and modules', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    for (let i = 1; i <= WEB_FEED_PAGE_SIZE + 1; i++) {
      await buildPost(ctx, ada, { text: `Post ${i}` });
    }
    const res = await home(`${await appCookie(ada)}; lang=fr`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const drawn = given(res.body);
    // The page's posts as the block holds them (the app's list draws its first cards), in the
    // member's language, as of the block's time, the member without their token.
    expect(drawn?.posts).toEqual(homeBlock(res.body)?.posts);
    expect(drawn?.posts[0]?.text).toBe(`Post ${WEB_FEED_PAGE_SIZE + 1}`);
    expect(drawn?.nextCursor).toBe(homeBlock(res.body)?.nextCursor);
    expect(drawn?.now).toBe(homeBlock(res.body)?.renderedAt);
    expect(Math.abs(Date.now() - drawn!.now)).toBeLessThan(60_000);
    expect(drawn?.language).toBe('fr');
    expect(drawn?.user).toMatchObject({ id: ada.user.id, first_name: 'Ada', token: '' });
    expect(res.body).not.toContain(ada.token);
    // In #root instead of the login screen, marked for the app with the home's modules (which
    // its loader preloads); the loader after it stays.
    expect(res.body).toContain(
      `<div id="root" data-home-screen="/assets/home-1.js"><main data-given="`,
    );
    expect(res.body).not.toContain('data-prerendered="login"');
    expect(res.body).toMatch(/home<\/main><\/div><script>load\(\)<\/script>/);
    // The home's stylesheet inline in the head (and its link disabled, for Vite's loader); the
    // login screen's styles left out.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(`<style>${HOME_CSS}</style>`);
    expect(head).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/home-1.css" disabled>',
    );
    expect(head).not.toContain('login.css');
    expect(head).not.toContain(LOGIN_CSS);
    // The CSP is every page's.
    const plain = await ctx.app.inject({ url: '/', headers: { accept: HTML } });
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(given(plain.body)).toBeUndefined();
  });

  it('is drawn for the member of the session only, and a failed drawing leaves the app to it', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada' });
    const grace = await buildUser(ctx, { first_name: 'Grace' });
    await buildPost(ctx, ada, { text: 'Ada’s own' });
    // A cookie whose session is Ada's but whose member is Grace's: the feed is Ada's, the
    // screen is not drawn with Grace's name.
    const adaSession = JSON.parse(decodeURIComponent((await appCookie(ada)).slice(5)));
    const graceSession = JSON.parse(decodeURIComponent((await appCookie(grace)).slice(5)));
    const mixed = `user=${encodeURIComponent(JSON.stringify({ ...graceSession, token: adaSession.token }))}`;
    const res = await home(mixed);
    expect(homeBlock(res.body)?.memberId).toBe(ada.user.id);
    expect(given(res.body)).toBeUndefined();
    expect(res.body).toContain('data-prerendered="login"');

    // Through the API, so the feed's kept first page learns of it as any new post's.
    expect((await createPost(ctx.app, ada.token, { text: 'Break the renderer' })).statusCode).toBe(
      201,
    );
    const failed = await home(await appCookie(ada));
    expect(failed.statusCode).toBe(200);
    expect(homeBlock(failed.body)?.posts[0]?.text).toBe('Break the renderer');
    expect(given(failed.body)).toBeUndefined();
    expect(failed.body).not.toContain('data-home-screen');
  });

  it('never serves the renderer itself', async () => {
    for (const url of ['/.ssr/home-markup.js', '/.ssr/home.json']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('renderHomeMarkup');
    }
  });
});
