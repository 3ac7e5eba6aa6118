import { defineMessages } from '@hearth/contract';

export const applicationsMessages = defineMessages('admin.applications', {
  title: 'Applications',
  intro:
    'People asking to join, oldest first, with why they want to. Approved, they can log in; rejected, their account is deleted. Either way they get an e-mail, with your reason if you give one.',
  list: 'Applications',
  loading: 'Loading applications',
  empty: 'Nobody is waiting for approval.',
  applied: 'Applied <0/>',
  approveName: 'Approve {name}',
  rejectName: 'Reject {name}',
  approve: 'Approve',
  reject: 'Reject',
  approving: 'Approving…',
  rejecting: 'Rejecting…',
  approveTitle: 'Approve {name}?',
  rejectTitle: 'Reject {name}?',
  approveDescription: '{name} can log in at once, and gets an e-mail saying so.',
  rejectDescription: "{name}'s account is deleted, and they get an e-mail saying so.",
  sentInEmail: 'Sent to {name} in the e-mail.',
});
