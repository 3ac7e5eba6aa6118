import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What a sealed secret starts with: a later format (another cipher, a rotated key) gets v2. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Its own info string: the key is never the session, ticket or known-device key, though all of
// them come from the same server secret.
const KEY_INFO = 'hearth two-factor secret v1';

/** A sealed secret that is not ours to open: damaged, of another format, or another key's. */
export class SealedSecretError extends Error {}

/**
 * The authenticator secrets at rest (API.md, One's own account): AES-256-GCM under a key derived
 * with HKDF-SHA256 from the server's secret (JWT_SECRET, or the data folder's jwt-secret file).
 * A copy of the database alone cannot sign anyone in; a backup restores both (backup/backup.ts).
 * Sealed form: `v1.` then base64url of the random IV, the ciphertext and the tag; the GCM tag
 * refuses any change, and the member's id is bound in as associated data, so a sealed secret
 * moved to another member's row does not open there either.
 */
export class TwoFactorCrypto {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', KEY_INFO, 32));
  }

  seal(plain: string, userId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(userId, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** The secret sealed for this member; throws SealedSecretError for anything else. */
  open(sealed: string, userId: string): string {
    const [version, payload, ...rest] = sealed.split('.');
    if (version !== VERSION || payload === undefined || rest.length > 0) {
      throw new SealedSecretError('not a sealed two-factor secret of this version');
    }
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealedSecretError('sealed secret too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedSecretError('sealed secret refused: changed, or sealed under another key');
    }
  }
}
