import { defineMessages } from '@hearth/contract';

/** The login screen: its brand side, the login form and its links. */
export const loginMessages = defineMessages('auth.login', {
  tagline:
    'Hearth helps you stay close to the people in your life, on a network you can host yourself.',
  createPage: '<0>Create a Page</0> for a celebrity, brand or business.',
  aboutServer: 'About {name}',
  aboutThisServer: 'About this server',
  form: 'Log in',
  email: 'Email address or phone number',
  password: 'Password',
  logIn: 'Log In',
  loggingIn: 'Logging in',
  forgotten: 'Forgotten password?',
  createAccount: 'Create Account',
});
