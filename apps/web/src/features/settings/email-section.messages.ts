import { defineMessages } from '@hearth/contract';

/** Settings → E-mail. */
export const emailSectionMessages = defineMessages('settings.email', {
  title: 'E-mail',
  intro:
    'You log in with this address, and we write to it. A new address takes over once you open the link we send to it.',
  address: 'Your e-mail address is <0>{email}</0>',
  loading: 'Loading your e-mail address',
  waiting: 'Waiting for you to open the link we sent to <0>{email}</0>',
  newAddress: 'New e-mail address',
  yourPassword: 'Your password',
  sendLink: 'Send link',
  sending: 'Sending the link',
});
