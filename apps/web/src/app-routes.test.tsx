import { type SessionUser, UI_MESSAGES } from '@hearth/contract';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app-providers';
import { AppRoutes } from './router';
import { MemoryRouter, useLocation } from './routing/routing';
import { storeSessionUser } from './session/session-cookie';
import { sessionUser } from './test/fixtures';

// A screen that breaks while rendering, when the test asks it to.
const breakHome = vi.hoisted(() => ({ now: false }));
vi.mock('./features/home/home-page', async (original) => {
  const actual = await original<typeof import('./features/home/home-page')>();
  return {
    HomePage: () => {
      if (breakHome.now) throw new Error('A screen that breaks while rendering');
      return actual.HomePage();
    },
  };
});

/** Renders the app as main.tsx does, in a memory router instead of the browser's. */
function renderApp(path: string, { user }: { user?: SessionUser } = {}) {
  if (user) storeSessionUser(user);
  let pathname = '';
  function LocationProbe() {
    pathname = useLocation().pathname;
    return null;
  }
  render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { pathname: () => pathname };
}

/** main.tsx's composition: the routes in a plain router (AppRoutes), not the tests' data router. */
describe('the routes as main.tsx renders them', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    breakHome.now = false;
    vi.restoreAllMocks();
  });

  it('shows the login screen in place at / without a session', async () => {
    const app = renderApp('/friends');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/friends');
  });

  it('sends a logged-in member from /login to /', async () => {
    const app = renderApp('/login', { user: sessionUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
  });

  it("shows the generic 'Unexpected Application Error!' page for a screen that breaks", async () => {
    breakHome.now = true;
    renderApp('/', { user: sessionUser() });
    expect(
      await screen.findByRole('heading', { name: UI_MESSAGES.unexpectedError }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
