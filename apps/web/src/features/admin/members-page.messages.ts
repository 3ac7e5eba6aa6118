import { defineMessages } from '@hearth/contract';

export const membersMessages = defineMessages('admin.members', {
  title: 'Members',
  introAdmin:
    "Everyone with an account here, newest first. Open a member's record to see the reports naming them and what was done. Warn, suspend or delete an account with a reason the member is told; admins also change the roles.",
  introModerator:
    "Everyone with an account here, newest first, with their role. Open a member's record to see the reports naming them and what was done; warn or suspend with a reason the member is told.",
  search: 'Search members',
  searchPlaceholder: 'Name, username or e-mail',
  list: 'Members',
  loading: 'Loading members',
  noMatch: 'No member matches “{query}”.',
  noMembers: 'No members yet.',
  accountDeleted: 'The account of {name} was deleted.',
  statusPrefix: 'Status:',
  suspended: 'Suspended',
  joined: 'Joined <0/>',
  lastActive: 'Last active <0/>',
  suspendedReason: 'Suspended <0/>. Reason: {reason}',
  roleOf: 'Role of {name}',
  recordOf: 'Record of {name}',
  record: 'Record',
  warnName: 'Warn {name}',
  suspendName: 'Suspend {name}',
  unsuspendName: 'Unsuspend {name}',
  deleteAccountOf: 'Delete account of {name}',
  warnDescription:
    '{name} is told why by notification and e-mail. The warning goes into the audit log.',
  warned: '{name} was warned.',
  suspendDescription:
    '{name} cannot log in, and everything they made is hidden from everyone until the suspension is lifted. They are logged out at once and told why by e-mail.',
  suspendedNote: '{name} was suspended.',
  unsuspendTitle: 'Unsuspend {name}?',
  unsuspendDescription:
    '{name} can log in again, and everything they made shows again as it was. They are told by e-mail.',
  unsuspended: '{name} can log in again.',
  deleteWhat:
    'Everything {name} made is removed with the account: posts, comments, reactions, photos and friendships. This cannot be undone.',
  deleteAddress:
    '{name} is told why by e-mail. Their address cannot be used to sign up again until an admin allows it, under Settings, Refused addresses.',
  loadingRecord: 'Loading the record of {name}',
  reports: 'Reports',
  noReports: 'No reports name {name}.',
  reportsNaming: 'Reports naming {name}',
  reportedPost: '<0>{reason}</0> · a post · reported <1/>',
  reportedComment: '<0>{reason}</0> · a comment · reported <1/>',
  reportedProfile: '<0>{reason}</0> · the profile · reported <1/>',
  reportedMessage: '<0>{reason}</0> · a message · reported <1/>',
  open: 'Open',
  resolvedAs: 'Resolved: {outcome}',
  resolvedClosed: 'Resolved: closed',
  quoted: '“{text}”',
  actionsTaken: 'Actions taken',
  noActions: 'No action taken about {name}.',
  actionsAbout: 'Actions taken about {name}',
  actionBy: '<0>{action}</0> by {by} <1/>',
});
