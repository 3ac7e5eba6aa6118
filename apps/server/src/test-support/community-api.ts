import {
  type InviteInput,
  type ModerationSettings,
  type ModerationSettingsInput,
  ROUTES,
  type SignupMode,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import type { AuditLogRow } from '../db/audit-log.js';
import type { Db } from '../db/database.js';
import { callEndpoint } from './test-app.js';

// Who may join (API.md, Hosts in charge): the calls as the web client makes them.

/** POST /auth/register with a form as the web app sends it (see factories' signupForm). */
export function register(app: App, form: object, ip?: string): Promise<LightMyRequestResponse> {
  return callEndpoint(app, ROUTES.register, { rawBody: form, ...(ip ? { ip } : {}) });
}

export function login(app: App, email: string, password: string): Promise<LightMyRequestResponse> {
  return callEndpoint(app, ROUTES.login, { body: { email, password } });
}

/** The admin changes settings; fails the test unless the server took them. */
export async function changeSettings(
  app: App,
  adminToken: string,
  body: ModerationSettingsInput,
): Promise<ModerationSettings> {
  const res = await callEndpoint(app, ROUTES.updateModerationSettings, {
    body,
    token: adminToken,
  });
  if (res.statusCode !== 200)
    throw new Error(`updateModerationSettings: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function setSignupMode(app: App, adminToken: string, signupMode: SignupMode) {
  return changeSettings(app, adminToken, { signupMode });
}

/** An invite made by the member; fails the test unless it was made. */
export async function makeInvite(
  app: App,
  token: string,
  input: InviteInput = { uses: 1, expiresInDays: 7 },
): Promise<{ code: string; url: string }> {
  const res = await callEndpoint(app, ROUTES.createInvite, { body: input, token });
  if (res.statusCode !== 201) throw new Error(`createInvite: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function decide(
  app: App,
  token: string,
  userId: string,
  body: { approve: boolean; reason?: string },
): Promise<LightMyRequestResponse> {
  return callEndpoint(app, ROUTES.decideApplication, { params: { userId }, body, token });
}

/** Every audit line, oldest first, its details parsed. */
export async function auditLines(
  db: Db,
): Promise<(Omit<AuditLogRow, 'details'> & { details: Record<string, unknown> })[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) }));
}
