import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { COOKIE_NAMES } from '../../packages/contract/src/constants.ts';
import { compileMessages } from './i18n-plugin.ts';
import { prerenderLogin } from './prerender-plugin.ts';
import { PWA_ICONS, pwaIcons } from './pwa-icons-plugin.ts';
import { FIRST_SCREEN_PAGES } from './src/i18n/first-screen-namespaces.ts';

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

/**
 * Fewer, larger chunks for the first screens. Left alone, the bundler splits the modules the
 * first screens share with later ones into many small chunks (several under 500 bytes, each a
 * request and about 375 bytes of headers). Instead: the entry's own modules in one chunk, those
 * the login and the signed-in first screen (layout and home) both draw in another, and those
 * only the signed-in one draws in a third. The pages' own modules keep their chunks, and a module
 * is never moved out of the entry's closure (dependencies are not pulled along), so no screen
 * loads code it did not load before except the small shared modules a later screen did not use.
 */
const NOT_GROUPED = /[\\/](packages[\\/]contract[\\/]src|node_modules[\\/]zod)[\\/]/;

function firstScreenChunks(): Rolldown.CodeSplittingGroup {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const at = (file: string) => path.join(root, file);
  const main = at('src/main.tsx');
  const pages = new Set(FIRST_SCREEN_PAGES.map(at));
  const login = at('src/features/auth/login-page.tsx');
  let sets: { entry: Set<string>; login: Set<string>; home: Set<string> } | undefined;
  const closure = (ctx: Rolldown.ChunkingContext, roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    name: (id, ctx) => {
      sets ??= {
        entry: closure(ctx, [main]),
        login: closure(ctx, [login]),
        home: closure(
          ctx,
          [...pages].filter((page) => page !== login),
        ),
      };
      // The contract's modules and zod stay where the bundler puts them: the contract's index
      // re-exports every schema, which the imports list although the first screens use none.
      if (id === main || pages.has(id) || NOT_GROUPED.test(id)) return null;
      if (sets.entry.has(id)) return 'entry-shared';
      const inLogin = sets.login.has(id);
      const inHome = sets.home.has(id);
      if (inLogin && inHome) return 'first-shared';
      if (inHome) return 'home-first';
      return null;
    },
    includeDependenciesRecursively: false,
  };
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
      output: { codeSplitting: { groups: [firstScreenChunks()] } },
    },
  },
});
