export * from './constants.js';
export * from './enums.js';
export * from './image-variants.js';
export { firstIssueMessage } from './issues.js';
export * from './messages.js';
export * from './schemas/auth.js';
export * from './schemas/responses.js';
export * from './schemas/users-posts.js';
export * from './text.js';
