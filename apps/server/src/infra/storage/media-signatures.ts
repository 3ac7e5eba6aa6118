import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';

/** The query parameters of a signed `/media` address: its expiry (Unix seconds) and signature. */
export const EXPIRES_PARAM = 'exp';
export const SIGNATURE_PARAM = 'sig';

/** Bytes of the HMAC kept in an address (128 bits, 22 base64url characters). */
const SIGNATURE_BYTES = 16;

/**
 * Expiring signatures for the files of uploads that not every member may see (a friends-only
 * post's photos): `?exp={unix seconds}&sig={HMAC-SHA256(key, "{storage key}\n{exp}")}`, the key
 * derived from JWT_SECRET, so every process signs and checks alike.
 *
 * Addresses are made per window (MEDIA_SIGNED_URL_TTL_S): all signed during one window expire at
 * the end of the next, so every allowed viewer gets the same address within a window (a cached
 * card stays shared) and each address works for at least one whole window after it is given. A
 * variant is signed with its upload's storage key: the address of a variant is its original's
 * with `-w{width}.webp` for the extension and the same query (the contract's `imageVariantUrl`).
 */
export class MediaSignatures {
  private readonly key: Buffer;

  constructor(
    secret: string,
    /** The window, in milliseconds. */
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    if (!(windowMs >= 1000 && windowMs % 1000 === 0)) {
      throw new Error('The signing window must be a whole number of seconds.');
    }
    this.key = createHmac('sha256', secret).update('media-signing').digest();
  }

  /** The query (without `?`) that opens the upload under `storageKey` until the next window ends. */
  query(storageKey: string): string {
    const expires = Math.floor(this.expiresAt(this.clock.now().getTime()) / 1000);
    return `${EXPIRES_PARAM}=${expires}&${SIGNATURE_PARAM}=${this.signature(storageKey, expires)}`;
  }

  /**
   * Until when (epoch milliseconds) an address signed now may still be handed out: the end of the
   * current window. Whoever keeps addresses to hand out later (the card cache) drops them then.
   */
  freshUntil(): number {
    return this.windowEndAfter(this.clock.now().getTime());
  }

  /**
   * Whether the query of a request (`exp=…&sig=…`, from the URL after `?`) opens the upload under
   * `storageKey` now: signed by this server for that key, and not expired. Answers how many whole
   * seconds it still does (for the answer's caching), undefined when it does not.
   */
  secondsLeft(storageKey: string, search: string): number | undefined {
    const params = new URLSearchParams(search);
    const expires = params.get(EXPIRES_PARAM) ?? '';
    const sent = params.get(SIGNATURE_PARAM) ?? '';
    if (!/^[0-9]{1,12}$/.test(expires)) return undefined;
    const left = Number(expires) * 1000 - this.clock.now().getTime();
    if (left <= 0) return undefined;
    const expected = Buffer.from(this.signature(storageKey, Number(expires)));
    const given = Buffer.from(sent);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return Math.floor(left / 1000);
  }

  private signature(storageKey: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${storageKey}\n${expires}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  }

  /** The end of the window holding `ms`. */
  private windowEndAfter(ms: number): number {
    return (Math.floor(ms / this.windowMs) + 1) * this.windowMs;
  }

  /** The expiry of addresses signed at `ms`: the end of the window after the current one. */
  private expiresAt(ms: number): number {
    return this.windowEndAfter(ms) + this.windowMs;
  }
}

/** The query of a request URL, without `?` ('' when none). */
export function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}
