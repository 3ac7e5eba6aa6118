import { defineMessages } from '@hearth/contract';

/** Settings → Two-factor sign-in. */
export const twoFactorMessages = defineMessages('settings.twoFactor', {
  title: 'Two-factor sign-in',
  intro:
    'Besides your password, logging in asks for a code from an authenticator app on your phone, so your password alone is not enough to get in.',
  loading: 'Loading two-factor sign-in',
  on: 'On.',
  codesLeft: '{count, plural, one {# recovery code left.} other {# recovery codes left.}}',
  off: 'Off.',
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  cancel: 'Cancel',
  yourPassword: 'Your password',
  continue: 'Continue',
  makingKey: 'Making your key',
  scan: 'Scan this QR code with your authenticator app.',
  qrAlt: 'QR code of your two-factor key, for your authenticator app to scan',
  typeKey: 'Cannot scan it? Type this key into the app instead: <0>{key}</0>',
  appCode: '6-digit code from the app',
  checkingCode: 'Checking your code',
  copyUnavailable: 'Copying is not available here: write the codes down instead.',
  copied: 'Copied.',
  copyFailed: 'They could not be copied: write them down instead.',
  codesExplain:
    'If you lose your phone, each of these codes logs you in once instead of a code from the app. They are shown only now: copy them or write them down, and keep them somewhere safe.',
  codesLabel: 'Your recovery codes',
  copy: 'Copy',
  savedThem: 'I saved them',
  turnOffCode: 'Code from your app, or a recovery code',
  turningOff: 'Turning two-factor sign-in off',
});
