import type { ReactNode } from 'react';
import { EditIcon } from '../../ui/feed-icons';
import { PLACES, type Place } from '../../ui/places';
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

export interface AllMenuItem extends Place {
  description: string;
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
    { ...PLACES.events, description: "Plan a get-together or see what's on near you." },
    {
      name: 'Find Friends',
      description: 'Look for people you know on Hearth.',
      icon: <PersonAddIcon />,
    },
    { ...PLACES.groups, description: 'Meet people who care about the same things as you.' },
    {
      name: 'News Feed',
      description: 'The latest posts from the people you follow.',
      icon: <NewsIcon />,
    },
    { ...PLACES.pages, description: 'Follow clubs, shops and causes you like.' },
  ],
};

/** Spec 'All-menu panel': the groups in order, the Social group once more at the end. */
export const ALL_MENU_GROUPS: readonly AllMenuGroup[] = [
  SOCIAL,
  {
    id: 'entertainment',
    title: 'Entertainment',
    items: [
      { ...PLACES.gamingVideo, description: 'Live streams and clips from the games you play.' },
      { name: 'Play Games', description: 'Quick games to play with friends.', icon: <DiceIcon /> },
      // The spec's all-menu names two places its own way: 'Watch' and 'Climate science center'.
      { ...PLACES.video, name: 'Watch', description: 'Videos picked for you and your friends.' },
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
      { ...PLACES.marketplace, description: 'Buy and sell things in your neighbourhood.' },
    ],
  },
  {
    id: 'personal',
    title: 'Personal',
    items: [
      { ...PLACES.recentAdActivity, description: 'Ads you have clicked on recently.' },
      { ...PLACES.memories, description: 'Look back at posts and photos from this day.' },
      { ...PLACES.saved, description: 'Posts and photos you kept for later.' },
      { ...PLACES.weather, description: "Today's forecast for where you are." },
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
        ...PLACES.climate,
        name: 'Climate science center',
        description: 'Facts about the climate and how to help.',
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
      { ...PLACES.fundraisers, description: 'Raise money for a cause you care about.' },
    ],
  },
  {
    id: 'more-from-the-provider',
    title: 'More from the provider',
    items: [
      { ...PLACES.messenger, description: 'Chat with friends and family.' },
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
  { name: 'Page', icon: PLACES.pages.icon },
  { name: 'Ad', icon: <MegaphoneIcon /> },
  { name: 'Group', icon: PLACES.groups.icon },
  { name: 'Event', icon: PLACES.events.icon },
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
