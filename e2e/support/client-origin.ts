import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type * as SpecClientModule from './spec-client.js';

export type SpecClient = typeof SpecClientModule;
type ClientWindow = { specClient: Record<string, (...args: unknown[]) => unknown> };

/** The client as a browser runs it: the support file with its types stripped (it imports nothing). */
function clientScript(): string {
  const source = readFileSync(join(import.meta.dirname, 'spec-client.ts'), 'utf8');
  return stripTypeScriptTypes(source);
}

/** Every path the client's routes own (/, /activate/{token} ...) opens the same page. */
function clientPage(provider: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spec client</title></head><body><script type="module">
import * as client from '/spec-client.js';
client.configure(${JSON.stringify(provider)});
window.specClient = client;
</script></body></html>`;
}

/**
 * A third-party client's own web server: a `node:http` server on 127.0.0.1 serving the spec
 * client's page and script, and the photos its member picks (`/files/{name}`). Its origin is
 * `http://localhost:{port}`, never Hearth's `http://127.0.0.1:{port}`; the same server reached as
 * `http://127.0.0.1:{port}` is a second origin, one not listed in CORS_ORIGINS.
 */
export async function startClientOrigin(files: Record<string, Buffer>) {
  const script = clientScript();
  let provider = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://client').pathname;
    if (path === '/spec-client.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(script);
      return;
    }
    const file = path.startsWith('/files/') ? files[path.slice('/files/'.length)] : undefined;
    if (file) {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(file);
      return;
    }
    if (path === '/favicon.ico' || path.startsWith('/files/')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(clientPage(provider));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    unlistedOrigin: `http://127.0.0.1:${port}`,
    /** Where the client's calls go: known once Hearth runs, which needs this origin first. */
    useProvider(url: string) {
      provider = url;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Opens `url` (a page of the client) and waits for its client to be loaded. */
export async function openClient(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => 'specClient' in window);
}

/** One call of the spec client, made inside the page, as its own screens would. */
export function inPage<Name extends keyof SpecClient>(
  page: Page,
  name: Name,
  ...args: Parameters<SpecClient[Name]>
): Promise<Awaited<ReturnType<SpecClient[Name]>>> {
  return page.evaluate(
    ([fn, params]) =>
      (window as unknown as ClientWindow).specClient[fn]?.(...(params as unknown[])),
    [name, args] as const,
  ) as Promise<Awaited<ReturnType<SpecClient[Name]>>>;
}

/**
 * The spec client's uploadImages with photos the member picks from the client's own files, so
 * real `File`s go into the multipart body.
 */
export function uploadFromPage(page: Page, path: string, names: string[], pathLast = false) {
  return page.evaluate(
    async ({ path, names, pathLast }) => {
      const files = await Promise.all(
        names.map(async (name) => {
          const blob = await (await fetch(`/files/${name}`)).blob();
          return new File([blob], name, { type: blob.type });
        }),
      );
      const client = (window as unknown as ClientWindow).specClient;
      return client.uploadImages?.(path, files, pathLast);
    },
    { path, names, pathLast },
  ) as ReturnType<SpecClient['uploadImages']>;
}
