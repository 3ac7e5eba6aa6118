import multipart, { type Multipart } from '@fastify/multipart';
import {
  IMAGE_MAX_BYTES,
  isStorableText,
  MEDIA_MESSAGES,
  SERVER_MESSAGES,
  UPLOAD_FILES_MAX,
} from '@hearth/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Limits } from '../../config.js';
import { DomainError, invalid, tooLarge, unsupportedMediaType } from '../../errors.js';
import { addEndpoint } from '../../http/endpoint-route.js';
import { limitHook } from '../../infra/limits/rate-limits.js';
import { memberOf } from '../auth/hooks.js';
import type { HeldFiles } from './held-files.js';
import type { MediaService, Upload } from './service.js';

export interface MediaRoutesOptions {
  media: MediaService;
  limits: Limits;
}

// A path field, up to UPLOAD_FILES_MAX files, and a little room for a stray field to be
// answered with a sentence rather than a parser limit.
const MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: UPLOAD_FILES_MAX,
  fields: 5,
  parts: UPLOAD_FILES_MAX + 5,
  fieldNameSize: 100,
  fieldSize: 1000,
  headerPairs: 100,
};

/** POST /posts/uploadImages and POST /users/listImages (API.md, Users/media). */
export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (
  app,
  { media, limits },
) => {
  // Registered here only: no other route accepts multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const uploadsPerMember = limitHook(
    app,
    'uploads-member',
    limits.uploadsPerMember,
    (request) => request.member?.id,
  );

  addEndpoint(app, 'uploadImages', { onRequest: [uploadsPerMember] }, async (request) => {
    if (!request.isMultipart()) throw unsupportedMediaType(MEDIA_MESSAGES.notMultipart);
    const member = memberOf(request);
    // Files sent before the path wait on disk until it says where they go; with the path
    // first, none does and each file is processed as it arrives.
    const held = media.holdFiles();
    let upload: Upload | undefined;
    try {
      for await (const part of partsOf(request)) {
        // The same rule as for every other request's strings (registerUnstorableTextGuard).
        const text = part.type === 'field' ? String(part.value) : part.filename;
        if (!isStorableText(part.fieldname) || !isStorableText(text)) {
          throw invalid(SERVER_MESSAGES.unstorableText);
        }
        if (part.type === 'field') {
          if (part.fieldname !== 'path' || upload) throw invalid(MEDIA_MESSAGES.unexpectedField);
          upload = media.startUpload(member, String(part.value));
          for await (const file of held.take()) await upload.add(file.name, file.bytes);
          continue;
        }
        if (part.fieldname !== 'file') throw invalid(MEDIA_MESSAGES.unexpectedField);
        if (upload) await upload.add(part.filename, await readFilePart(part, media, upload));
        else await holdFilePart(part, media, held);
      }
      if (!upload) throw invalid(MEDIA_MESSAGES.pathMissing);
      return await upload.finish();
    } catch (error) {
      await upload?.abort();
      // A file cut at the limit can surface from the parser between parts rather than while
      // reading the file: the answer is the same 413 naming the file.
      if (error instanceof FileTooLarge) throw media.fileTooLarge(error.fileName, upload);
      throw error;
    } finally {
      await held.dispose();
    }
  });

  addEndpoint(app, 'listImages', {}, async (request) =>
    media.listImages(memberOf(request), request.body),
  );
};

/** The request's parts; a broken body or a parser limit surfaces as a sentence. */
async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  let iterator: AsyncIterator<Multipart>;
  try {
    iterator = request.parts({ limits: MULTIPART_LIMITS })[Symbol.asyncIterator]();
  } catch (error) {
    throw asParserError(error);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (error) {
      if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLarge(error);
      throw asParserError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

type FilePart = Extract<Multipart, { type: 'file' }>;

async function readFilePart(part: FilePart, media: MediaService, upload: Upload): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw media.fileTooLarge(part.filename, upload);
    throw asParserError(error);
  }
  // When the limit falls exactly between two chunks, the parser ends the file at the limit
  // without throwing: the bytes are the first 5 MB of a larger file, never to be kept.
  if (part.file.truncated) throw media.fileTooLarge(part.filename, upload);
  return bytes;
}

/** Streams a file sent before the path to disk; the parser cuts it at 5 MB as it goes. */
async function holdFilePart(part: FilePart, media: MediaService, held: HeldFiles): Promise<void> {
  try {
    await held.hold(part.filename, part.file);
  } catch (error) {
    if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw media.fileTooLarge(part.filename);
    // The disk failing (full, unwritable) is the server's fault, not the body's: a 500.
    if (error instanceof Error && 'syscall' in error) throw error;
    throw asParserError(error);
  }
  if (part.file.truncated) throw media.fileTooLarge(part.filename);
}

/** The parser's file-size error, carrying the name of the file it cut. */
class FileTooLarge extends Error {
  readonly fileName: string | undefined;

  constructor(cause: unknown) {
    super('file too large', { cause });
    const part = (cause as { part?: { filename?: unknown } }).part;
    this.fileName = typeof part?.filename === 'string' ? part.filename : undefined;
  }
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** Everything the multipart parser throws is the body's fault: a 4xx with a sentence. */
function asParserError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  switch (codeOf(error)) {
    case 'FST_FILES_LIMIT':
      return tooLarge(MEDIA_MESSAGES.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid(MEDIA_MESSAGES.unexpectedField);
    default:
      // busboy's own: no boundary, a truncated body, a malformed part header.
      return invalid(MEDIA_MESSAGES.notMultipart);
  }
}
