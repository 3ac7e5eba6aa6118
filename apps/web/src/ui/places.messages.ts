import { defineMessages } from '@hearth/contract';

/** The names of Hearth's places (ui/places.tsx). */
export const placesMessages = defineMessages('ui.places', {
  friends: 'Friends',
  memories: 'Memories',
  saved: 'Saved',
  groups: 'Groups',
  video: 'Video',
  marketplace: 'Marketplace',
  events: 'Events',
  pages: 'Pages',
  adsManager: 'Ads Manager',
  fundraisers: 'Fundraisers',
  gamingVideo: 'Gaming Video',
  messenger: 'Messenger',
  weather: 'Weather',
  climate: 'Climate Science Center',
  recentAdActivity: 'Recent Ad Activity',
});
