/** What went wrong, in domain terms; the HTTP layer turns the kind into a status code. */
export type FailureKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedMediaType'
  | 'tooManyRequests';

/** A failure a member caused and can read about; its message is shown as it is. */
export class DomainError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** For tooManyRequests: when the member may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooLarge = (message: string) => new DomainError('tooLarge', message);
export const unsupportedMediaType = (message: string) =>
  new DomainError('unsupportedMediaType', message);
