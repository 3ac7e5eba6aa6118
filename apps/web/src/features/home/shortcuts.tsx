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
} from '../../ui/feed-icons';
import { FriendsIcon } from '../../ui/icons';

export interface Shortcut {
  name: string;
  to: string;
  icon: ReactNode;
  /** The round badge's colour behind the white icon. */
  color: string;
}

/** The home left column's static shortcut list (spec 'Home left column'). */
export const SHORTCUTS: readonly Shortcut[] = [
  { name: 'Friends', to: '/friends', icon: <FriendsIcon />, color: '#1b74e4' },
  { name: 'Memories', to: '/', icon: <ClockIcon />, color: '#1b74e4' },
  { name: 'Saved', to: '/', icon: <BookmarkIcon />, color: '#9c3ed6' },
  { name: 'Groups', to: '/', icon: <GroupIcon />, color: '#1b74e4' },
  { name: 'Video', to: '/', icon: <VideoIcon />, color: '#0a8a8a' },
  { name: 'Marketplace', to: '/', icon: <StoreIcon />, color: '#1b74e4' },
  { name: 'Events', to: '/', icon: <CalendarIcon />, color: '#d6334c' },
  { name: 'Pages', to: '/', icon: <FlagIcon />, color: '#d4540f' },
  { name: 'Ads Manager', to: '/', icon: <ChartIcon />, color: '#1b74e4' },
  { name: 'Fundraisers', to: '/', icon: <HeartIcon />, color: '#d6334c' },
  { name: 'Gaming Video', to: '/', icon: <GamepadIcon />, color: '#1b74e4' },
  { name: 'Messenger', to: '/', icon: <ChatIcon />, color: '#7b3fe4' },
  { name: 'Weather', to: '/', icon: <SunIcon />, color: '#c77700' },
  { name: 'Climate Science Center', to: '/', icon: <LeafIcon />, color: '#2f7d32' },
  { name: 'Recent Ad Activity', to: '/', icon: <PageIcon />, color: '#1b74e4' },
];

/** 'Your Shortcuts': two external sites, opened in a new tab. */
export const EXTERNAL_SHORTCUTS = [
  { name: 'Wikipedia', href: 'https://www.wikipedia.org/', color: '#495057' },
  { name: 'OpenStreetMap', href: 'https://www.openstreetmap.org/', color: '#2f7d32' },
] as const;

export const FOOTER_LINKS = ['Privacy', 'Terms', 'Advertising', 'Ad Choices', 'Cookies', 'More'];
