import { createHash, createHmac, webcrypto } from 'node:crypto';
import { LOGIN_TICKET_TTL_SECONDS } from '@hearth/contract';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../infra/clock.js';

/** What a ticket lets its bearer do next: give a code, or keep an account being deleted. */
export type TicketPurpose = 'two-factor' | 'cancel-deletion';

/**
 * A login's second step (API.md, One's own account): after the right password, login answers a
 * ticket instead of a session when a code is asked for or the account is being deleted. A
 * ticket is a short-lived HS256 token under its own key, derived from the server's secret (so
 * no ticket is a session token), naming the member, its purpose and a fingerprint of the
 * password hash: a password changed meanwhile voids it. Nothing is stored; `loginTwoFactor` is
 * rate-limited like login, and each code is taken once.
 */
export class LoginTickets {
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    const derived = createHmac('sha256', secret).update('hearth login ticket v1').digest();
    this.key = webcrypto.subtle.importKey(
      'raw',
      derived,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(
    member: { id: string; password_hash: string },
    purpose: TicketPurpose,
  ): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ pur: purpose, pwh: fingerprint(member.password_hash) })
      .setProtectedHeader({ alg: 'HS256', typ: 'hearth-login-ticket' })
      .setSubject(member.id)
      .setIssuedAt(now)
      .setExpirationTime(now + LOGIN_TICKET_TTL_SECONDS)
      .sign(await this.key);
  }

  /**
   * The member id a valid, unexpired ticket of this purpose names, with the fingerprint to
   * compare with the member's password hash as it is now (`matches`); undefined otherwise.
   */
  async read(ticket: string, purpose: TicketPurpose): Promise<TicketClaims | undefined> {
    try {
      const { payload } = await jwtVerify(ticket, await this.key, {
        algorithms: ['HS256'],
        typ: 'hearth-login-ticket',
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp'],
      });
      if (payload.pur !== purpose || typeof payload.sub !== 'string') return undefined;
      if (typeof payload.pwh !== 'string') return undefined;
      return { userId: payload.sub, passwordFingerprint: payload.pwh };
    } catch {
      return undefined;
    }
  }

  /** Whether the ticket was issued under the member's current password. */
  static matches(claims: TicketClaims, member: { password_hash: string }): boolean {
    return claims.passwordFingerprint === fingerprint(member.password_hash);
  }
}

export interface TicketClaims {
  userId: string;
  passwordFingerprint: string;
}

function fingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}
