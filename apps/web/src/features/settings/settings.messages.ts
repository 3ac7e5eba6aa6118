import { defineMessages } from '@hearth/contract';

/** The Settings page (/settings): its title, the Name and Password sections, the other pages. */
export const settingsMessages = defineMessages('settings', {
  title: 'Settings',
  intro:
    'Your name, e-mail and password, how you sign in, where you are logged in and your information. Who sees what you share, and whom you blocked or muted, are on their own pages below.',
  nameTitle: 'Name',
  nameIntro: 'How you show on your profile, posts and comments. Your username stays the same.',
  firstName: 'First name',
  surname: 'Surname',
  save: 'Save',
  savingName: 'Saving your name',
  passwordTitle: 'Password',
  passwordIntro: 'Changing it logs you out on your other devices; you stay logged in here.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  changePassword: 'Change password',
  changingPassword: 'Changing your password',
  privacyAndPeople: 'Privacy and people',
  privacySettings: 'Privacy settings',
  blocking: 'Blocking',
  muted: 'Muted',
});
