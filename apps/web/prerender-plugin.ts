import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Plugin, type ResolvedConfig } from 'vite';
import {
  type LanguageCode,
  languageDirection,
  TRANSLATED_LANGUAGES,
} from '../../packages/contract/src/i18n.ts';
import { compileMessages } from './i18n-plugin.ts';
import {
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_CSS_ATTRIBUTE,
  PRERENDERED_LOGIN_CLASS,
} from './src/prerender/prerender-constants.ts';
import { appLoaderScript, showLoginScript } from './src/prerender/show-login-script.ts';

const LOGIN_PAGE = 'src/features/auth/login-page.tsx';
const SSR_ENTRY = 'src/prerender/login-markup.tsx';
const HOME_SSR_ENTRY = 'src/prerender/home-markup.tsx';
/** The first screen of a signed-in member's home: the layout and the home page. */
const HOME_SCREEN = ['src/features/layout/app-layout.tsx', 'src/features/home/home-page.tsx'];
/**
 * Where the build leaves what the server needs to draw a member's home (`home-markup.js` and
 * `home.json`); a dot folder, which the server's static files never serve.
 */
export const HOME_SSR_DIR = '.ssr';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The chunks a manifest key needs, itself included, imports before importers: the order their
 * CSS must come in, as the app itself would load it (a screen's rules after the UI's).
 */
function closure(manifest: Record<string, ManifestChunk>, root: string): ManifestChunk[] {
  const seen = new Set<string>();
  const ordered: ManifestChunk[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    ordered.push(chunk);
  };
  visit(root);
  return ordered;
}

/**
 * Prerenders the login screen into the built index.html (spec: the first load on a phone).
 * Every route shares index.html, so the markup is hidden unless the inline script above shows
 * it; main.tsx then mounts the app over it with the same screen, already loaded.
 */
export function prerenderLogin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hearth-prerender-login',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrOutDir = path.join(config.root, 'node_modules', '.hearth-prerender');
      // The app's own build settings, for a module that runs in Node.
      const ssrBuild = (settings: InlineConfig) =>
        build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react(), compileMessages()],
          resolve: { alias: config.resolve.alias },
          css: config.css,
          ...settings,
        });
      await ssrBuild({
        build: { ssr: SSR_ENTRY, outDir: ssrOutDir, emptyOutDir: true, manifest: false },
      });
      // The member's home, rendered by the server at each request (src/prerender/home-markup.tsx):
      // one file with everything it imports, so the server needs nothing of this workspace.
      await ssrBuild({
        ssr: { noExternal: true },
        // React's production build, whatever NODE_ENV the server runs under.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        publicDir: false,
        build: {
          ssr: HOME_SSR_ENTRY,
          outDir: path.join(outDir, HOME_SSR_DIR),
          emptyOutDir: true,
          manifest: false,
        },
      });
      const entry = pathToFileURL(path.join(ssrOutDir, 'login-markup.js')).href;
      const { renderLoginMarkup } = (await import(entry)) as {
        renderLoginMarkup: (language: string) => Promise<string>;
      };
      // One login screen per language with a catalogue: English in index.html, the others in
      // index.{code}.html, which the server sends by the visitor's language.
      const markups = new Map<string, string>();
      for (const language of ['en', ...TRANSLATED_LANGUAGES]) {
        markups.set(language, await renderLoginMarkup(language));
      }
      await rm(ssrOutDir, { recursive: true, force: true });

      const manifest = JSON.parse(
        await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
      const entryChunks = entryKey ? closure(manifest, entryKey) : [];
      const entryFiles = new Set(entryChunks.map((chunk) => chunk.file));
      const entryCss = new Set(entryChunks.flatMap((chunk) => chunk.css ?? []));
      const loginChunks = closure(manifest, LOGIN_PAGE);
      if (loginChunks.length === 0) throw new Error(`prerender: the manifest has no ${LOGIN_PAGE}`);
      const base = config.base;
      const preloads = loginChunks
        .map((chunk) => chunk.file)
        .filter((file) => !entryFiles.has(file))
        .map((file) => `${base}${file}`);
      const css = [...new Set(loginChunks.flatMap((chunk) => chunk.css ?? []))].filter(
        (file) => !entryCss.has(file),
      );

      // The home's stylesheets (inlined by the server into a member's page, as the login's are
      // here) and its modules (preloaded there), beyond the entry's.
      const homeChunks = HOME_SCREEN.flatMap((key) => closure(manifest, key));
      if (homeChunks.length === 0) throw new Error(`prerender: the manifest has no ${HOME_SCREEN}`);
      const homeAssets = {
        css: [...new Set(homeChunks.flatMap((chunk) => chunk.css ?? []))].filter(
          (file) => !entryCss.has(file),
        ),
        modules: [...new Set(homeChunks.map((chunk) => chunk.file))].filter(
          (file) => !entryFiles.has(file),
        ),
      };
      await writeFile(
        path.join(outDir, HOME_SSR_DIR, 'home.json'),
        `${JSON.stringify(homeAssets, null, 2)}\n`,
      );

      const readCss = async (file: string) => {
        const text = (await readFile(path.join(outDir, file), 'utf8')).trim();
        if (/<\/style/i.test(text)) throw new Error(`prerender: ${file} cannot be inlined`);
        return text;
      };

      const indexPath = path.join(outDir, 'index.html');
      let html = await readFile(indexPath, 'utf8');
      // The CSS the first paint needs goes inline: on a slow network each stylesheet request
      // would hold the paint back. The app's own stylesheet is inlined where Vite linked it.
      for (const file of entryCss) {
        const link = `<link rel="stylesheet" crossorigin href="${base}${file}">`;
        if (!html.includes(link)) throw new Error(`prerender: index.html has no ${link}`);
        // The disabled link (neither fetched nor applied) tells Vite's loader it is in the page,
        // or a lazy chunk sharing the entry's modules would load it again, after the others.
        html = html.replace(
          link,
          `<style>${await readCss(file)}</style>\n    <link rel="stylesheet" crossorigin href="${base}${file}" disabled>`,
        );
      }
      const loginCss = (await Promise.all(css.map(readCss))).join('\n');
      const head = [
        // Hidden unless the script shows it; display: contents keeps the app's own layout.
        `<style>[${PRERENDERED_ATTRIBUTE}]{display:none}.${PRERENDERED_LOGIN_CLASS} [${PRERENDERED_ATTRIBUTE}]{display:contents}</style>`,
        `<style ${PRERENDERED_CSS_ATTRIBUTE}>${loginCss}</style>`,
        // Disabled links are neither fetched nor applied; Vite's loader, which looks for a
        // stylesheet link by href, takes them as loaded when the login screen's code arrives.
        ...css.map(
          (file) =>
            `<link rel="stylesheet" crossorigin href="${base}${file}" disabled ${PRERENDERED_CSS_ATTRIBUTE}>`,
        ),
        `<script>${showLoginScript()}</script>`,
      ].join('\n    ');
      if (!html.includes('<div id="root"></div>')) {
        throw new Error('prerender: index.html has no empty <div id="root"></div>');
      }
      // Vite's entry script and its modulepreload links move into the loader at the end of body.
      const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
      const entrySrc = entryTag.exec(html)?.[1];
      if (!entrySrc) throw new Error('prerender: index.html has no entry script');
      const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
      const entryPreloads = [...html.matchAll(preloadTag)].map((match) => match[1] ?? '');
      html = html.replace(entryTag, '').replace(preloadTag, '');
      const loader = appLoaderScript({
        entry: entrySrc,
        preloads: entryPreloads,
        loginPreloads: preloads,
      });
      html = html
        .replace('</head>', `  ${head}\n  </head>`)
        .replace('</body>', `  <script>${loader}</script>\n  </body>`);
      if (!html.includes('<html lang="en">')) throw new Error('prerender: no <html lang="en">');
      for (const [language, rendered] of markups) {
        // React's preloads of the screen's pictures lead the markup: they belong in the head,
        // and the app hydrates #root's screen without them.
        const hoisted = /^(?:<link\b[^>]*>)*/.exec(rendered)?.[0] ?? '';
        const markup = rendered.slice(hoisted.length);
        const page = html
          .replace('</head>', `  ${hoisted}\n  </head>`)
          .replace(
            '<html lang="en">',
            `<html lang="${language}" dir="${languageDirection(language as LanguageCode)}">`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root"><div ${PRERENDERED_ATTRIBUTE}="login">${markup}</div></div>`,
          );
        await writeFile(
          language === 'en' ? indexPath : path.join(outDir, `index.${language}.html`),
          page,
        );
      }
    },
  };
}
