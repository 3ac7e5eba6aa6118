import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { COOKIE_NAMES } from '../../packages/contract/src/constants.ts';
import { compileMessages } from './i18n-plugin.ts';
import { prerenderLogin } from './prerender-plugin.ts';
import { PWA_ICONS, pwaIcons } from './pwa-icons-plugin.ts';

const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
// React 18's hook, for wouter, from React itself (src/routing/use-sync-external-store.ts).
const syncExternalStore = fileURLToPath(
  new URL('./src/routing/use-sync-external-store.ts', import.meta.url),
);
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

// Paths the back end answers, its built-in pictures included (served by the server itself,
// not the web build); the regexes keep e.g. /developers out of the proxy.
// `ws` carries the live updates' WebSocket (/api/v1/streaming) through the proxy too.
const proxy = Object.fromEntries(
  ['^/(api|dev|media|backgrounds)(/|$)', '^/images/default-avatar\\.svg$'].map((path) => [
    path,
    { target: apiOrigin, ws: true },
  ]),
);

/** Applies the dark theme before first paint, so a dark-theme member never sees a light flash. */
function themeBeforePaint(): Plugin {
  const script = `(function(){try{var m=document.cookie.match(/(?:^|; )${COOKIE_NAMES.darkTheme}=([^;]*)/);if(m&&m[1]==='true')document.documentElement.classList.add('dark')}catch(e){}})();`;
  return {
    name: 'hearth-theme-before-paint',
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'head' }],
  };
}

/**
 * The installable app (the phone issue): the web app manifest, and the service worker src/sw.ts
 * built with Workbox, its precache list injected: the hashed scripts and styles, the icons and
 * the built-in pictures, and the page shell (index.html, whose revision is this build's id: the
 * prerender plugin rewrites it after the bundle, so its content is not known here; a new build
 * fetches it again). The app registers the worker itself (src/pwa/register.ts), after the first
 * screen.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Hearth',
      short_name: 'Hearth',
      description: 'A social network you host yourself.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f0f2f5',
      theme_color: '#ffffff',
      icons: PWA_ICONS.map((icon) => ({ ...icon })),
    },
    injectManifest: {
      globPatterns: [
        'assets/**/*.{js,css}',
        'favicon.svg',
        'icons/*.png',
        '{images,stories}/*.svg',
      ],
      additionalManifestEntries: [{ url: '/index.html', revision: randomUUID() }],
      // Every language's catalogue and every screen's code, so any screen opens offline.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    compileMessages(),
    themeBeforePaint(),
    prerenderLogin(),
    pwaIcons(),
    installableApp(),
  ],
  resolve: {
    alias: {
      '@hearth/contract': contract,
      'use-sync-external-store/shim/index.js': syncExternalStore,
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the benchmark reads each route's first-render chunks from it.
    manifest: true,
    // Every browser the app supports knows modulepreload; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's modules only declare schemas and constants; letting the bundler drop
      // unused ones keeps zod out of the first-paint chunk.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/src/'),
      },
    },
  },
});
