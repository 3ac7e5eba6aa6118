import { defineMessages } from '@hearth/contract';

export const footerMessages = defineMessages('loginFooter', {
  languages: 'Languages',
  // The product links' list, named after the product.
  productLinks: 'Hearth',
  signUp: 'Sign Up',
  logIn: 'Log in',
  messenger: 'Messenger',
  watch: 'Watch',
  places: 'Places',
  games: 'Games',
  marketplace: 'Marketplace',
  groups: 'Groups',
  about: 'About',
  createAd: 'Create ad',
  createPage: 'Create Page',
  developers: 'Developers',
  careers: 'Careers',
  privacy: 'Privacy',
  cookies: 'Cookies',
  adChoices: 'AdChoices',
  terms: 'Terms',
  help: 'Help',
  copyright: 'Hearth © {year}',
});
