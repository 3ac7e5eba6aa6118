import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from '../api/query-client';
import { LoginPage } from '../features/auth/login-page';
import { type AppLanguage, setLanguage } from '../i18n';
import { MemoryRouter } from '../routing/routing';
import { SessionProvider } from '../session/session-context';

/**
 * The login screen's markup in `language`, rendered at build time (prerender-plugin.ts) into
 * index.html (English) and index.{code}.html (each translated language), so a visitor sees it
 * before the app's code has loaded. Same components, same CSS-module classes.
 */
export async function renderLoginMarkup(language: AppLanguage = 'en'): Promise<string> {
  await setLanguage(language, { remember: false });
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
