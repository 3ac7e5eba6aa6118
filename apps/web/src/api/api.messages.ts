import { defineMessages } from '@hearth/contract';

/** The API layer's own sentences (the server's come through serverText). */
export const apiMessages = defineMessages('api', {
  noImageBack: 'The upload gave no image back.',
});
