import {
  type AuditEntry,
  type ModerationReport,
  type MyReport,
  type ReportInput,
  ROUTES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import { nextCursorOf } from './posts-api.js';
import { callEndpoint } from './test-app.js';

// Reports and moderation actions (API.md, Hosts in charge): the calls as the web client makes them.

/** POST /moderation/report; `body` as sent. */
export function reportRequest(app: App, token: string, body: unknown) {
  return callEndpoint(app, ROUTES.report, { rawBody: body, token });
}

/** A report the server took (201), failing the test otherwise. */
export async function report(app: App, token: string, body: ReportInput): Promise<MyReport> {
  const res = await reportRequest(app, token, body);
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function myReports(app: App, token: string): Promise<MyReport[]> {
  const res = await callEndpoint(app, ROUTES.myReports, { token });
  if (res.statusCode !== 200) throw new Error(`myReports: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function queueRequest(
  app: App,
  token: string,
  query: { status?: 'open' | 'resolved'; cursor?: string } = {},
) {
  return callEndpoint(app, ROUTES.reports, { query, token });
}

/** One page of the reports queue, failing the test unless it is a 200. */
export async function queuePage(
  app: App,
  token: string,
  query: { status?: 'open' | 'resolved'; cursor?: string } = {},
): Promise<{ reports: ModerationReport[]; nextCursor: string | undefined }> {
  const res = await queueRequest(app, token, query);
  if (res.statusCode !== 200) throw new Error(`reports: ${res.statusCode} ${res.body}`);
  return { reports: res.json(), nextCursor: nextCursorOf(res) };
}

export function resolveReport(
  app: App,
  token: string,
  reportId: string,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return callEndpoint(app, ROUTES.resolveReport, { params: { reportId }, rawBody: body, token });
}

export function removePost(app: App, token: string, postId: string, reason: string) {
  return callEndpoint(app, ROUTES.removePost, { params: { postId }, body: { reason }, token });
}

export function removeComment(app: App, token: string, commentId: string, reason: string) {
  return callEndpoint(app, ROUTES.removeComment, {
    params: { commentId },
    body: { reason },
    token,
  });
}

export function warnMember(app: App, token: string, userId: string, reason: string) {
  return callEndpoint(app, ROUTES.warnMember, { params: { userId }, body: { reason }, token });
}

export async function moderationSummary(
  app: App,
  token: string,
): Promise<{ openReports: number; applications: number }> {
  const res = await callEndpoint(app, ROUTES.moderationSummary, { token });
  if (res.statusCode !== 200) throw new Error(`moderationSummary: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** One page of the audit log, failing the test unless it is a 200. */
export async function auditLogPage(
  app: App,
  token: string,
  cursor?: string,
): Promise<{ entries: AuditEntry[]; nextCursor: string | undefined }> {
  const res = await callEndpoint(app, ROUTES.moderationLog, {
    query: cursor === undefined ? {} : { cursor },
    token,
  });
  if (res.statusCode !== 200) throw new Error(`moderationLog: ${res.statusCode} ${res.body}`);
  return { entries: res.json(), nextCursor: nextCursorOf(res) };
}
