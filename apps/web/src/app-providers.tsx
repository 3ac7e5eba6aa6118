import type { SessionUser } from '@hearth/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LiveProvider } from './live/live-provider';
import { StatusBars } from './pwa/status-bars';
import { SessionProvider } from './session/session-context';

export function AppProviders({
  queryClient,
  initialUser,
  children,
}: {
  queryClient: QueryClient;
  /** The session where there is no cookie to read it from (the server's drawing of a page). */
  initialUser?: SessionUser;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider initialUser={initialUser}>
        <LiveProvider>{children}</LiveProvider>
        <StatusBars />
      </SessionProvider>
    </QueryClientProvider>
  );
}
