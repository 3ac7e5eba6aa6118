import { defineMessages } from '@hearth/contract';

/** Settings → Download your information. */
export const exportMessages = defineMessages('settings.export', {
  title: 'Download your information',
  intro:
    "A zip file with a copy of your profile, your posts (with their earlier versions), comments, reactions, saved posts, friends and follows, blocks and mutes, search history and notifications, and every photo you uploaded. We prepare it in the background and tell you when it's ready; you can then download it for 7 days.",
  request: 'Request a download',
  asking: 'Asking for your information',
  loading: 'Loading your downloads',
  none: "You haven't asked for a copy yet.",
  listLabel: 'Your downloads',
  requested: 'Requested <0>{date}</0>',
  downloadLabel: 'Download the copy requested {date}',
  download: 'Download',
  queued: 'Waiting to be prepared',
  building: 'Being prepared…',
  ready: 'Ready · {size} · until {date}',
  failed: 'Could not be prepared. Request a new one.',
  kilobytes: '{size} KB',
  megabytes: '{size} MB',
  gigabytes: '{size} GB',
});
