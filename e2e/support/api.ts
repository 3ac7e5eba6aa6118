import {
  type Answer,
  API_PREFIX,
  type CallArgs,
  callPath,
  type EndpointName,
  matchRoute,
  type Route,
} from '@hearth/contract';
import type { Page } from 'playwright-core';

/**
 * One call of the contract's table, straight to the server at `baseUrl` (signed in when a token
 * is given), as the web client makes it: a JSON body, or a FormData one for uploads. Answers
 * the body, and fails unless the call succeeds.
 */
export async function callApi<Name extends EndpointName>(
  baseUrl: string,
  token: string | undefined,
  route: Route<Name>,
  ...[input]: CallArgs<Name>
): Promise<Answer<Name>> {
  const parts: { params?: object; query?: object; body?: unknown } = input ?? {};
  const { body } = parts;
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${baseUrl}${API_PREFIX}${callPath(route, parts)}`, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  if (!res.ok) throw new Error(`${route.name}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Answer<Name>;
}

/** Whether `url` is a call of `route` (with any parameters and query), made with `method`. */
export function isCallOf(route: Route, url: string | URL, method: string = route.method): boolean {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(`${API_PREFIX}/`)) return false;
  return matchRoute(method, pathname.slice(API_PREFIX.length))?.route.name === route.name;
}

/** Holds every call of `route` unanswered, so the screen stays on its loading state. */
export async function holdCalls(page: Page, route: Route): Promise<void> {
  await page.route(
    (url) => isCallOf(route, url),
    (held) => {
      // Another call on the same path (a POST where the route is a GET) goes through.
      if (held.request().method() !== route.method) return held.fallback();
      // Never answered: the page closes with the call still pending.
    },
  );
}
