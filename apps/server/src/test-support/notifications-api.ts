import { type Notification, ROUTES } from '@hearth/contract';
import type { App } from '../app.js';
import { nextCursorOf } from './posts-api.js';
import { callEndpoint } from './test-app.js';

// The notification calls as the web client makes them.

export function notificationsRequest(app: App, token: string | undefined, query = '') {
  return callEndpoint(app, ROUTES.notifications, { rawQuery: query, ...(token ? { token } : {}) });
}

/** One page of the member's notifications, failing the test unless it is a 200. */
export async function notificationsPage(app: App, token: string, query = '') {
  const res = await notificationsRequest(app, token, query);
  if (res.statusCode !== 200) throw new Error(`notifications: ${res.statusCode} ${res.body}`);
  return { notifications: res.json() as Notification[], nextCursor: nextCursorOf(res) };
}

/** The member's notifications, the first page (at most 50). */
export async function notificationsOf(app: App, token: string): Promise<Notification[]> {
  return (await notificationsPage(app, token, 'limit=50')).notifications;
}

export function unreadCountRequest(app: App, token: string | undefined) {
  return callEndpoint(app, ROUTES.unreadCount, token ? { token } : {});
}

/** The bell's count, failing the test unless it is a 200. */
export async function unreadCount(app: App, token: string): Promise<number> {
  const res = await unreadCountRequest(app, token);
  if (res.statusCode !== 200) throw new Error(`unreadCount: ${res.statusCode} ${res.body}`);
  return res.json().count;
}

export function markReadRequest(app: App, token: string | undefined, body?: unknown) {
  return callEndpoint(app, ROUTES.markNotificationsRead, {
    ...(body === undefined ? {} : { rawBody: body }),
    ...(token ? { token } : {}),
  });
}
