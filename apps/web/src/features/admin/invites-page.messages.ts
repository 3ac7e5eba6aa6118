import { defineMessages } from '@hearth/contract';

export const invitesMessages = defineMessages('admin.invites', {
  titleAdmin: 'Invites',
  titleMember: 'Invite friends',
  introAdmin:
    'Sign-up by invite needs one of these links. Each works for the sign-ups and the days you choose; revoke one and it stops working at once.',
  introMember:
    'Share a link with the friends you want here: it opens the sign-up with its code filled in.',
  links: 'Invite links',
  yourLinks: 'Your invite links',
  loading: 'Loading invites',
  empty: 'No invite links yet.',
  newLink: 'New invite link',
  signUps: 'Sign-ups',
  days: 'Days',
  make: 'Make invite link',
  making: 'Making the link…',
  yourNewLink: 'Your new invite link',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Your browser did not let us copy: copy the selected link.',
  used: '{uses, plural, one {Used {used} of # time} other {Used {used} of # times}}',
  usedUp: '(used up)',
  expires: 'Expires {date}',
  expired: 'Expired {date}',
  madeBy: 'Made by {name}',
  copyCode: 'Copy invite link {code}',
  revokeCode: 'Revoke invite link {code}',
  copy: 'Copy',
  revoke: 'Revoke',
});
