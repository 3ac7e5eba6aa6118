import { defineMessages } from '@hearth/contract';

export const settingsMessages = defineMessages('admin.settings', {
  title: 'Server settings',
  intro:
    'Who may join, and what newcomers read before they do: at sign-up and on the public About page.',
  loading: 'Loading settings',
  whoMayJoin: 'Who may join',
  autoSwitched:
    'Sign-up switched itself from {open} to {approval} on {date}: no moderator or admin had been active for {days, plural, one {# day} other {# days}}.',
  membersMayInvite: 'Members may invite',
  inviteHint:
    'While sign-up is {mode}, every member can make invite links, from their account menu. Admins always can.',
  serverName: 'Server name',
  description: 'Description',
  descriptionHint: 'A sentence or two on the About page, under the name.',
  rules: 'Rules',
  rulesHint: 'Newcomers agree to them when they sign up. At most {max}.',
  rule: 'Rule {number}',
  removeRule: 'Remove rule {number}',
  remove: 'Remove',
  addRule: 'Add a rule',
  privacyPolicy: 'Privacy policy',
  domains: 'Refused e-mail domains',
  domainsHint:
    'One a line, such as example.com: nobody signs up with an address there or at its subdomains.',
  save: 'Save',
  saving: 'Saving…',
  savingSpinner: 'Saving',
  saved: 'Settings saved.',
});

export const emailBlocksMessages = defineMessages('admin.emailBlocks', {
  heading: 'Refused addresses',
  hint: "The e-mail address of an account an admin deleted cannot sign up again until you allow it here. Only the member's name is shown: the address itself is not kept.",
  loading: 'Loading refused addresses',
  empty: "No refused addresses: every deleted account's address may sign up again.",
  allowedNote: 'The address of {name} may sign up again.',
  accountDeleted: 'Account deleted <0/>',
  allow: 'Allow this address again',
  allowing: 'Allowing…',
});
