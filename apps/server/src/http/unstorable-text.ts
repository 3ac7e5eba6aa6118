import { containsUnstorableText, SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors.js';

/**
 * Every route, documented or not: a NUL or an unpaired surrogate anywhere in the path
 * parameters, the query or a parsed body is refused with 400 before validation, so it never
 * reaches a database (PostgreSQL would fail on it) or a file name. Multipart fields are read by
 * their handler, which applies the same rule.
 */
export function registerUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (
      containsUnstorableText(request.params) ||
      containsUnstorableText(request.query) ||
      containsUnstorableText(request.body)
    ) {
      throw invalid(SERVER_MESSAGES.unstorableText);
    }
  });
}
