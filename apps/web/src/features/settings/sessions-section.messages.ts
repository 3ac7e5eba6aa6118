import { defineMessages } from '@hearth/contract';

/** Settings → Where you're logged in. */
export const sessionsMessages = defineMessages('settings.sessions', {
  title: "Where you're logged in",
  intro:
    "The devices logged in to your account. If you don't recognise one, log it out and change your password.",
  loading: "Loading where you're logged in",
  listLabel: 'Your sessions',
  thisDevice: 'This device',
  // The device as the server names it ('Chrome on Android'), in the member's language.
  deviceOn: '{browser} on {system}',
  unknownDevice: 'Unknown device',
  ip: 'IP address {ip}',
  ipUnknown: 'IP address not known',
  signedIn: 'Signed in on <0>{date}</0>',
  activeNow: 'Active now',
  active: 'Active {time}',
  logOutLabel: 'Log out {device}',
  logOut: 'Log out',
  nowhereElse: "You're not logged in anywhere else.",
});
