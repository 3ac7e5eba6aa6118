import { firstIssueMessage, SERVER_MESSAGES } from '@hearth/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodError, ZodType } from 'zod';

/** A request part failed its contract schema; the message is the first issue's, for a person. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;

  constructor(readonly zodError: ZodError) {
    const first = zodError.issues[0];
    // A body of the wrong shape altogether (a string, an array) has no field message to show;
    // a rule about the whole body (a post with nothing in it) has its own.
    const wholeBodyShape = first && first.path.length === 0 && first.code !== 'custom';
    super(wholeBodyShape ? SERVER_MESSAGES.invalidInput : firstIssueMessage(zodError));
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates with the contract's zod schemas. A missing body counts as an empty object, so the
 * answer names the first missing field instead of complaining about the body.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' && (data === null || data === undefined) ? {} : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error) };
  };
