import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { COOKIE_NAMES } from '../../packages/contract/src/constants.ts';
import { compileMessages } from './i18n-plugin.ts';
import { prerenderLogin } from './prerender-plugin.ts';

const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), compileMessages(), themeBeforePaint(), prerenderLogin()],
  resolve: { alias: { '@hearth/contract': contract } },
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
