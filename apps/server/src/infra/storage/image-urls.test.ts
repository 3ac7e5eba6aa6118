import { DEFAULT_PICTURE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test-support/test-clock.js';
import { ImageUrls } from './image-urls.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { MediaSignatures } from './media-signatures.js';
import type { Storage } from './storage.js';

const KEY = 'adalovelace/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f00.jpg';
const storage = new LocalDiskStorage('/nowhere');
const urls = new ImageUrls('https://social.example.org', storage);

describe('image addresses in answers', () => {
  it('an upload is answered under PUBLIC_URL, a built-in too, and no image stays empty', () => {
    expect(urls.url(KEY)).toBe(`https://social.example.org/media/${KEY}`);
    expect(urls.url(DEFAULT_PICTURE)).toBe('https://social.example.org/images/default-avatar.svg');
    expect(urls.url('/backgrounds/3.svg')).toBe('https://social.example.org/backgrounds/3.svg');
    expect(urls.url('')).toBe('');
  });

  it('a PUBLIC_URL with a path of its own keeps it', () => {
    const under = new ImageUrls('https://example.org/social', storage);
    expect(under.url(KEY)).toBe(`https://example.org/social/media/${KEY}`);
    expect(under.uploadKeyOf(`https://example.org/social/media/${KEY}`)).toBe(KEY);
    expect(under.builtinOf('https://example.org/social/backgrounds/2.svg')).toBe(
      '/backgrounds/2.svg',
    );
  });

  it('a storage with addresses of its own (a bucket, a CDN) is answered as it says', () => {
    const bucket: Storage = {
      put: (key, bytes, type) => storage.put(key, bytes, type),
      get: (key) => storage.get(key),
      putStream: (key, body, type) => storage.putStream(key, body, type),
      getStream: (key) => storage.getStream(key),
      delete: (key) => storage.delete(key),
      publicUrl: (key) => `https://cdn.example.net/${key}`,
      list: (after) => storage.list(after),
      deleteUnfinishedBefore: (cutoff) => storage.deleteUnfinishedBefore(cutoff),
      check: () => storage.check(),
    };
    expect(new ImageUrls('https://social.example.org', bucket).url(KEY)).toBe(
      `https://cdn.example.net/${KEY}`,
    );
  });

  it('a row holding something else is answered as it is, never failing the answer', () => {
    expect(urls.url('https://old.example.org/x.jpg')).toBe('https://old.example.org/x.jpg');
    expect(urls.url('not a key')).toBe('not a key');
  });
});

describe('images a client sends back', () => {
  it('every form names the same upload: its address now or under an earlier PUBLIC_URL, /media/…, the key', () => {
    for (const sent of [
      `https://social.example.org/media/${KEY}`,
      `http://localhost:3000/media/${KEY}`,
      `https://old-name.example.org/hearth/media/${KEY}?v=2`,
      `/media/${KEY}`,
      `/media/${KEY}#top`,
      ` ${KEY} `,
      KEY,
    ]) {
      expect(urls.uploadKeyOf(sent), sent).toBe(KEY);
    }
  });

  it('with MEDIA_PUBLIC_URL, its addresses name their upload too; another host’s do not', () => {
    const cdn = new ImageUrls('https://social.example.org', storage, 'https://cdn.example.net/h');
    expect(cdn.uploadKeyOf(`https://cdn.example.net/h/${KEY}`)).toBe(KEY);
    expect(cdn.uploadKeyOf(`https://cdn.example.net/h/${KEY}?x=1`)).toBe(KEY);
    expect(cdn.uploadKeyOf(`https://social.example.org/media/${KEY}`)).toBe(KEY);
    expect(cdn.uploadKeyOf(`https://cdn.example.net/${KEY}`)).toBeUndefined();
    expect(cdn.uploadKeyOf(`https://other.example.net/h/${KEY}`)).toBeUndefined();
    expect(cdn.uploadKeyOf('https://cdn.example.net/h/../etc/passwd.jpg')).toBeUndefined();
    const bucket = new ImageUrls('https://social.example.org', storage, 'https://b.s3.example');
    expect(bucket.uploadKeyOf(`https://b.s3.example/${KEY}`)).toBe(KEY);
    expect(urls.uploadKeyOf(`https://cdn.example.net/h/${KEY}`)).toBeUndefined();
  });

  it('a member called "media" is no trap', () => {
    const key = 'media/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f00.png';
    expect(urls.uploadKeyOf(`https://social.example.org/media/${key}`)).toBe(key);
  });

  it('anything else names no upload', () => {
    for (const sent of [
      '',
      DEFAULT_PICTURE,
      '/backgrounds/3.svg',
      'https://elsewhere.example/a.jpg',
      '/media/../../etc/passwd',
      '/media/x.jpg',
      '//evil.example/media/ada/post_images/a.jpg',
      'javascript:alert(1)',
      'https://[broken/media/ada/post_images/a.jpg',
    ]) {
      expect(urls.uploadKeyOf(sent), sent).toBeUndefined();
    }
  });

  it('a built-in is named by its path or by this server’s address for it, never another host’s', () => {
    expect(urls.builtinOf('/backgrounds/4.svg')).toBe('/backgrounds/4.svg');
    expect(urls.builtinOf('https://social.example.org/backgrounds/4.svg')).toBe(
      '/backgrounds/4.svg',
    );
    expect(urls.builtinOf('https://social.example.org/images/default-avatar.svg')).toBe(
      DEFAULT_PICTURE,
    );
    expect(urls.builtinOf('https://tracker.example/backgrounds/4.svg')).toBeUndefined();
    expect(urls.builtinOf('https://social.example.org/backgrounds/10.svg')).toBeUndefined();
    expect(urls.builtinOf('../../../images/3.jpg')).toBeUndefined();
  });
});

describe('signed addresses', () => {
  const HOUR = 3_600_000;
  const clock = new TestClock(new Date('2026-11-26T10:15:00Z'));
  const signatures = new MediaSignatures('a'.repeat(64), HOUR, clock);
  const signing = new ImageUrls(
    'https://social.example.org',
    storage,
    'https://cdn.example.net/h',
    signatures,
  );

  it('are this server’s, the same all through a window, expiring at the end of the next one', () => {
    const first = signing.url(KEY, true);
    const expires = Date.parse('2026-11-26T12:00:00Z') / 1000;
    expect(first).toMatch(
      new RegExp(`^https://social\\.example\\.org/media/${KEY}\\?exp=${expires}&sig=[\\w-]{22}$`),
    );
    expect(signing.signedFreshUntil()).toBe(Date.parse('2026-11-26T11:00:00Z'));
    clock.advance(40 * 60_000);
    expect(signing.url(KEY, true)).toBe(first);
    clock.advance(10 * 60_000);
    const next = signing.url(KEY, true);
    expect(new URL(next).searchParams.get('exp')).toBe(String(expires + 3600));
    // Unsigned, the storage's address as before (here the media folder's); sent back, each
    // names the upload.
    expect(signing.url(KEY)).toBe(`https://social.example.org/media/${KEY}`);
    for (const sent of [first, next]) expect(signing.uploadKeyOf(sent)).toBe(KEY);
  });

  it('open only their key, only until they expire, only with this secret', () => {
    const query = new URL(signing.url(KEY, true)).search.slice(1);
    expect(signatures.secondsLeft(KEY, query)).toBeGreaterThan(3600);
    expect(signatures.secondsLeft(KEY.replace('.jpg', '.png'), query)).toBeUndefined();
    const stranger = new MediaSignatures('b'.repeat(64), HOUR, clock);
    expect(stranger.secondsLeft(KEY, query)).toBeUndefined();
    clock.advance(2 * HOUR);
    expect(signatures.secondsLeft(KEY, query)).toBeUndefined();
  });

  it('cannot be asked of addresses made without signatures', () => {
    expect(() => urls.url(KEY, true)).toThrow();
    expect(urls.url('', true)).toBe('');
  });
});
