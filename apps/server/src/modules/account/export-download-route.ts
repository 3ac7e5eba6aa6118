import { SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { searchOf } from '../../infra/storage/media-signatures.js';
import { EXPORT_DOWNLOAD_PATH } from './export-links.js';
import type { DataExportService } from './export-service.js';

/**
 * GET /downloads/exports/{exportId}?exp=…&sig=…: a ready 'Download your information' zip, at the
 * signed address exportLink gave its member, outside the JSON API (a browser's download carries
 * no Bearer header: the signature stands for the member). Streamed from the storage as a file to
 * save; a wrong or expired signature, or an export no longer ready, is a 404 like any path.
 */
export function registerExportDownloadRoute(
  app: FastifyInstance,
  exports: DataExportService,
): void {
  app.get<{ Params: { exportId: string } }>(
    `${EXPORT_DOWNLOAD_PATH}:exportId`,
    async (request, reply) => {
      const download = await exports.download(request.params.exportId, searchOf(request.url));
      if (!download) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({ message: SERVER_MESSAGES.notFound });
      }
      return (
        reply
          .type('application/zip')
          .header('content-length', download.bytes)
          // The name holds only the username's letters and digits, a date and dashes.
          .header('content-disposition', `attachment; filename="${download.fileName}"`)
          // The member's own information: no cache anywhere keeps a copy.
          .header('cache-control', 'private, no-store')
          .send(download.body)
      );
    },
  );
}
