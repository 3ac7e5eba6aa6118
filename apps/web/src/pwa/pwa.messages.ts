import { defineMessages } from '@hearth/contract';

/** The installed app's bars: offline, and a new version to load. */
export const pwaMessages = defineMessages('pwa', {
  offline: 'You’re offline',
  offlineDetail: 'You’re seeing what you last loaded.',
  newVersion: 'A new version of Hearth is available',
  reload: 'Reload',
});
