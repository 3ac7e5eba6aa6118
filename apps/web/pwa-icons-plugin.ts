import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/*
 * The installed app's icons (the phone issue), drawn from Hearth's own favicon at build time: the
 * round mark as it is ('any', transparent corners) and, for launchers that cut their own shape
 * ('maskable') and for iOS's home screen, the flame on a full square of the brand colour, inside
 * the middle 60 % that every mask keeps. PNG, the sizes installers ask for.
 */

const BRAND = '#b83e0c';
const favicon = readFileSync(
  fileURLToPath(new URL('./public/favicon.svg', import.meta.url)),
  'utf8',
);

/** The flame and its base: the favicon's drawing without its circle. */
function flame(): string {
  return favicon
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<circle[^>]*\/>/, '');
}

/** The full-square icon: the brand colour edge to edge, the flame scaled into the safe zone. */
function squareIcon(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(12.8 12.8) scale(0.6)">${flame()}</g></svg>`;
}

export const PWA_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';

const RENDERS: { file: string; svg: () => string; size: number }[] = [
  { file: 'icons/icon-192.png', svg: () => favicon, size: 192 },
  { file: 'icons/icon-512.png', svg: () => favicon, size: 512 },
  { file: 'icons/maskable-192.png', svg: squareIcon, size: 192 },
  { file: 'icons/maskable-512.png', svg: squareIcon, size: 512 },
  { file: 'icons/apple-touch-icon.png', svg: squareIcon, size: 180 },
];

/** Renders the icons into the build (`dist/icons/`); the dev server does without them. */
export function pwaIcons(): Plugin {
  return {
    name: 'hearth-pwa-icons',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async generateBundle() {
      for (const { file, svg, size } of RENDERS) {
        const source = await sharp(Buffer.from(svg()), { density: (72 * size) / 64 })
          .resize(size, size)
          .png()
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: file, source });
      }
    },
  };
}
