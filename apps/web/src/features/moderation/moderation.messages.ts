import { defineMessages } from '@hearth/contract';

/** The report dialog. */
export const reportMessages = defineMessages('moderation.report', {
  why: 'Why are you reporting this?',
  details: 'Details (optional)',
  onlyModerators: 'Only moderators read your report.',
  cancel: 'Cancel',
  submit: 'Submit',
  submitting: 'Submitting…',
  done: 'Done',
});

/** Why a member reports something (REPORT_REASON_LABELS), by reason. */
export const reportReasonMessages = defineMessages('moderation.reason', {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  violence: 'Violence or threats',
  nudity: 'Nudity or sexual content',
  false_information: 'False information',
  other: 'Something else',
});

/** How a report ended, as its reporter reads it (REPORT_OUTCOME_LABELS), by action. */
export const reportOutcomeMessages = defineMessages('moderation.outcome', {
  dismiss: 'No rule was broken',
  remove: 'Removed',
  warn: 'The member was warned',
  suspend: 'The member was suspended',
  delete: "The member's account was deleted",
});

/** Help & support → Support Inbox. */
export const inboxMessages = defineMessages('moderation.inbox', {
  title: 'Support Inbox',
  intro:
    'What you reported and what the moderators did about it. The members you report are not told who reported them.',
  loading: 'Loading your reports',
  empty: "You haven't reported anything.",
  list: 'Your reports',
  post: 'A post',
  comment: 'A comment',
  message: 'A message',
  member: 'A member',
  memberNamed: 'A member: <0>{name}</0>',
  open: 'Open',
  closed: 'Closed',
  status: 'Status:',
  reported: '{reason} · Reported <0></0>',
  reportedAndClosed: '{reason} · Reported <0></0> · Closed <1></1>',
  details: 'Your details: <0>{details}</0>',
});
