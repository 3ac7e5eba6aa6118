import { SESSION_TTL_SECONDS } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test-support/test-clock.js';
import { SessionTokens, VERIFIED_TOKENS_KEPT } from './session-tokens.js';

const SECRET = 'a server secret of at least thirty-two characters';
const CLAIMS = { userId: '0190a1b2-0000-7000-8000-000000000001', sessionId: 'session-1' };

/** The token with one character of its signature changed. */
function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('session tokens, checked once and then kept', () => {
  it('a kept token still expires on time, and is refused on every later call', async () => {
    const clock = new TestClock(new Date('2026-11-27T12:00:00Z'));
    const tokens = new SessionTokens(SECRET, clock);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toMatchObject({ ok: true, claims: CLAIMS });
    clock.advance((SESSION_TTL_SECONDS - 1) * 1000);
    expect(await tokens.verify(token)).toMatchObject({ ok: true, claims: CLAIMS });
    clock.advance(1000);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a token with a changed signature is refused though the genuine one was kept', async () => {
    const clock = new TestClock();
    const tokens = new SessionTokens(SECRET, clock);
    const token = await tokens.sign(CLAIMS);
    expect((await tokens.verify(token)).ok).toBe(true);
    expect(await tokens.verify(tampered(token))).toEqual({ ok: false, reason: 'invalid' });
    // Another server secret: the token this one kept means nothing there.
    const other = new SessionTokens(`${SECRET} but another`, clock);
    expect(await other.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps a bounded number: past it, the oldest tokens are checked again and still hold', async () => {
    const clock = new TestClock();
    const tokens = new SessionTokens(SECRET, clock);
    const first = await tokens.sign(CLAIMS);
    await tokens.verify(first);
    for (let i = 0; i < VERIFIED_TOKENS_KEPT; i++) {
      await tokens.verify(await tokens.sign({ ...CLAIMS, sessionId: `session-${i + 2}` }));
    }
    expect(await tokens.verify(first)).toMatchObject({ ok: true, claims: CLAIMS });
    clock.advance(SESSION_TTL_SECONDS * 1000);
    expect(await tokens.verify(first)).toEqual({ ok: false, reason: 'expired' });
  });
});
