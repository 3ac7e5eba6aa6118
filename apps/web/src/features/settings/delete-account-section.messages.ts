import { defineMessages } from '@hearth/contract';

/** Settings → Delete my account, and its dialog. */
export const deleteAccountMessages = defineMessages('settings.deleteAccount', {
  title: 'Delete my account',
  intro:
    'Your profile and everything you shared disappear at once. You have 30 days to change your mind; after that, it is all gone.',
  button: 'Delete my account',
  dialogTitle: 'Delete your account?',
  hidden:
    'Your profile, posts, comments and reactions are hidden from everyone at once, and you are logged out on every device.',
  thirtyDays: 'You have 30 days to change your mind: log in again and choose to keep your account.',
  forGood:
    'After 30 days everything is deleted for good: your posts, photos, comments, reactions and friends. Your e-mail address can sign up again; your username will not come back.',
  yourPassword: 'Your password',
  checking: 'Checking whether a code is needed',
  code: 'Code from your authenticator app, or a recovery code',
  cancel: 'Cancel',
  deleting: 'Deleting…',
});
