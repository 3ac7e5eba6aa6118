import { defineMessages } from '@hearth/contract';

/** Settings → Language. */
export const languageSectionMessages = defineMessages('settings.language', {
  title: 'Language',
  intro: 'The language of your screens and of the e-mails we send you, on every device.',
  saving: 'Saving your language',
});
