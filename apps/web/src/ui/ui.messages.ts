import { defineMessages } from '@hearth/contract';

/** The shared controls' own words (a dialog's close button, an error box's retry). */
export const uiMessages = defineMessages('ui', {
  close: 'Close',
  tryAgain: 'Try again',
});
