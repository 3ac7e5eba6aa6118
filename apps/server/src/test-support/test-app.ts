import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_PREFIX,
  type CallInput,
  type CallParts,
  callPath,
  type EndpointName,
  type Route,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type App, buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { MailTransport } from '../infra/mail/mail-transport.js';
import { TestClock } from './test-clock.js';
import { type ConfigOverrides, testConfig } from './test-config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export { type ConfigOverrides, testConfig } from './test-config.js';

export interface TestAppOptions {
  config?: ConfigOverrides | (() => ConfigOverrides);
  /** Built per test, e.g. a transport that fails on purpose. */
  mailTransport?: () => MailTransport;
}

export interface TestContext {
  app: App;
  db: Db;
  database: TestDatabase;
  clock: TestClock;
  config: AppConfig;
}

/**
 * Vitest hooks: one database per describe block (migrated; on PostgreSQL an emptied schema an
 * earlier block of this worker handed back, test-database.ts) and a fresh app, clock, data
 * folder (uploads land there) and empty tables for every test. Read the
 * context inside tests only.
 */
export function useTestApp(options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await createTestDatabase({}, { reusable: true });
    ctx.db = ctx.database.db;
  });
  let dataDir: string | undefined;
  beforeEach(async () => {
    await ctx.database.clear();
    ctx.clock = new TestClock();
    const overrides = typeof options.config === 'function' ? options.config() : options.config;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-test-data-'));
    ctx.config = testConfig({ dataDir, ...overrides });
    ctx.app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      ...(options.mailTransport ? { mailTransport: options.mailTransport() } : {}),
    });
    await ctx.app.ready();
  });
  afterEach(async () => {
    await ctx.app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await ctx.database?.destroy();
  });
  return ctx;
}

export interface CallOptions {
  token?: string;
  ip?: string;
}

/** Sends JSON the way the web client does. */
function sendJson(
  method: 'POST' | 'PUT',
  app: App,
  url: string,
  body: unknown,
  options: CallOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

export function post(app: App, url: string, body?: unknown, options: CallOptions = {}) {
  return sendJson('POST', app, url, body, options);
}

export function put(app: App, url: string, body?: unknown, options: CallOptions = {}) {
  return sendJson('PUT', app, url, body, options);
}

/** A GET or DELETE as a signed-in member. */
export function call(
  app: App,
  method: 'GET' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

/**
 * One call of the contract's table: `params`, `query` and `body` typed as a client sends them
 * (required where the call needs them), plus the escape hatches of the tests of bad input.
 */
export type EndpointCall<Name extends EndpointName> = Omit<CallInput<Name>, 'body'> &
  CallOptions & {
    body?: Exclude<CallParts<Name>['body'], FormData>;
    /** Sent instead of `body`, unchecked: a body the call's schema refuses, or a multipart one. */
    rawBody?: unknown;
    /** Appended to the query as it is, e.g. `limit=abc`: a query the call's schema refuses. */
    rawQuery?: string;
    /** Added to (or replacing) the headers the call would carry, e.g. a multipart content-type. */
    headers?: Record<string, string>;
  };

/**
 * Sends one call of the contract's table to the app, as the web client does: its method, and
 * its path below API_PREFIX with the parameters encoded and the query appended; an object body
 * goes as JSON, a token as `Authorization: Bearer`.
 */
export function callEndpoint<Name extends EndpointName>(
  app: App,
  route: Route<Name>,
  ...[call]: object extends EndpointCall<Name>
    ? [call?: EndpointCall<Name>]
    : [call: EndpointCall<Name>]
): Promise<LightMyRequestResponse> {
  const parts: {
    params?: object;
    query?: object;
    body?: unknown;
    rawBody?: unknown;
    rawQuery?: string;
    headers?: Record<string, string>;
  } & CallOptions = call ?? {};
  const body = parts.rawBody ?? parts.body;
  let url = API_PREFIX + callPath(route, parts);
  if (parts.rawQuery) url += `${url.includes('?') ? '&' : '?'}${parts.rawQuery}`;
  return app.inject({
    method: route.method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(parts.token ? { authorization: `Bearer ${parts.token}` } : {}),
      ...parts.headers,
    },
    ...(parts.ip ? { remoteAddress: parts.ip } : {}),
  });
}
