import { randomBytes } from 'node:crypto';
import { ROUTES } from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import { callEndpoint } from './test-app.js';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; bytes: Buffer; contentType?: string };

/** A multipart/form-data body, parts in the given order, as a browser's FormData sends it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----hearth${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), 'value' in part ? Buffer.from(part.value) : part.bytes);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface UploadFile {
  name: string;
  bytes: Buffer;
  contentType?: string;
}

/**
 * The uploadImages call: one `file` part per image and the path, first unless `pathAt` says
 * how many files come before it (`files.length`: the path last).
 */
export function uploadImages(
  app: App,
  token: string,
  path: string,
  files: UploadFile[],
  { pathAt = 0 }: { pathAt?: number } = {},
): Promise<LightMyRequestResponse> {
  const parts: FormPart[] = files.map((f) => ({
    name: 'file',
    filename: f.name,
    bytes: f.bytes,
    contentType: f.contentType ?? 'image/jpeg',
  }));
  parts.splice(pathAt, 0, { name: 'path', value: path });
  return sendForm(app, token, parts);
}

export function sendForm(
  app: App,
  token: string,
  parts: FormPart[],
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts);
  return callEndpoint(app, ROUTES.uploadImages, {
    rawBody: payload,
    headers: { 'content-type': contentType },
    token,
  });
}

/** Uploads one image and answers its url; fails the test if the upload is refused. */
export async function uploadedUrl(
  app: App,
  token: string,
  path: string,
  bytes: Buffer,
  name = 'photo.jpg',
): Promise<string> {
  const res = await uploadImages(app, token, path, [{ name, bytes }]);
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return (res.json() as Array<{ url: string }>)[0]!.url;
}

/**
 * A member's listImages as `viewerToken` reads it, every page followed: the addresses listed and
 * the total the pages give (failing the test if two pages give different totals).
 */
export async function listedImages(
  app: App,
  ownerUsername: string,
  viewerToken: string,
): Promise<{ urls: string[]; total: number | undefined }> {
  const urls: string[] = [];
  const totals = new Set<number>();
  let cursor: string | undefined;
  do {
    const res = await callEndpoint(app, ROUTES.listImages, {
      body: { path: `${ownerUsername}/*`, sort: 'desc', max: 2, ...(cursor ? { cursor } : {}) },
      token: viewerToken,
    });
    if (res.statusCode !== 200) throw new Error(`listImages: ${res.statusCode} ${res.body}`);
    const body = res.json();
    totals.add(body.total_count);
    urls.push(...body.resources.map((r: { secure_url: string }) => r.secure_url));
    cursor = body.next_cursor;
  } while (cursor);
  if (totals.size > 1) throw new Error(`listImages: pages gave totals ${[...totals].join(', ')}`);
  return { urls, total: [...totals][0] };
}
