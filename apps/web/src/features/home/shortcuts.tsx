import type { MessageDescriptor } from '@hearth/contract';
import { PLACES, type Place } from '../../ui/places';
import { homeMessages as m } from './home.messages';

export interface Shortcut extends Place {
  to: string;
  /** The round badge's colour behind the white icon. */
  color: string;
}

/** The home left column's static shortcut list (spec 'Home left column'). */
export const SHORTCUTS: readonly Shortcut[] = [
  { ...PLACES.friends, to: '/friends', color: '#1b74e4' },
  { ...PLACES.memories, to: '/', color: '#1b74e4' },
  { ...PLACES.saved, to: '/', color: '#9c3ed6' },
  { ...PLACES.groups, to: '/', color: '#1b74e4' },
  { ...PLACES.video, to: '/', color: '#0a8a8a' },
  { ...PLACES.marketplace, to: '/', color: '#1b74e4' },
  { ...PLACES.events, to: '/', color: '#d6334c' },
  { ...PLACES.pages, to: '/', color: '#d4540f' },
  { ...PLACES.adsManager, to: '/', color: '#1b74e4' },
  { ...PLACES.fundraisers, to: '/', color: '#d6334c' },
  { ...PLACES.gamingVideo, to: '/', color: '#1b74e4' },
  { ...PLACES.messenger, to: '/', color: '#7b3fe4' },
  { ...PLACES.weather, to: '/', color: '#c77700' },
  { ...PLACES.climate, to: '/', color: '#2f7d32' },
  { ...PLACES.recentAdActivity, to: '/', color: '#1b74e4' },
];

/** 'Your Shortcuts': two external sites, opened in a new tab. */
export const EXTERNAL_SHORTCUTS = [
  { name: 'Wikipedia', href: 'https://www.wikipedia.org/', color: '#495057' },
  { name: 'OpenStreetMap', href: 'https://www.openstreetmap.org/', color: '#2f7d32' },
] as const;

export const FOOTER_LINKS: readonly MessageDescriptor[] = [
  m.privacy,
  m.terms,
  m.advertising,
  m.adChoices,
  m.cookies,
  m.more,
];
