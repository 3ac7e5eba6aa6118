import { defineMessages } from '@hearth/contract';

/*
 * Every text of every mail the server sends (templates.ts), in English: ICU MessageFormat, each
 * translated by id in catalogues/<code>.json. Placeholders: {product} (Hearth), {server} (the
 * community's name as its admins typed it), {name} (the recipient's first name), {link}, {email},
 * {code}, {when}, {until}; {minutes} and {days} are plurals.
 */
export const MAIL_MESSAGES = defineMessages('mail', {
  hello: 'Hello {name},',

  // Sign-up: the activation link.
  activationSubject: '{product}: activate your account',
  activationOpen: 'Open this link to activate your account (it works once, for 24 hours):',
  activationNotYou: 'If you did not sign up for {product}, you can ignore this mail.',

  // Who may join: an application approved or declined.
  approvedSubject: '{server}: your request to join was approved',
  approvedSaid: 'Your request to join {server} was approved. Welcome!',
  approvedLogIn: 'You can log in now: {link}',
  approvedLinkSent: 'We also sent you a link that confirms your e-mail address.',
  declinedSubject: '{server}: your request to join was declined',
  declinedSaid: 'Your request to join {server} was declined, and the account you made was deleted.',

  // The password reset code (the HTML part shows the code on a line of its own).
  resetSubject: '{product}: your password reset code is {code}',
  resetCodeIs: 'Your password reset code is: {code}',
  resetCodeLabel: 'Your password reset code is:',
  resetValidFor: 'It is valid for {minutes, plural, one {# minute} other {# minutes}}.',
  resetNotYou: 'If you did not ask to reset your password, you can ignore this mail.',

  // The password changed in the settings.
  passwordChangedSubject: '{product}: your password was changed',
  passwordChangedSaid:
    'The password of your {product} account was just changed, and your other devices were logged out.',
  passwordChangedNotYou: 'If you did not change it, reset your password at once:',

  // A new e-mail address: the link to it, then the word to the old one.
  emailLinkSubject: '{product}: confirm your new e-mail address',
  emailLinkAsk:
    'Open this link to make {email} the e-mail address of your {product} account (it works once, for 24 hours):',
  emailLinkNotYou: 'If you did not ask for this, you can ignore this mail: nothing changes.',
  emailChangedSubject: '{product}: your e-mail address was changed',
  emailChangedSaid:
    'The e-mail address of your {product} account was just changed to {email}. Mail for the account now goes there, and you log in with it.',
  emailChangedNotYou:
    'If you did not change it, someone knows your password: reset it at once, and tell the admins of the server.',

  // To the admins: open sign-up switched itself to approval.
  autoApprovalSubject: '{product}: sign-up on {server} now needs approval',
  autoApprovalSaid:
    'No moderator or admin has used {server} for {days, plural, one {# day} other {# days}}, so sign-up has switched from open to approval: new people can still apply, and a moderator approves each of them.',
  autoApprovalSettings: 'To open sign-up again, or choose another mode, go to the settings:',

  // Moderation: what happened, then the reason the moderator or admin wrote.
  moderatorWrote: 'The moderator wrote:',
  adminsWrote: 'The admins wrote:',
  postRemovedSubject: '{server}: your post was removed',
  postRemovedSaid: 'A moderator of {server} removed your post.',
  commentRemovedSubject: '{server}: your comment was removed',
  commentRemovedSaid: 'A moderator of {server} removed your comment.',
  warningSubject: '{server}: a warning from the moderators',
  warningSaid: 'A moderator of {server} sent you a warning.',
  suspendedSubject: '{server}: your account is suspended',
  suspendedSaid:
    'Your account on {server} is suspended by its moderators. You cannot log in, and nothing you posted is shown to anyone while it lasts.',
  restoredSubject: '{server}: your account is restored',
  restoredSaid:
    'The moderators of {server} lifted your suspension. You can log in again, and what you posted is shown again as it was.',
  deletedSubject: '{server}: your account was deleted',
  deletedSaid:
    'Your account on {server} was deleted by its admins, with everything you posted there.',

  // Deleting one's own account: 30 days to change one's mind.
  deletionSubject: '{product}: your account is being deleted',
  deletionSaid:
    'Your {product} account is being deleted. Nobody can see your profile or anything you posted any more, and every device of yours was logged out.',
  deletionKeep:
    'Changed your mind? Log in before {when} to keep your account. After that, everything in it is deleted for good.',

  // Download your information: the zip is ready.
  exportSubject: '{product}: your information is ready to download',
  exportSaid:
    'The copy of your information you asked {product} for is ready. Download it from your settings until {until}; after that it is deleted.',
});
