import { defineMessages } from '@hearth/contract';

/** The header's search box and its panel. */
export const searchMessages = defineMessages('search', {
  closeSearch: 'Close search',
  searchHearth: 'Search Hearth',
  searching: 'Searching…',
  noResults: 'No results for “{term}”',
  results: '{count, plural, one {# result} other {# results}}',
  searchResults: 'Search results',
  recentSearches: 'Recent searches',
  edit: 'Edit',
  loadingRecent: 'Loading recent searches…',
  noRecent: 'No recent searches',
  remove: 'Remove {name} from recent searches',
});
