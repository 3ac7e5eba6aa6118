import {
  type Answer,
  API_PREFIX,
  type CallInput,
  callPath,
  type EndpointName,
  type Route,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { serverText } from '../i18n/server-text';

/** A failed call: `message` is the server's own sentence, ready to show to a person. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An answer with its headers, for calls that page through `X-Next-Cursor`. */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** What a call may carry besides its input from the contract. */
export interface CallOptions {
  /** Aborts the request: react-query passes one to each query function (`({ signal })`). */
  signal?: AbortSignal | undefined;
}

/**
 * A call's input (optional when nothing in it is required), then its options:
 * `api.call(ROUTES.search, { params }, { signal })`, `api.call(ROUTES.x, undefined, { signal })`.
 */
export type ClientCallArgs<Name extends EndpointName> =
  object extends CallInput<Name>
    ? [input?: CallInput<Name>, options?: CallOptions]
    : [input: CallInput<Name>, options?: CallOptions];

export interface ApiClient {
  /** A call of the contract's table, answered with its body. */
  call<Name extends EndpointName>(
    route: Route<Name>,
    ...input: ClientCallArgs<Name>
  ): Promise<Answer<Name>>;
  /** The same, answered with its headers too, for calls that page through `X-Next-Cursor`. */
  callWithHeaders<Name extends EndpointName>(
    route: Route<Name>,
    ...input: ClientCallArgs<Name>
  ): Promise<ApiResponse<Answer<Name>>>;
}

export interface ApiClientOptions {
  /** The session token; when present every call carries `Authorization: Bearer {token}`. */
  token?: string | undefined;
  /** Called when an authenticated call answers 401: the session is over. */
  onUnauthorized?: () => void;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

export function createApiClient({ token, onUnauthorized }: ApiClientOptions = {}): ApiClient {
  async function callWithHeaders<Name extends EndpointName>(
    route: Route<Name>,
    ...[input, options]: ClientCallArgs<Name>
  ): Promise<ApiResponse<Answer<Name>>> {
    const parts: { params?: object; query?: object; body?: unknown } = input ?? {};
    const { body } = parts;
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetch(`${API_PREFIX}${callPath(route, parts)}`, {
        method: route.method,
        headers,
        body: payload,
        signal: options?.signal,
      });
    } catch (error) {
      // An aborted call stays an abort: its caller asked for it and shows nothing.
      if (options?.signal?.aborted) throw error;
      throw new ApiError(SERVER_MESSAGES.unexpected, 0);
    }
    const data = await readBody(response);
    if (!response.ok) {
      if (response.status === 401 && token) onUnauthorized?.();
      throw new ApiError(messageOf(data) ?? SERVER_MESSAGES.unexpected, response.status);
    }
    return { data: data as Answer<Name>, headers: response.headers };
  }

  return {
    callWithHeaders,
    call: async (route, ...input) => (await callWithHeaders(route, ...input)).data,
  };
}

/** The message to show for any failure of a call, in the app's language. */
export function errorMessage(error: unknown): string {
  return serverText(error instanceof ApiError ? error.message : SERVER_MESSAGES.unexpected);
}
