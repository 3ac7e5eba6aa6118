import { BUILTIN_BACKGROUNDS, DEFAULT_PICTURE } from '@hearth/contract';
import { MEDIA_URL_PREFIX } from './media-paths.js';
import type { MediaSignatures } from './media-signatures.js';
import { STORAGE_KEY, type Storage } from './storage.js';

/** The images the server itself serves at stable paths (http/builtin-images.ts). */
const BUILTIN_PATHS: ReadonlySet<string> = new Set([DEFAULT_PICTURE, ...BUILTIN_BACKGROUNDS]);

/**
 * What the database keeps for an image, and the addresses answers give for it.
 *
 * A row stores an image **reference**, never an address: an upload's storage key
 * (`ada/post_images/{uuid}.jpg`), a built-in's server path (`/images/default-avatar.svg`,
 * `/backgrounds/3.svg`), or '' for none. Answers turn it into an absolute URL from PUBLIC_URL
 * as they are made, so a client on any origin can load it and a new PUBLIC_URL moves every
 * picture at once. To name an upload, a client may send back any address it was given, now or
 * under an earlier PUBLIC_URL (any host: only the key is kept, and it must be the member's own),
 * the `/media/…` path, an address under MEDIA_PUBLIC_URL, or the key itself. A built-in is named by its path or by this server's
 * current address for it: another host's address for a background stays refused (API.md), as
 * nothing tells an earlier PUBLIC_URL from a stranger's.
 *
 * The files of an upload that not every member may see (a friends-only post's photos) are
 * answered with an expiring signed address instead (`signed`, media-signatures.ts), always this
 * server's `/media/` even with MEDIA_PUBLIC_URL: only this server checks the signature.
 */
export class ImageUrls {
  private readonly origin: string;

  /**
   * `publicUrl` without its trailing slash, as config.ts keeps it; `mediaPublicUrl`
   * (MEDIA_PUBLIC_URL, the bucket's or CDN's address, no trailing slash) when uploads are
   * answered there, so those addresses sent back name their upload too.
   */
  constructor(
    private readonly publicUrl: string,
    private readonly storage: Storage,
    private readonly mediaPublicUrl?: string,
    /** Signs the addresses of restricted uploads; without it, asking for one is a bug. */
    private readonly signatures?: MediaSignatures,
  ) {
    this.origin = new URL(publicUrl).origin;
  }

  /**
   * The absolute URL of a stored reference; '' stays '' (no cover, no comment image). Anything
   * else a row may hold (written by hand, or by an older tool) is answered as it is rather than
   * failing the whole answer.
   */
  url(reference: string, signed = false): string {
    if (reference.startsWith('/')) return this.publicUrl + reference;
    if (!STORAGE_KEY.test(reference)) return reference;
    if (signed) return this.signedUrl(reference);
    const address = this.storage.publicUrl(reference);
    return address.startsWith('/') ? this.publicUrl + address : address;
  }

  /**
   * Until when (epoch milliseconds) the signed addresses made now may be handed out (the end of
   * the signing window); whatever keeps them to answer later must drop them by then.
   */
  signedFreshUntil(): number {
    return this.signer().freshUntil();
  }

  /** This server's address of the upload under `key`, with a signature that expires. */
  private signedUrl(key: string): string {
    return `${this.publicUrl}${MEDIA_URL_PREFIX}${key}?${this.signer().query(key)}`;
  }

  private signer(): MediaSignatures {
    if (!this.signatures) throw new Error('These image addresses cannot be signed: no signatures.');
    return this.signatures;
  }

  /**
   * The storage key of the upload a client names, in any form it may send back; undefined when
   * it names no upload (a built-in, another site's file, anything unreadable).
   */
  uploadKeyOf(sent: string): string | undefined {
    return uploadKeyOf(sent) ?? (this.mediaPublicUrl && keyUnder(this.mediaPublicUrl, sent));
  }

  /**
   * The built-in a client names by its server path or by this server's absolute URL for it
   * (`http://host/backgrounds/3.svg`, as answers give it); undefined otherwise, another host's
   * address included.
   */
  builtinOf(sent: string): string | undefined {
    const value = sent.trim();
    if (BUILTIN_PATHS.has(value)) return value;
    if (!/^https?:\/\//i.test(value)) return undefined;
    const url = parseUrl(value);
    if (!url || url.origin !== this.origin) return undefined;
    const base = new URL(this.publicUrl).pathname.replace(/\/$/, '');
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : '';
    return BUILTIN_PATHS.has(path) ? path : undefined;
  }
}

const MEDIA = '/media/';

/** ImageUrls.uploadKeyOf, which needs nothing of the server's own addresses. */
export function uploadKeyOf(sent: string): string | undefined {
  const value = sent.trim();
  if (STORAGE_KEY.test(value)) return value;
  const path = pathOf(value);
  if (path === undefined) return undefined;
  // The first `/media/` followed by a whole key: PUBLIC_URL may carry a path of its own
  // (`https://example.org/social/media/…`), and a member may be called "media".
  for (let at = path.indexOf(MEDIA); at !== -1; at = path.indexOf(MEDIA, at + 1)) {
    const key = path.slice(at + MEDIA.length);
    if (STORAGE_KEY.test(key)) return key;
  }
  return undefined;
}

/** The key an address under `base` (MEDIA_PUBLIC_URL) names: `{base}/{key}`, same origin. */
function keyUnder(base: string, sent: string): string | undefined {
  const value = sent.trim();
  const url = /^https?:\/\//i.test(value) ? parseUrl(value) : undefined;
  const baseUrl = parseUrl(base);
  if (!url || !baseUrl || url.origin !== baseUrl.origin) return undefined;
  const prefix = `${baseUrl.pathname.replace(/\/+$/, '')}/`;
  if (!url.pathname.startsWith(prefix)) return undefined;
  const key = url.pathname.slice(prefix.length);
  return STORAGE_KEY.test(key) ? key : undefined;
}

/** The path of an absolute http(s) URL or of a server path, without query or fragment. */
function pathOf(value: string): string | undefined {
  if (value.startsWith('/') && !value.startsWith('//')) return value.split(/[?#]/, 1)[0];
  if (!/^https?:\/\//i.test(value)) return undefined;
  return parseUrl(value)?.pathname;
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
