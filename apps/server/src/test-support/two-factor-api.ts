import { ROUTES } from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { App } from '../app.js';
import type { BuiltUser } from './factories.js';
import { callEndpoint, type TestContext } from './test-app.js';

// Two-factor sign-in as a member's authenticator app does it: the code computed from the secret
// the server answered, at the test clock's time (API.md, One's own account).

const PERIOD_MS = 30_000;

/** The 6-digit code an authenticator app shows at the test clock's time, `steps` periods off. */
export function codeAt(ctx: Pick<TestContext, 'clock'>, secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: ctx.clock.now().getTime() + steps * PERIOD_MS,
  });
}

/**
 * Moves the test clock to a second into the next time step: a code taken in this step becomes
 * an older one, and codes "one step before or after" are never at a step's edge.
 */
export function nextStep(ctx: Pick<TestContext, 'clock'>): void {
  const now = ctx.clock.now().getTime();
  ctx.clock.advance(PERIOD_MS - (now % PERIOD_MS) + 1000);
}

export function setupTwoFactor(
  app: App,
  token: string,
  currentPassword: string,
): Promise<LightMyRequestResponse> {
  return callEndpoint(app, ROUTES.twoFactorSetup, { body: { currentPassword }, token });
}

export function enableTwoFactor(
  app: App,
  token: string,
  code: string,
): Promise<LightMyRequestResponse> {
  return callEndpoint(app, ROUTES.twoFactorEnable, { body: { code }, token });
}

/**
 * Turns two-factor sign-in on for the member through the API, then moves to the next step so
 * the first code is an old one: the secret and the recovery codes, as the member saw them.
 */
export async function turnOnTwoFactor(
  ctx: TestContext,
  member: BuiltUser,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await setupTwoFactor(ctx.app, member.token, member.password);
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enabled = await enableTwoFactor(ctx.app, member.token, codeAt(ctx, secret));
  if (enabled.statusCode !== 200) throw new Error(`enable: ${enabled.statusCode} ${enabled.body}`);
  nextStep(ctx);
  return { secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Login's first step for a member with two-factor sign-in on: the ticket it answered. */
export async function loginTicket(ctx: TestContext, member: BuiltUser): Promise<string> {
  const res = await callEndpoint(ctx.app, ROUTES.login, {
    body: { email: member.user.email, password: member.password },
  });
  const body = res.json() as { ticket?: string };
  if (res.statusCode !== 200 || !body.ticket) {
    throw new Error(`login: ${res.statusCode} ${res.body}`);
  }
  return body.ticket;
}

export function loginTwoFactor(
  app: App,
  ticket: string,
  code: string,
  ip?: string,
): Promise<LightMyRequestResponse> {
  return callEndpoint(app, ROUTES.loginTwoFactor, {
    body: { ticket, code },
    ...(ip ? { ip } : {}),
  });
}
