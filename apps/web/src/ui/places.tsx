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

export interface Place {
  name: string;
  icon: ReactNode;
}

/**
 * The places of Hearth (most not built yet) that both the home page's shortcuts and the header's
 * all-menu list: each with its name and its icon, the same in both.
 */
export const PLACES = {
  friends: { name: 'Friends', icon: <FriendsIcon /> },
  memories: { name: 'Memories', icon: <ClockIcon /> },
  saved: { name: 'Saved', icon: <BookmarkIcon /> },
  groups: { name: 'Groups', icon: <GroupIcon /> },
  video: { name: 'Video', icon: <VideoIcon /> },
  marketplace: { name: 'Marketplace', icon: <StoreIcon /> },
  events: { name: 'Events', icon: <CalendarIcon /> },
  pages: { name: 'Pages', icon: <FlagIcon /> },
  adsManager: { name: 'Ads Manager', icon: <ChartIcon /> },
  fundraisers: { name: 'Fundraisers', icon: <HeartIcon /> },
  gamingVideo: { name: 'Gaming Video', icon: <GamepadIcon /> },
  messenger: { name: 'Messenger', icon: <ChatIcon /> },
  weather: { name: 'Weather', icon: <SunIcon /> },
  climate: { name: 'Climate Science Center', icon: <LeafIcon /> },
  recentAdActivity: { name: 'Recent Ad Activity', icon: <PageIcon /> },
} as const satisfies Record<string, Place>;
