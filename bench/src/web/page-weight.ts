import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (build.manifest). */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The page each route renders first: lazy chunks loaded before anything shows. */
export const ROUTE_PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/': ['src/features/layout/app-layout.tsx', 'src/features/home/home-page.tsx'],
  '/profile': ['src/features/layout/app-layout.tsx', 'src/features/profile/profile-page.tsx'],
  '/friends': ['src/features/layout/app-layout.tsx', 'src/features/friends/friends-page.tsx'],
};

export interface RouteWeight {
  route: string;
  jsFiles: number;
  jsBytes: number;
  jsGzipBytes: number;
  cssBytes: number;
  cssGzipBytes: number;
}

export interface LazyChunk {
  /** The module that starts the chunk, or the chunk's name. */
  source: string;
  file: string;
  gzipBytes: number;
  /** Also on some route's first render (then it is not really lazy there). */
  inFirstRenderOf: string[];
}

export interface PageWeight {
  routes: RouteWeight[];
  lazy: LazyChunk[];
}

/** The JavaScript and CSS each route needs before its first render, from the production build. */
export async function pageWeight(webDist: string): Promise<PageWeight> {
  const manifest = JSON.parse(
    await readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the web build has no entry in its manifest');
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = async (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = await readFile(path.join(webDist, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`the manifest has no ${key}`);
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
    return seen;
  };

  const firstRender = new Map<string, Set<string>>();
  const routes: RouteWeight[] = [];
  for (const [route, pages] of Object.entries(ROUTE_PAGES)) {
    const keys = closure([entryKey, ...pages]);
    firstRender.set(route, keys);
    const weight: RouteWeight = {
      route,
      jsFiles: 0,
      jsBytes: 0,
      jsGzipBytes: 0,
      cssBytes: 0,
      cssGzipBytes: 0,
    };
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      const size = await sizeOf(chunk.file);
      weight.jsFiles += 1;
      weight.jsBytes += size.raw;
      weight.jsGzipBytes += size.gzip;
      for (const file of chunk.css ?? []) css.add(file);
    }
    for (const file of css) {
      const size = await sizeOf(file);
      weight.cssBytes += size.raw;
      weight.cssGzipBytes += size.gzip;
    }
    routes.push(weight);
  }

  const lazy: LazyChunk[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const inFirstRenderOf = [...firstRender]
      .filter(([, keys]) => keys.has(key))
      .map(([route]) => route);
    let gzipBytes = 0;
    // What opening it costs: the chunk and whatever it imports that no route loaded first.
    for (const part of closure([key])) {
      if (part !== key && [...firstRender.values()].some((keys) => keys.has(part))) continue;
      gzipBytes += (await sizeOf(manifest[part]!.file)).gzip;
    }
    lazy.push({
      source: chunk.src ?? chunk.name ?? key,
      file: chunk.file,
      gzipBytes,
      inFirstRenderOf,
    });
  }
  lazy.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { routes, lazy };
}
