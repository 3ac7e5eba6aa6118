import { defineMessages } from '@hearth/contract';

/** A login's second step: the two-factor code, or keeping an account being deleted. */
export const secondStepMessages = defineMessages('auth.secondStep', {
  form: 'Enter your code',
  hint: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  recoveryCode: 'Recovery code',
  appCode: '6-digit code',
  continue: 'Continue',
  checking: 'Checking your code',
  useAppCode: 'Use a code from the app',
  useRecoveryCode: 'Use a recovery code',
  back: 'Back to log in',
  deletionTitle: 'Your account will be deleted on {day}',
  deletionHint:
    'Until then you can keep it: your profile and everything you shared show again at once.',
  keep: 'Keep my account',
  cancel: 'Cancel',
  keeping: 'Keeping your account',
});
