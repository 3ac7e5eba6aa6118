import { defineMessages } from '@hearth/contract';

/** The home screen's columns and the verification banner. */
export const homeMessages = defineMessages('home', {
  home: 'Home',
  shortcuts: 'Shortcuts',
  showLess: 'Show less',
  seeMore: 'See more',
  yourShortcuts: 'Your Shortcuts',
  opensInNewTab: '(opens in a new tab)',
  privacy: 'Privacy',
  terms: 'Terms',
  advertising: 'Advertising',
  adChoices: 'Ad Choices',
  cookies: 'Cookies',
  more: 'More',
  copyright: 'Hearth © {year}',
  sponsoredAndContacts: 'Sponsored and contacts',
  sponsored: 'Sponsored',
  tagline: 'Your community, on your own server.',
  contacts: 'Contacts',
  accountVerification: 'Account verification',
});
