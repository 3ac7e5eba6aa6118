import { defineMessages } from '@hearth/contract';

/** The layouts around the screens: the error page and the visitors' bar. */
export const layoutMessages = defineMessages('layout', {
  goHome: 'Go to the home page',
  logIn: 'Log In',
});
