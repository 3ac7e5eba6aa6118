import { defineMessages } from '@hearth/contract';

/** Under a minute ago (the rest is Intl's, or English written by hand). */
export const timeMessages = defineMessages('ui.time', {
  justNow: 'just now',
});
