import { defineMessages } from '@hearth/contract';

/**
 * The emoji button and picker. The picker's own words (search, skin tones, categories) are given
 * to it in other languages; in English it keeps its defaults, which these repeat ('%n' is the
 * picker's placeholder for a count).
 */
export const emojiMessages = defineMessages('ui.emoji', {
  insert: 'Insert an emoji',
  loading: 'Loading emoji',
  searchPlaceholder: 'Search',
  searchLabel: 'Type to search for an emoji',
  searchClear: 'Clear',
  searchResultsNone: 'No results found',
  searchResultsOne: '1 result found. Use up and down arrow keys to navigate.',
  searchResultsMany: '%n results found. Use up and down arrow keys to navigate.',
  categoryNavigation: 'Category navigation',
  skinToneNeutral: 'Skin tone NEUTRAL',
  skinToneLight: 'Skin tone LIGHT',
  skinToneMediumLight: 'Skin tone MEDIUM_LIGHT',
  skinToneMedium: 'Skin tone MEDIUM',
  skinToneMediumDark: 'Skin tone MEDIUM_DARK',
  skinToneDark: 'Skin tone DARK',
  suggested: 'Frequently Used',
  smileysPeople: 'Smileys & People',
  animalsNature: 'Animals & Nature',
  foodDrink: 'Food & Drink',
  travelPlaces: 'Travel & Places',
  activities: 'Activities',
  objects: 'Objects',
  symbols: 'Symbols',
  flags: 'Flags',
});
