import type { ReactNode } from 'react';
import {
  BookmarkIcon,
  CalendarIcon,
  ChatIcon,
  ClockIcon,
  EditIcon,
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
import { BriefcaseIcon, PersonAddIcon, SchoolIcon } from '../../ui/profile-icons';
import {
  BookIcon,
  CardIcon,
  DiceIcon,
  LifebuoyIcon,
  MegaphoneIcon,
  NewsIcon,
  RoomIcon,
  ShieldCrossIcon,
  SmileChatIcon,
  TagIcon,
} from './menu-icons';

export interface AllMenuItem {
  name: string;
  description: string;
  icon: ReactNode;
}

export interface AllMenuGroup {
  /** Unique even for the repeated Social group. */
  id: string;
  title: string;
  items: readonly AllMenuItem[];
}

const SOCIAL: AllMenuGroup = {
  id: 'social',
  title: 'Social',
  items: [
    {
      name: 'Campus',
      description: 'Keep up with classmates from your school.',
      icon: <SchoolIcon />,
    },
    {
      name: 'Events',
      description: "Plan a get-together or see what's on near you.",
      icon: <CalendarIcon />,
    },
    {
      name: 'Find Friends',
      description: 'Look for people you know on Hearth.',
      icon: <PersonAddIcon />,
    },
    {
      name: 'Groups',
      description: 'Meet people who care about the same things as you.',
      icon: <GroupIcon />,
    },
    {
      name: 'News Feed',
      description: 'The latest posts from the people you follow.',
      icon: <NewsIcon />,
    },
    { name: 'Pages', description: 'Follow clubs, shops and causes you like.', icon: <FlagIcon /> },
  ],
};

/** Spec 'All-menu panel': the groups in order, the Social group once more at the end. */
export const ALL_MENU_GROUPS: readonly AllMenuGroup[] = [
  SOCIAL,
  {
    id: 'entertainment',
    title: 'Entertainment',
    items: [
      {
        name: 'Gaming Video',
        description: 'Live streams and clips from the games you play.',
        icon: <GamepadIcon />,
      },
      { name: 'Play Games', description: 'Quick games to play with friends.', icon: <DiceIcon /> },
      {
        name: 'Watch',
        description: 'Videos picked for you and your friends.',
        icon: <VideoIcon />,
      },
    ],
  },
  {
    id: 'shopping',
    title: 'Shopping',
    items: [
      {
        name: 'Pay',
        description: 'Send and receive money with people you trust.',
        icon: <CardIcon />,
      },
      {
        name: 'Marketplace',
        description: 'Buy and sell things in your neighbourhood.',
        icon: <StoreIcon />,
      },
    ],
  },
  {
    id: 'personal',
    title: 'Personal',
    items: [
      {
        name: 'Recent Ad Activity',
        description: 'Ads you have clicked on recently.',
        icon: <PageIcon />,
      },
      {
        name: 'Memories',
        description: 'Look back at posts and photos from this day.',
        icon: <ClockIcon />,
      },
      {
        name: 'Saved',
        description: 'Posts and photos you kept for later.',
        icon: <BookmarkIcon />,
      },
      { name: 'Weather', description: "Today's forecast for where you are.", icon: <SunIcon /> },
    ],
  },
  {
    id: 'professional',
    title: 'Professional',
    items: [
      { name: 'Ads', description: 'Create ads and see how they perform.', icon: <MegaphoneIcon /> },
      {
        name: 'Jobs',
        description: 'Find work nearby or hire for your business.',
        icon: <BriefcaseIcon />,
      },
    ],
  },
  {
    id: 'community-resources',
    title: 'Community Resources',
    items: [
      {
        name: 'Climate science center',
        description: 'Facts about the climate and how to help.',
        icon: <LeafIcon />,
      },
      {
        name: 'COVID-19 Information Center',
        description: 'Health advice and updates from trusted sources.',
        icon: <ShieldCrossIcon />,
      },
      {
        name: 'Community Help',
        description: 'Ask for help or offer it to neighbours.',
        icon: <LifebuoyIcon />,
      },
      {
        name: 'Fundraisers',
        description: 'Raise money for a cause you care about.',
        icon: <HeartIcon />,
      },
    ],
  },
  {
    id: 'more-from-the-provider',
    title: 'More from the provider',
    items: [
      { name: 'Messenger', description: 'Chat with friends and family.', icon: <ChatIcon /> },
      {
        name: 'Messenger Kids',
        description: 'A chat app for children, managed by parents.',
        icon: <SmileChatIcon />,
      },
    ],
  },
  { ...SOCIAL, id: 'social-again' },
];

/** The 'Create' column. */
export const CREATE_ITEMS: readonly { name: string; icon: ReactNode }[] = [
  { name: 'Post', icon: <EditIcon /> },
  { name: 'Story', icon: <BookIcon /> },
  { name: 'Room', icon: <RoomIcon /> },
  { name: 'Page', icon: <FlagIcon /> },
  { name: 'Ad', icon: <MegaphoneIcon /> },
  { name: 'Group', icon: <GroupIcon /> },
  { name: 'Event', icon: <CalendarIcon /> },
  { name: 'Marketplace Listing', icon: <TagIcon /> },
  { name: 'Job', icon: <BriefcaseIcon /> },
];

/** The groups with only the items whose name holds `query` (any case); empty groups go. */
export function filterAllMenu(query: string): AllMenuGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...ALL_MENU_GROUPS];
  return ALL_MENU_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => item.name.toLocaleLowerCase().includes(needle)),
  })).filter((group) => group.items.length > 0);
}
