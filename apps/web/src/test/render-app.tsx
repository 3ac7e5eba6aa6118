import { COOKIE_NAMES, type EndpointName, type SessionUser } from '@hearth/contract';
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app-providers';
import { AppRoutes } from '../router';
import { createMemoryLocation, MemoryRouter } from '../routing/routing';
import { storeSessionUser } from '../session/session-cookie';
import { type Handlers, type RecordedCall, stubServer } from './fake-server';
import { sessionUser } from './fixtures';

interface RenderAppOptions {
  /** A member already logged in (stored in the `user` cookie, as after a login). */
  user?: SessionUser;
  /** Fake timers that still run on their own, for the app's redirect delays. */
  fakeTimers?: boolean;
  /** The app's query cache, when the test filled or started it beforehand (main.tsx does so). */
  queryClient?: QueryClient;
}

/** The whole app, as main.tsx builds it (StrictMode included), at `path`. */
export function renderApp(
  path: string,
  { user, fakeTimers = false, queryClient = createQueryClient() }: RenderAppOptions = {},
) {
  if (user) storeSessionUser(user);
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const router = createMemoryLocation(path);
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter location={router}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  const person = userEvent.setup(
    fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  return { ...view, router, user: person, pathname: router.pathname };
}

/**
 * The app at `path`, Ada logged in, against a server answering `handlers`; `callsTo(name)` lists
 * the calls of one kind made so far.
 */
export function renderAsAda(path: string, handlers: Handlers) {
  const server = stubServer(handlers);
  const app = renderApp(path, { user: sessionUser() });
  const callsTo = (name: EndpointName) => server.calls.filter((call) => call.name === name);
  return { ...app, ...server, callsTo };
}

/** The value of the `user` cookie, parsed, or null when there is none. */
export function userCookie(): Record<string, unknown> | null {
  const prefix = `${COOKIE_NAMES.user}=`;
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return raw ? JSON.parse(decodeURIComponent(raw)) : null;
}

/** Makes the window `width` px wide (and `height` px tall), as the app's media queries see it. */
export function setWindowWidth(width: number, height = 900) {
  const { happyDOM } = window as unknown as {
    happyDOM: { setViewport(viewport: { width: number; height: number }): void };
  };
  happyDOM.setViewport({ width, height });
  // happy-dom may announce the resize later; the app should see it now.
  window.dispatchEvent(new Event('resize'));
}

/**
 * From here on the test owns the clock: timers run only when it advances them. Testing
 * Library drains its work with a zero-delay timer that it advances itself only for Jest's fake
 * timers; the `jest` stand-in lets it do the same for Vitest's. TanStack Query hands its
 * results over on a zero-delay timer too, which a fake clock would hold back by a millisecond.
 */
export function takeTheClock() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  notifyManager.setScheduler(queueMicrotask);
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/** With the test's clock (takeTheClock): lets `ms` go by, running every timer due meanwhile. */
export function letTimePass(ms: number) {
  return act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * With the test's clock: waits until the app has read the answer to `call` (or the call failed
 * or was aborted), then lets `ms` go by, so whatever that answer leads to, at once or after a
 * delay of up to `ms`, has happened.
 */
export async function afterAnswer(call: RecordedCall | undefined, ms = 0) {
  if (!call) throw new Error('The app made no such call.');
  await act(() => call.read);
  await letTimePass(ms);
}
