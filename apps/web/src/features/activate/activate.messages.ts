import { defineMessages } from '@hearth/contract';

/** /activate/:token. */
export const activateMessages = defineMessages('activate', {
  verifying: 'Verifying your account',
});
