import { webcrypto } from 'node:crypto';
import { SESSION_TTL_SECONDS } from '@hearth/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../infra/clock.js';

export interface SessionClaims {
  userId: string;
  /** The `sessions` row the token names: the token works while that row lives. */
  sessionId: string;
}

export type SessionCheck =
  | { ok: true; claims: SessionClaims & { expiresAt: number } }
  | { ok: false; reason: 'expired' | 'invalid' };

/** Tokens whose signature this process checked, kept (see `SessionTokens.verify`). */
export const VERIFIED_TOKENS_KEPT = 4096;

/**
 * HS256 JWTs carrying the member id and session id, valid SESSION_TTL_SECONDS. A token made
 * before sessions existed carries no session id and is invalid (its member logs in again).
 */
export class SessionTokens {
  /** Imported once: jose would import raw key bytes again on every sign and verify. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /** Claims of tokens whose signature was checked, oldest first (see `verify`). */
  private readonly verified = new Map<string, SessionClaims & { expiresAt: number }>();

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** Seconds since the epoch, now: a session row's expiry is written from the same instant. */
  issuedAt(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  /** When a token issued then expires, in seconds since the epoch. */
  expiresAt(issuedAt: number): number {
    return issuedAt + SESSION_TTL_SECONDS;
  }

  async sign(claims: SessionClaims, issuedAt = this.issuedAt()): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(this.expiresAt(issuedAt))
      .sign(await this.key);
  }

  /**
   * The token's claims if its signature holds and it has not expired. A token whose signature
   * was checked is kept with its claims (the newest VERIFIED_TOKENS_KEPT, about 1.5 MB), so a
   * member's next calls skip the HMAC, which WebCrypto runs on the thread pool and which was
   * about 5 % of the server's busy time under the feed's load. The same bytes under the same key
   * always verify the same way; the expiry is checked on every call, and whether the session
   * still lives is the session lookup's to say, as before.
   */
  async verify(token: string): Promise<SessionCheck> {
    const known = this.verified.get(token);
    if (known !== undefined) {
      if (known.expiresAt > Math.floor(this.clock.now().getTime() / 1000)) {
        return { ok: true, claims: known };
      }
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const check = await this.check(token);
    if (check.ok) {
      this.verified.set(token, Object.freeze(check.claims));
      if (this.verified.size > VERIFIED_TOKENS_KEPT) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
    }
    return check;
  }

  private async check(token: string): Promise<SessionCheck> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp'],
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return {
        ok: true,
        claims: { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp },
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
