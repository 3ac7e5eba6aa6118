import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { LoginPage } from '../features/auth/login-page';
import { SessionProvider } from '../session/session-context';

/**
 * The login screen's markup, rendered at build time (prerender-plugin.ts) into index.html so a
 * visitor sees it before the app's code has loaded. Same components, same CSS-module classes.
 */
export function renderLoginMarkup(): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/login']}>
            <LoginPage redirectTo="/" />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
