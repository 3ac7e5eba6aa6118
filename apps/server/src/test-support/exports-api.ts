import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type DataExport, type DataExportLink, ROUTES } from '@hearth/contract';
import yauzl from 'yauzl';
import type { App } from '../app.js';
import { callEndpoint } from './test-app.js';

// 'Download your information' as the web client uses it, and the zip as a member opens it.

export function requestExport(app: App, token: string) {
  return callEndpoint(app, ROUTES.requestExport, { token });
}

/** The member's exports, failing the test unless it is a 200. */
export async function listExports(app: App, token: string): Promise<DataExport[]> {
  const res = await callEndpoint(app, ROUTES.listExports, { token });
  if (res.statusCode !== 200) throw new Error(`listExports: ${res.statusCode} ${res.body}`);
  return (res.json() as { exports: DataExport[] }).exports;
}

export function exportLinkRequest(app: App, token: string, exportId: string) {
  return callEndpoint(app, ROUTES.exportLink, { params: { exportId }, token });
}

/** A ready export's signed address, failing the test unless it is a 200. */
export async function exportLink(
  app: App,
  token: string,
  exportId: string,
): Promise<DataExportLink> {
  const res = await exportLinkRequest(app, token, exportId);
  if (res.statusCode !== 200) throw new Error(`exportLink: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The path and query of an address the server gave (its origin is PUBLIC_URL's). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/**
 * Downloads an address over real HTTP from the app, listening on a free local port (started here
 * when it is not yet), into `file`: the status and headers, and the bytes saved.
 */
export async function downloadOverHttp(
  app: App,
  url: string,
  file: string,
): Promise<{ status: number; headers: Headers }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${pathOf(url)}`);
  if (res.ok && res.body) {
    await pipeline(
      Readable.fromWeb(res.body as unknown as WebReadableStream),
      createWriteStream(file),
    );
  } else {
    await res.arrayBuffer();
  }
  return { status: res.status, headers: res.headers };
}

/**
 * The entries of a zip file by name, read with yauzl (each entry's size checked against its
 * header); `read` says which entries' bytes to keep (the others are only listed, as empty).
 */
export function readZip(
  file: string,
  read: (name: string) => boolean = () => true,
): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!read(entry.fileName)) {
          entries.set(entry.fileName, Buffer.alloc(0));
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** What the system's `unzip -t` says of a zip: its exit status and output (every CRC checked). */
export function unzipTest(file: string): { status: number | null; output: string } {
  const result = spawnSync('unzip', ['-t', file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`unzip could not be run: ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
