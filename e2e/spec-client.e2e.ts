import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser } from './support/browser.js';
import {
  inPage,
  openClient,
  type SpecClient,
  startClientOrigin,
  uploadFromPage,
} from './support/client-origin.js';
import { photo } from './support/members.js';
import { startMailCatcher } from './support/smtp.js';
import type { Friendship, Post, Profile, SessionUser } from './support/spec-client.js';

/*
 * A third-party client written from the spec's section 7 alone (support/spec-client.ts), served
 * from its own origin and run in Chromium against Hearth on another one, so every call is a real
 * cross-origin request with its CORS preflight.
 */

let app: Awaited<ReturnType<typeof startApp>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let client: Awaited<ReturnType<typeof startClientOrigin>>;
let browser: Browser;
let adaPage: Page;
let brunoPage: Page;
let ada: SessionUser;
let bruno: SessionUser;
let backgroundPost: Post;
let photoPost: Post;

const ADA = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.lovelace@example.test' };
const BRUNO = { first_name: 'Bruno', last_name: 'Ferreira', email: 'bruno.ferreira@example.test' };
const PASSWORD = 'a-good-password';
const NEW_PASSWORD = 'a-newer-password';

/** The fields of the spec's answers that hold a picture's address (section 3). */
const PICTURE_FIELDS = new Set(['picture', 'cover', 'background', 'url', 'secure_url', 'image']);

/**
 * Every picture address an answer named, with where each was seen. The last step shows them all,
 * so a flow's own step passes or fails on what it does, whatever form its addresses take.
 */
const answeredPictures = new Map<string, Set<string>>();

/** Keeps every picture address in `answer` (at any depth), labelled by the call and the field. */
function keepPictures(call: string, answer: unknown, at = ''): void {
  if (Array.isArray(answer)) {
    answer.forEach((item, index) => {
      keepPictures(call, item, `${at}[${index}]`);
    });
  } else if (answer !== null && typeof answer === 'object') {
    for (const [key, value] of Object.entries(answer)) {
      const field = `${at}.${key}`;
      if (PICTURE_FIELDS.has(key) && typeof value === 'string' && value !== '') {
        const seen = answeredPictures.get(value) ?? new Set<string>();
        answeredPictures.set(value, seen.add(`${call}${field}`));
      } else {
        keepPictures(call, value, field);
      }
    }
  }
}

/** One call of the spec client in the member's page; the pictures its answer names are kept. */
async function ask<Name extends keyof SpecClient>(
  page: Page,
  name: Name,
  ...args: Parameters<SpecClient[Name]>
): Promise<Awaited<ReturnType<SpecClient[Name]>>> {
  const answer = await inPage(page, name, ...args);
  keepPictures(name, answer);
  return answer;
}

/** The spec client's upload, with the photos picked from the client's own files; pictures kept. */
async function upload(page: Page, path: string, names: string[], pathLast = false) {
  const answer = await uploadFromPage(page, path, names, pathLast);
  keepPictures('uploadImages', answer);
  return answer;
}

/** A real JPEG, as a member picks from their camera roll. */
async function jpeg(color: string, width: number, height: number): Promise<Buffer> {
  return sharp(await photo(color, width, height))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A member's own page of the client, in a browser of their own (so a cookie jar of their own). */
async function clientPageFor(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openClient(page, `${client.origin}/`);
  return page;
}

function signUp(page: Page, who: typeof ADA) {
  return ask(page, 'register', {
    ...who,
    password: PASSWORD,
    bYear: 1990,
    bMonth: 4,
    bDay: 12,
    gender: 'female',
  });
}

/** An address's path on the provider, whichever form (absolute or a path) the answer gave. */
function pathOf(url: string): string {
  return new URL(url, app.url).pathname;
}

/** The answer as the success value it must be: a failing call answers its message instead. */
function succeeded<T>(answer: T | string): T {
  expect(typeof answer, `a failure: ${String(answer)}`).not.toBe('string');
  return answer as T;
}

async function profileOf(page: Page, username: string): Promise<Profile> {
  return succeeded(await ask(page, 'getProfile', username)) as Profile;
}

async function friendshipSeenBy(page: Page, username: string): Promise<Friendship> {
  return (await profileOf(page, username)).friendship;
}

const NONE: Friendship = {
  friends: false,
  following: false,
  requestSent: false,
  requestReceived: false,
};

async function friendsPage(page: Page) {
  const answer = succeeded(await ask(page, 'getFriendsPageInfos'));
  expect(answer.status).toBe('ok');
  const ids = (list: { _id: string }[]) => list.map((user) => user._id);
  return {
    requests: ids(answer.data.requests),
    sentRequests: ids(answer.data.sentRequests),
    friends: ids(answer.data.friends),
  };
}

beforeAll(async () => {
  mail = await startMailCatcher();
  client = await startClientOrigin({
    'sunrise.jpg': await jpeg('#fb8c00', 1600, 1200),
    'harbour.jpg': await jpeg('#1e88e5', 1200, 900),
    'portrait.jpg': await jpeg('#8e24aa', 800, 800),
  });
  app = await startApp({
    CORS_ORIGINS: client.origin,
    // Activation links open the client, where its member signed up.
    APP_URL: client.origin,
    SMTP_URL: mail.url,
  });
  client.useProvider(app.url);
  browser = await launchBrowser();
  adaPage = await clientPageFor();
  brunoPage = await clientPageFor();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await client?.close();
  await mail?.close();
});

describe('a client built from the spec alone, on another origin', () => {
  it('signs two members up; each answer has a token, kept in the user cookie without its message', async () => {
    const answer = succeeded(await signUp(adaPage, ADA));
    expect(answer).toMatchObject({
      message: expect.any(String),
      token: expect.any(String),
      username: expect.any(String),
      first_name: 'Ada',
      verified: false,
    });
    const { message: _message, ...user } = answer;
    expect(await ask(adaPage, 'sessionUser')).toEqual(user);
    ada = user;

    bruno = succeeded(await signUp(brunoPage, BRUNO));
    expect(bruno.token).toEqual(expect.any(String));
    expect((await ask(brunoPage, 'sessionUser'))?.id).toBe(bruno.id);
  });

  it('activates with the token of the mailed link, which opens the client, then logs in verified', async () => {
    const link = await mail.waitFor(ADA.email, /(http:\/\/\S+\/activate\/[A-Za-z0-9_-]+)/);
    expect(link.startsWith(`${client.origin}/activate/`)).toBe(true);
    await openClient(adaPage, link);
    const token = new URL(link).pathname.split('/').pop() ?? '';
    expect(await ask(adaPage, 'activateAccount', token)).toEqual({
      message: expect.any(String),
    });
    expect((await ask(adaPage, 'sessionUser'))?.verified).toBe(true);

    const again = succeeded(await ask(adaPage, 'login', ADA.email, PASSWORD));
    expect(again.verified).toBe(true);
    expect(again.id).toBe(ada.id);
    ada = { ...ada, token: again.token };
  });

  it('posts with a background sent as the client’s own copy, answered as built-in 3', async () => {
    const answer = succeeded(
      await ask(adaPage, 'createPost', {
        type: null,
        background: '../../../images/3.jpg',
        text: 'Green and blue today',
        images: null,
      }),
    );
    expect(answer.status).toBe('success');
    backgroundPost = answer.data;
    expect(backgroundPost.text).toBe('Green and blue today');
    expect(backgroundPost.user._id).toBe(ada.id);
    expect(backgroundPost.background).toMatch(/\/backgrounds\/3\.svg$/);

    // The background sent back as answered names the same built-in; that post is then deleted.
    const again = succeeded(
      await ask(adaPage, 'createPost', {
        type: null,
        background: backgroundPost.background,
        text: 'Once more',
        images: null,
      }),
    );
    expect(again.data.background).toBe(backgroundPost.background);
    succeeded(await ask(adaPage, 'deletePost', again.data._id));
    const feed = succeeded((await ask(adaPage, 'getPosts')).posts);
    expect(feed.map((post) => post._id)).toEqual([backgroundPost._id]);
  });

  it('posts photos: uploads them with the path first, then posts their urls', async () => {
    const uploaded = succeeded(
      await upload(adaPage, `${ada.username}/post_images`, ['sunrise.jpg', 'harbour.jpg']),
    );
    expect(uploaded).toHaveLength(2);
    const [first, second] = uploaded.map((image) => image.url);
    // A client may send an url back as answered or as its path on the provider.
    const asPath = new URL(second ?? '', app.url).pathname;
    const answer = succeeded(
      await ask(adaPage, 'createPost', {
        type: null,
        background: null,
        text: 'Two views of the bay',
        images: [{ url: first ?? '' }, { url: asPath }],
      }),
    );
    photoPost = answer.data;
    // Both forms name the same uploads, in the order sent.
    expect(photoPost.images?.map((image) => pathOf(image.url))).toEqual(
      uploaded.map((image) => pathOf(image.url)),
    );
  });

  it('pages the feed one post at a time, reading X-Next-Cursor from the answer', async () => {
    const first = await ask(adaPage, 'getPosts', 1);
    expect(succeeded(first.posts).map((post) => post._id)).toEqual([photoPost._id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await ask(adaPage, 'getPosts', 1, first.nextCursor ?? '');
    expect(succeeded(second.posts).map((post) => post._id)).toEqual([backgroundPost._id]);
  });

  it('uploads a profile picture with the path last and sets it', async () => {
    const [picture] = succeeded(
      await upload(adaPage, `${ada.username}/profile_pictures`, ['portrait.jpg'], true),
    );
    expect(picture?.url).toEqual(expect.any(String));
    const url = picture?.url ?? '';
    expect(await ask(adaPage, 'updateProfilePicture', url)).toBe('ok');
    expect((await ask(adaPage, 'sessionUser'))?.picture).toBe(url);
    const profile = await profileOf(brunoPage, ada.username);
    expect(profile.picture).toBe(url);

    // Anyone may list a member's uploads, newest first: the picture, then the two photos.
    const listing = succeeded(await ask(brunoPage, 'listImages', ada.username));
    expect(listing.total_count).toBe(3);
    expect(listing.resources.map((image) => pathOf(image.secure_url))).toEqual([
      pathOf(url),
      ...(photoPost.images ?? []).map((image) => pathOf(image.url)).reverse(),
    ]);
  });

  it('comments, with an image too, and an empty comment is answered 200 with the unchanged list', async () => {
    const first = succeeded(
      await ask(brunoPage, 'comment', 'What a colour!', '', backgroundPost._id),
    );
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      comment: 'What a colour!',
      image: '',
      commentBy: { first_name: 'Bruno', last_name: 'Ferreira' },
    });

    // A comment with an image uploads it first, then sends the first returned url.
    const [image] = succeeded(
      await upload(brunoPage, `${bruno.username}/post_images`, ['harbour.jpg']),
    );
    const list = succeeded(
      await ask(brunoPage, 'comment', 'Same bay, later', image?.url ?? '', backgroundPost._id),
    );
    expect(list.map((comment) => comment.comment)).toEqual(['Same bay, later', 'What a colour!']);
    expect(pathOf(list[0]?.image ?? '')).toBe(pathOf(image?.url ?? ''));

    const unchanged = await ask(adaPage, 'comment', '', '', backgroundPost._id);
    expect(unchanged).toEqual(list);
  });

  it('reacts, changes and withdraws reactions, as getReacts shows', async () => {
    expect(await ask(brunoPage, 'postReacts', 'love', photoPost._id)).toEqual({
      status: 'success',
    });
    expect(await ask(adaPage, 'postReacts', 'haha', photoPost._id)).toEqual({
      status: 'success',
    });
    const seenByBruno = succeeded(await ask(brunoPage, 'getReacts', photoPost._id));
    expect(seenByBruno).toMatchObject({ check: 'love', total: 2, checkSaved: false });
    const counts = Object.fromEntries(seenByBruno.reacts.map((r) => [r.react, r.count]));
    expect(counts).toMatchObject({ love: 1, haha: 1, like: 0 });

    // The same reaction again withdraws it; another one replaces it.
    await ask(brunoPage, 'postReacts', 'love', photoPost._id);
    await ask(adaPage, 'postReacts', 'wow', photoPost._id);
    const after = succeeded(await ask(adaPage, 'getReacts', photoPost._id));
    expect(after).toMatchObject({ check: 'wow', total: 1 });
    expect(succeeded(await ask(brunoPage, 'getReacts', photoPost._id)).check).toBeNull();
  });

  it('saves a post and unsaves it, as checkSaved shows', async () => {
    succeeded(await ask(brunoPage, 'savePost', photoPost._id));
    expect(succeeded(await ask(brunoPage, 'getReacts', photoPost._id)).checkSaved).toBe(true);
    expect(succeeded(await ask(adaPage, 'getReacts', photoPost._id)).checkSaved).toBe(false);
    succeeded(await ask(brunoPage, 'savePost', photoPost._id));
    expect(succeeded(await ask(brunoPage, 'getReacts', photoPost._id)).checkSaved).toBe(false);
  });

  it('visits an unknown profile and reads ok:false from a successful answer', async () => {
    expect(await ask(adaPage, 'getProfile', 'nobodyhere')).toEqual({ ok: false });
  });

  it('makes friends one way: Ada asks, Bruno accepts, then Ada unfriends', async () => {
    expect(await ask(adaPage, 'friendship', 'addFriend', bruno.id)).toBe('ok');
    expect(await friendshipSeenBy(adaPage, bruno.username)).toEqual({
      ...NONE,
      requestSent: true,
      following: true,
    });
    expect(await friendshipSeenBy(brunoPage, ada.username)).toMatchObject({
      friends: false,
      requestReceived: true,
    });
    expect((await friendsPage(adaPage)).sentRequests).toEqual([bruno.id]);
    expect((await friendsPage(brunoPage)).requests).toEqual([ada.id]);

    expect(await ask(brunoPage, 'friendship', 'acceptRequest', ada.id)).toBe('ok');
    const friends = { ...NONE, friends: true, following: true };
    expect(await friendshipSeenBy(brunoPage, ada.username)).toEqual(friends);
    expect(await friendshipSeenBy(adaPage, bruno.username)).toEqual(friends);
    const adaFriends = await friendsPage(adaPage);
    expect(adaFriends).toMatchObject({ requests: [], sentRequests: [], friends: [bruno.id] });

    const profile = await profileOf(adaPage, bruno.username);
    expect(profile.friends.map((friend) => friend.username)).toEqual([ada.username]);

    expect(await ask(adaPage, 'friendship', 'unfriend', bruno.id)).toBe('ok');
    expect(await friendshipSeenBy(adaPage, bruno.username)).toEqual(NONE);
    expect(await friendshipSeenBy(brunoPage, ada.username)).toEqual(NONE);
    expect((await friendsPage(brunoPage)).friends).toEqual([]);
  });

  it('makes friends the other way: Bruno asks and Ada declines, Bruno asks and cancels', async () => {
    expect(await ask(brunoPage, 'friendship', 'addFriend', ada.id)).toBe('ok');
    expect(await friendshipSeenBy(adaPage, bruno.username)).toMatchObject({
      requestReceived: true,
      friends: false,
    });
    expect(await ask(adaPage, 'friendship', 'deleteRequest', bruno.id)).toBe('ok');
    // Declined, Bruno no longer follows Ada either: every flag is false on both sides.
    expect(await friendshipSeenBy(adaPage, bruno.username)).toEqual(NONE);
    expect(await friendshipSeenBy(brunoPage, ada.username)).toEqual(NONE);

    expect(await ask(brunoPage, 'friendship', 'addFriend', ada.id)).toBe('ok');
    expect((await friendsPage(adaPage)).requests).toEqual([bruno.id]);
    expect(await ask(brunoPage, 'friendship', 'cancelFriendRequest', ada.id)).toBe('ok');
    expect(await friendshipSeenBy(brunoPage, ada.username)).toEqual(NONE);
    expect(await friendsPage(adaPage)).toMatchObject({ requests: [], friends: [] });
  });

  it('follows and unfollows without a friendship', async () => {
    expect(await ask(brunoPage, 'friendship', 'follow', ada.id)).toBe('ok');
    expect(await friendshipSeenBy(brunoPage, ada.username)).toEqual({ ...NONE, following: true });
    // Following brings Ada's posts into Bruno's feed.
    const feed = succeeded((await ask(brunoPage, 'getPosts')).posts);
    expect(feed.map((post) => post._id)).toEqual([photoPost._id, backgroundPost._id]);
    expect(await ask(brunoPage, 'friendship', 'unfollow', ada.id)).toBe('ok');
    expect(await friendshipSeenBy(brunoPage, ada.username)).toEqual(NONE);
  });

  it('searches, keeps the chosen member in the history, and removes them from it', async () => {
    const results = succeeded(await ask(adaPage, 'search', 'Brun'));
    const found = results.find((user) => user._id === bruno.id);
    expect(found).toMatchObject({
      username: bruno.username,
      first_name: 'Bruno',
      last_name: 'Ferreira',
    });

    // Its answer is not shown in the spec: the history tells whether it worked.
    await ask(adaPage, 'addToSearchHistory', bruno.id);
    const history = succeeded(await ask(adaPage, 'getSearchHistory'));
    expect(history.map((entry) => entry.user._id)).toEqual([bruno.id]);
    expect(history[0]).toMatchObject({ _id: expect.any(String), createdAt: expect.any(String) });

    await ask(adaPage, 'removeFromSearch', bruno.id);
    expect(await ask(adaPage, 'getSearchHistory')).toEqual([]);
  });

  it('resets a forgotten password with the mailed code, then logs in with the new one', async () => {
    await ask(brunoPage, 'logout');
    expect(await ask(brunoPage, 'sessionUser')).toBeNull();

    const found = succeeded(await ask(brunoPage, 'findUser', BRUNO.email));
    expect(found.email).toBe(BRUNO.email);
    expect(await ask(brunoPage, 'sendResetCode', BRUNO.email)).toEqual({
      message: expect.any(String),
    });
    const code = await mail.waitFor(BRUNO.email, /reset code is: ([A-Z0-9]{5})/);
    succeeded(await ask(brunoPage, 'validateResetCode', BRUNO.email, code));
    expect(await ask(brunoPage, 'resetPassword', BRUNO.email, NEW_PASSWORD, NEW_PASSWORD)).toEqual({
      message: expect.any(String),
    });

    // The old password is refused with a message (a failure answers its message).
    expect(await ask(brunoPage, 'login', BRUNO.email, PASSWORD)).toEqual(expect.any(String));
    const back = succeeded(await ask(brunoPage, 'login', BRUNO.email, NEW_PASSWORD));
    expect(back.id).toBe(bruno.id);
    expect((await ask(brunoPage, 'sessionUser'))?.token).toBe(back.token);
  });

  it('is refused by the browser from an origin CORS_ORIGINS does not list', async () => {
    const stranger = await (await browser.newContext()).newPage();
    await openClient(stranger, `${client.unlistedOrigin}/`);
    await expect(ask(stranger, 'findUser', BRUNO.email)).rejects.toThrow(/Failed to fetch/);
  });

  it('shows every picture the answers named, from the provider’s origin', async () => {
    expect(answeredPictures.size).toBeGreaterThan(5);
    for (const [url, seenIn] of answeredPictures) {
      const where = [...seenIn].slice(0, 3).join(', ');
      const shown = await inPage(adaPage, 'showPicture', url);
      expect.soft(url.startsWith(`${app.url}/`), `${url} (${where}) is absolute`).toBe(true);
      expect.soft(shown.naturalWidth, `${url} (${where}) loads`).toBeGreaterThan(0);
    }
  });
});
