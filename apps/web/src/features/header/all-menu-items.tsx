import type { MessageDescriptor } from '@hearth/contract';
import type { ReactNode } from 'react';
import { translate } from '../../i18n';
import { EditIcon } from '../../ui/feed-icons';
import { PLACES, type Place } from '../../ui/places';
import { BriefcaseIcon, PersonAddIcon, SchoolIcon } from '../../ui/profile-icons';
import { allMenuMessages as m } from './all-menu.messages';
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

/** A place of the all-menu: its name and its line are translated where shown. */
export interface AllMenuItem extends Place {
  description: MessageDescriptor;
}

export interface AllMenuGroup {
  /** Unique even for the repeated Social group. */
  id: string;
  title: MessageDescriptor;
  items: readonly AllMenuItem[];
}

const SOCIAL: AllMenuGroup = {
  id: 'social',
  title: m.social,
  items: [
    { name: m.campus, description: m.campusDescription, icon: <SchoolIcon /> },
    { ...PLACES.events, description: m.eventsDescription },
    { name: m.findFriends, description: m.findFriendsDescription, icon: <PersonAddIcon /> },
    { ...PLACES.groups, description: m.groupsDescription },
    { name: m.newsFeed, description: m.newsFeedDescription, icon: <NewsIcon /> },
    { ...PLACES.pages, description: m.pagesDescription },
  ],
};

/** Spec 'All-menu panel': the groups in order, the Social group once more at the end. */
export const ALL_MENU_GROUPS: readonly AllMenuGroup[] = [
  SOCIAL,
  {
    id: 'entertainment',
    title: m.entertainment,
    items: [
      { ...PLACES.gamingVideo, description: m.gamingVideoDescription },
      { name: m.playGames, description: m.playGamesDescription, icon: <DiceIcon /> },
      // The spec's all-menu names two places its own way: 'Watch' and 'Climate science center'.
      { name: m.watch, description: m.watchDescription, icon: PLACES.video.icon },
    ],
  },
  {
    id: 'shopping',
    title: m.shopping,
    items: [
      { name: m.pay, description: m.payDescription, icon: <CardIcon /> },
      { ...PLACES.marketplace, description: m.marketplaceDescription },
    ],
  },
  {
    id: 'personal',
    title: m.personal,
    items: [
      { ...PLACES.recentAdActivity, description: m.recentAdActivityDescription },
      { ...PLACES.memories, description: m.memoriesDescription },
      { ...PLACES.saved, description: m.savedDescription },
      { ...PLACES.weather, description: m.weatherDescription },
    ],
  },
  {
    id: 'professional',
    title: m.professional,
    items: [
      { name: m.ads, description: m.adsDescription, icon: <MegaphoneIcon /> },
      { name: m.jobs, description: m.jobsDescription, icon: <BriefcaseIcon /> },
    ],
  },
  {
    id: 'community-resources',
    title: m.communityResources,
    items: [
      { name: m.climate, description: m.climateDescription, icon: PLACES.climate.icon },
      { name: m.covid, description: m.covidDescription, icon: <ShieldCrossIcon /> },
      { name: m.communityHelp, description: m.communityHelpDescription, icon: <LifebuoyIcon /> },
      { ...PLACES.fundraisers, description: m.fundraisersDescription },
    ],
  },
  {
    id: 'more-from-the-provider',
    title: m.moreFromProvider,
    items: [
      { ...PLACES.messenger, description: m.messengerDescription },
      { name: m.messengerKids, description: m.messengerKidsDescription, icon: <SmileChatIcon /> },
    ],
  },
  { ...SOCIAL, id: 'social-again' },
];

/** The 'Create' column. */
export const CREATE_ITEMS: readonly { name: MessageDescriptor; icon: ReactNode }[] = [
  { name: m.createPost, icon: <EditIcon /> },
  { name: m.createStory, icon: <BookIcon /> },
  { name: m.createRoom, icon: <RoomIcon /> },
  { name: m.createPage, icon: PLACES.pages.icon },
  { name: m.createAd, icon: <MegaphoneIcon /> },
  { name: m.createGroup, icon: PLACES.groups.icon },
  { name: m.createEvent, icon: PLACES.events.icon },
  { name: m.createListing, icon: <TagIcon /> },
  { name: m.createJob, icon: <BriefcaseIcon /> },
];

/**
 * The groups with only the items whose name, in the app's language, holds `query` (any case);
 * empty groups go. Called at render.
 */
export function filterAllMenu(query: string): AllMenuGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...ALL_MENU_GROUPS];
  return ALL_MENU_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => translate(item.name).toLocaleLowerCase().includes(needle)),
  })).filter((group) => group.items.length > 0);
}
