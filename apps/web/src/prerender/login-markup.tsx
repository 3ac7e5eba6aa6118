import { renderToString } from 'react-dom/server';
import { createQueryClient } from '../api/query-client';
import { App } from '../app';
import { preloadLoginPage } from '../features/layout/lazy-pages';
import { type AppLanguage, setLanguage } from '../i18n';

/**
 * The login screen's markup in `language`, rendered at build time (prerender-plugin.ts) into
 * index.html (English) and index.{code}.html (each translated language), so a visitor sees it
 * before the app's code has loaded. It is the app's own tree (app.tsx) at /login, so the app
 * hydrates it (main.tsx) instead of drawing it again. React's preloads of its pictures come
 * first (the build moves them into the page's head).
 */
export async function renderLoginMarkup(language: AppLanguage = 'en'): Promise<string> {
  await Promise.all([preloadLoginPage(), setLanguage(language, { remember: false })]);
  return renderToString(<App queryClient={createQueryClient()} ssrPath="/login" />);
}
