import type { z } from 'zod';

/** The message a person should read for a failed validation: the first issue's. */
export function firstIssueMessage(
  error: z.ZodError,
  fallback = 'The request is not valid.',
): string {
  return error.issues[0]?.message ?? fallback;
}
