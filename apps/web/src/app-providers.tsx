import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LiveProvider } from './live/live-provider';
import { StatusBars } from './pwa/status-bars';
import { SessionProvider } from './session/session-context';

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LiveProvider>{children}</LiveProvider>
        <StatusBars />
      </SessionProvider>
    </QueryClientProvider>
  );
}
