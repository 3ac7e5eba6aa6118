import { defineMessages } from '@hearth/contract';

/** Settings & privacy → Blocking (/settings/blocking). */
export const blockingMessages = defineMessages('settings.blocking', {
  title: 'Blocking',
  intro:
    "Once you block someone, they can no longer see your posts, find your profile, comment on or react to your posts, or add you as a friend, and you won't see them either. Unblocking someone doesn't bring back a friendship or a follow.",
  listLabel: 'Blocked members',
  loading: 'Loading blocked members',
  empty: "You haven't blocked anyone.",
  since: 'Blocked {time}',
  undo: 'Unblock',
  undoLabel: 'Unblock {name}',
});

/** Settings & privacy → Muted (/settings/muted). */
export const mutedMessages = defineMessages('settings.muted', {
  title: 'Muted',
  intro:
    "The posts of the people you mute stay out of your Feed, and what they do doesn't notify you. They aren't told, and you can still visit their profile and see their posts there.",
  listLabel: 'Muted members',
  loading: 'Loading muted members',
  empty: "You haven't muted anyone.",
  since: 'Muted {time}',
  undo: 'Unmute',
  undoLabel: 'Unmute {name}',
});
