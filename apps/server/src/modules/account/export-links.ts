import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where a ready zip is downloaded: `{EXPORT_DOWNLOAD_PATH}{exportId}?exp=…&sig=…`. */
export const EXPORT_DOWNLOAD_PATH = '/downloads/exports/';

const EXPIRES = 'exp';
const SIGNATURE = 'sig';
/** Bytes of the HMAC kept in an address (128 bits, 22 base64url characters). */
const SIGNATURE_BYTES = 16;

/**
 * The short-lived addresses of 'Download your information' zips. A browser's download carries no
 * Bearer header, so the address itself proves the member asked for it: the export's id and an
 * expiry (Unix seconds) under an HMAC whose key is derived from JWT_SECRET (so every process
 * signs and checks alike), kept apart from the media's signatures by its own derivation.
 */
export class ExportLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('data-export-download').digest();
  }

  /** The address's query (without `?`) that opens the export until `expiresAtSeconds`. */
  query(exportId: string, expiresAtSeconds: number): string {
    return `${EXPIRES}=${expiresAtSeconds}&${SIGNATURE}=${this.signature(exportId, expiresAtSeconds)}`;
  }

  /** Whether a request's query (after `?`) opens the export at `nowMs`: signed for it, unexpired. */
  opens(exportId: string, search: string, nowMs: number): boolean {
    const params = new URLSearchParams(search);
    const expires = params.get(EXPIRES) ?? '';
    if (!/^[0-9]{1,12}$/.test(expires) || Number(expires) * 1000 <= nowMs) return false;
    const expected = Buffer.from(this.signature(exportId, Number(expires)));
    const given = Buffer.from(params.get(SIGNATURE) ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(exportId: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${exportId}\n${expires}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  }
}
