import type { MessageDescriptor } from '@hearth/contract';
import type { ReactNode } from 'react';
import {
  BookmarkIcon,
  CalendarIcon,
  ChartIcon,
  ChatIcon,
  ClockIcon,
  FlagIcon,
  GamepadIcon,
  GroupIcon,
  HeartIcon,
  LeafIcon,
  PageIcon,
  StoreIcon,
  SunIcon,
  VideoIcon,
} from './feed-icons';
import { FriendsIcon } from './icons';
import { placesMessages as m } from './places.messages';

export interface Place {
  /** Translated where it shows: `t(place.name)`. */
  name: MessageDescriptor;
  icon: ReactNode;
}

/**
 * The places of Hearth (most not built yet) that both the home page's shortcuts and the header's
 * all-menu list: each with its name (a message) and its icon, the same in both.
 */
export const PLACES = {
  friends: { name: m.friends, icon: <FriendsIcon /> },
  memories: { name: m.memories, icon: <ClockIcon /> },
  saved: { name: m.saved, icon: <BookmarkIcon /> },
  groups: { name: m.groups, icon: <GroupIcon /> },
  video: { name: m.video, icon: <VideoIcon /> },
  marketplace: { name: m.marketplace, icon: <StoreIcon /> },
  events: { name: m.events, icon: <CalendarIcon /> },
  pages: { name: m.pages, icon: <FlagIcon /> },
  adsManager: { name: m.adsManager, icon: <ChartIcon /> },
  fundraisers: { name: m.fundraisers, icon: <HeartIcon /> },
  gamingVideo: { name: m.gamingVideo, icon: <GamepadIcon /> },
  messenger: { name: m.messenger, icon: <ChatIcon /> },
  weather: { name: m.weather, icon: <SunIcon /> },
  climate: { name: m.climate, icon: <LeafIcon /> },
  recentAdActivity: { name: m.recentAdActivity, icon: <PageIcon /> },
} as const satisfies Record<string, Place>;
