import { defineMessages } from '@hearth/contract';

/** /confirm-email/:token, the link mailed to a new address. */
export const confirmEmailMessages = defineMessages('settings.confirmEmail', {
  title: 'Your new e-mail address',
  confirming: 'Confirming your new e-mail address',
  fromNow: 'From now on you log in with <0>{email}</0>.',
  goToSettings: 'Go to Settings',
  logIn: 'Log in',
});
