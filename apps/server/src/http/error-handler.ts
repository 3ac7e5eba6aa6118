import { SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type FailureKind } from '../errors.js';
import { RequestValidationError } from './validation.js';

const STATUS_OF: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
};

interface Answer {
  status: number;
  message: string;
}

/** Maps anything thrown to a status and a sentence; never leaks a stack trace. */
function answerFor(error: FastifyError | Error): Answer {
  if (error instanceof DomainError)
    return { status: STATUS_OF[error.kind], message: error.message };
  if (error instanceof RequestValidationError) return { status: 400, message: error.message };
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  const code = 'code' in error ? error.code : undefined;
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (status === 400 && error instanceof SyntaxError)
  ) {
    return { status: 400, message: SERVER_MESSAGES.malformedJson };
  }
  if (status === 413) return { status, message: SERVER_MESSAGES.payloadTooLarge };
  if (status === 415) return { status, message: SERVER_MESSAGES.unsupportedMediaType };
  if (status === 404) return { status, message: SERVER_MESSAGES.notFound };
  if (status >= 400 && status < 500) return { status, message: SERVER_MESSAGES.invalidInput };
  return { status: 500, message: SERVER_MESSAGES.unexpected };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      const { status, message } = answerFor(error);
      if (status >= 500) request.log.error({ err: error }, 'unexpected error');
      if (error instanceof DomainError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.code(status).send({ message });
    },
  );
}
