import { webcrypto } from 'node:crypto';
import { SESSION_TTL_SECONDS } from '@hearth/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../infra/clock.js';

export interface SessionClaims {
  userId: string;
  tokenVersion: number;
}

export type SessionCheck =
  | { ok: true; claims: SessionClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

/** HS256 JWTs carrying the member id and token version, valid SESSION_TTL_SECONDS. */
export class SessionTokens {
  /** Imported once: jose would import raw key bytes again on every sign and verify. */
  private readonly key: Promise<webcrypto.CryptoKey>;

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

  async sign(claims: SessionClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ tv: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
      .sign(await this.key);
  }

  async verify(token: string): Promise<SessionCheck> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || !Number.isInteger(payload.tv)) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { userId: payload.sub, tokenVersion: payload.tv as number } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
