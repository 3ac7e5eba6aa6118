import type { SessionUser } from '@hearth/contract';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { AppProviders } from './app-providers';
import { AppRoutes } from './router';
import { BrowserRouter } from './routing/routing';

/**
 * The whole app: what main.tsx mounts in the browser, and what the server draws a member's home
 * with (prerender/home-markup.tsx), the very same tree, so the browser hydrates that page.
 */
export function App({
  queryClient,
  initialUser,
  ssrPath,
}: {
  queryClient: QueryClient;
  initialUser?: SessionUser;
  ssrPath?: string;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} initialUser={initialUser}>
        <BrowserRouter ssrPath={ssrPath}>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}
