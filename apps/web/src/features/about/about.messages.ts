import { defineMessages } from '@hearth/contract';

/** The public page about this server (/about). */
export const aboutMessages = defineMessages('about', {
  loading: 'Loading',
  title: 'About {name}',
  whoMayJoin: 'Who may join',
  rules: 'Rules',
  privacyPolicy: 'Privacy policy',
  membersMayInvite: '{sentence} Members can invite their friends.',
});

/** Who may join, by sign-up mode (SIGNUP_MODE_LABELS' descriptions). */
export const signupModeMessages = defineMessages('about.signupMode', {
  open: 'Anyone can sign up.',
  approval: 'Anyone can apply; a moderator approves each new member.',
  invite: 'Sign-up needs an invite link.',
  closed: 'Nobody can sign up.',
});
