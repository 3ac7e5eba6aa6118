import { vi } from 'vitest';

/** What a stubbed endpoint answers: a status (200 unless told) and a JSON body. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Response headers besides Content-Type, e.g. `X-Next-Cursor`. */
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  /** The path below /api/v1, without its query string. */
  path: string;
  query: URLSearchParams;
  /** JSON bodies parsed; a multipart body stays the FormData that was sent. */
  body: unknown;
  headers: Headers;
}

export type Handler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Replaces `fetch` at the network boundary with a server that answers like ours:
 * JSON bodies and `{ message }` errors. Keys are 'METHOD /path' below /api/v1; a key with a
 * query string answers only that query, one without answers any query.
 */
export function stubServer(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const fullPath = url.replace(/^.*?\/api\/v1/, '');
    const [path = '', search = ''] = fullPath.split('?');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: RecordedCall = {
      method,
      path,
      query: new URLSearchParams(search),
      body,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const handler = handlers[`${method} ${fullPath}`] ?? handlers[`${method} ${path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { message: 'Not found.' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}

/** A promise the test settles itself, to look at the screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
