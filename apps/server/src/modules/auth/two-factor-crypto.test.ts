import { describe, expect, it } from 'vitest';
import { SealedSecretError, TwoFactorCrypto } from './two-factor-crypto.js';

const SERVER_SECRET = 'a server secret of at least thirty-two characters';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ADA = '0190a1b2-0000-7000-8000-000000000001';

describe('two-factor secrets at rest', () => {
  const crypto = new TwoFactorCrypto(SERVER_SECRET);

  it('opens what it sealed; the sealed form is versioned and shows nothing of the secret', () => {
    const sealed = crypto.seal(SECRET, ADA);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed.toLowerCase()).not.toContain(SECRET.toLowerCase().slice(0, 8));
    expect(crypto.open(sealed, ADA)).toBe(SECRET);
    // A fresh IV each time: sealing twice never gives the same text.
    expect(crypto.seal(SECRET, ADA)).not.toBe(sealed);
  });

  it('refuses a sealed secret with any byte changed', () => {
    const sealed = crypto.seal(SECRET, ADA);
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [0, 12, bytes.length - 17, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = (changed[at] ?? 0) ^ 0x01;
      expect(() => crypto.open(`v1.${changed.toString('base64url')}`, ADA)).toThrow(
        SealedSecretError,
      );
    }
    expect(() => crypto.open(`v1.${bytes.subarray(0, 20).toString('base64url')}`, ADA)).toThrow(
      SealedSecretError,
    );
  });

  it('refuses another version, a plain secret, and a secret moved to another member', () => {
    const sealed = crypto.seal(SECRET, ADA);
    expect(() => crypto.open(sealed.replace(/^v1/, 'v2'), ADA)).toThrow(SealedSecretError);
    expect(() => crypto.open(SECRET, ADA)).toThrow(SealedSecretError);
    expect(() => crypto.open(`${sealed}.extra`, ADA)).toThrow(SealedSecretError);
    expect(() => crypto.open(sealed, '0190a1b2-0000-7000-8000-000000000002')).toThrow(
      SealedSecretError,
    );
  });

  it('a server with another secret cannot open it; one with the same secret can', () => {
    const sealed = crypto.seal(SECRET, ADA);
    const other = new TwoFactorCrypto('another server secret of thirty-two characters');
    expect(() => other.open(sealed, ADA)).toThrow(SealedSecretError);
    expect(new TwoFactorCrypto(SERVER_SECRET).open(sealed, ADA)).toBe(SECRET);
  });
});
