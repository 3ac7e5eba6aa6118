import {
  type About,
  API_PREFIX,
  DEFAULT_PRIVACY,
  DEFAULT_SERVER_NAME,
  type EndpointName,
  matchRoute,
} from '@hearth/contract';
import { vi } from 'vitest';

/** What a stubbed endpoint answers: a status (200 unless told) and a JSON body. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Response headers besides Content-Type, e.g. `X-Next-Cursor`. */
  headers?: Record<string, string>;
}

export interface RecordedCall {
  /** The contract's name for the call, or undefined for a request no call of the table makes. */
  name: EndpointName | undefined;
  /** The path's parameters, decoded: `{ postId }` for getReacts. */
  params: Record<string, string>;
  method: string;
  /** The path below /api/v1, without its query string. */
  path: string;
  query: URLSearchParams;
  /** JSON bodies parsed; a multipart body stays the FormData that was sent. */
  body: unknown;
  headers: Headers;
  /** The request's abort signal, when the caller gave one. */
  signal: AbortSignal | undefined;
  /** Settles once the app has read this call's answer, or once the call failed or was aborted. */
  read: Promise<void>;
}

export type Handler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

export type Handlers = Partial<Record<EndpointName, Handler>>;

/** GET /about's answer: an open server with no rules unless told otherwise. */
export function buildAbout(overrides: Partial<About> = {}): About {
  return {
    name: DEFAULT_SERVER_NAME,
    description: '',
    rules: [],
    privacyPolicy: '',
    signupMode: 'open',
    membersMayInvite: false,
    ...overrides,
  };
}

/**
 * What the calls every logged-in screen makes answer unless a test says otherwise: the header's
 * bell asks for the unread count (and its panel for the notifications) on every screen, and a
 * moderator's shield for what waits; the login screen (its About link, the sign-up) and the
 * account menu read /about.
 */
export const DEFAULT_HANDLERS: Handlers = {
  about: () => ({ body: buildAbout() }),
  unreadCount: () => ({ body: { count: 0 } }),
  notifications: () => ({ body: [] }),
  markNotificationsRead: () => ({ body: { count: 0 } }),
  // The header's Messenger button counts unread conversations (and its panel lists them).
  messagesUnreadCount: () => ({ body: { count: 0, requests: 0 } }),
  conversations: () => ({ body: [] }),
  // The post dialog starts from the member's default audience.
  getPrivacy: () => ({ body: DEFAULT_PRIVACY }),
  // A moderator's or admin's header counts what waits for them: nothing.
  moderationSummary: () => ({ body: { openReports: 0, applications: 0 } }),
  // The Settings page's sections read the account, the sessions and the exports: a member with
  // no change waiting, two-factor off, this one session and no export.
  getAccount: () => ({
    body: {
      email: 'member@example.test',
      pendingEmail: null,
      twoFactor: { enabled: false, recoveryCodesLeft: 0 },
      language: 'en',
    },
  }),
  listSessions: () => ({
    body: {
      sessions: [
        {
          id: 'session-here',
          device: 'Firefox on Linux',
          ip: '127.0.0.1',
          createdAt: '2026-01-01T00:00:00.000Z',
          lastActiveAt: '2026-01-01T00:00:00.000Z',
          current: true,
        },
      ],
    },
  }),
  listExports: () => ({ body: { exports: [] } }),
};

/**
 * Replaces `fetch` at the network boundary with a server that answers like ours: JSON bodies
 * and `{ message }` errors. Handlers are keyed by the contract's call names (`getReacts`); a
 * request is matched to its call by the contract's table, so a wrong method or path finds no
 * handler and answers 404. DEFAULT_HANDLERS answer the calls a test leaves out.
 */
export function stubServer(ownHandlers: Handlers) {
  const handlers: Handlers = { ...DEFAULT_HANDLERS, ...ownHandlers };
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const fullPath = url.slice(url.indexOf(API_PREFIX) + API_PREFIX.length);
    const [path = '', search = ''] = fullPath.split('?');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const matched = matchRoute(method, path);
    let answerRead!: () => void;
    const call: RecordedCall = {
      name: matched?.route.name,
      params: matched?.params ?? {},
      method,
      path,
      query: new URLSearchParams(search),
      body,
      headers: new Headers(init.headers),
      signal: init.signal ?? undefined,
      read: new Promise<void>((done) => {
        answerRead = done;
      }),
    };
    calls.push(call);
    const handler = call.name ? handlers[call.name] : undefined;
    const answering = handler
      ? Promise.resolve(handler(call))
      : Promise.resolve<FakeAnswer>({ status: 404, body: { message: 'Not found.' } });
    // Like fetch, an aborted request rejects at once, whatever its handler still awaits.
    const answer = await abortable(answering, init.signal ?? undefined).catch((error: unknown) => {
      answerRead();
      throw error;
    });
    const response = new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
    // The app reads every answer as text (api/client.ts).
    const text = response.text.bind(response);
    response.text = () => text().finally(answerRead);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}

function abortable<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  const aborted = () => signal.reason ?? new DOMException('The request was aborted.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A handler per value of one path parameter (`byParam('username', { ada: … })`); others 404. */
export function byParam(param: string, handlers: Record<string, Handler>): Handler {
  return (call) => {
    const handler = handlers[call.params[param] ?? ''];
    return handler ? handler(call) : { status: 404, body: { message: 'Not found.' } };
  };
}

/** A promise the test settles itself, to look at the screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
