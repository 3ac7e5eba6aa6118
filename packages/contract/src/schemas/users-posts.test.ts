import { describe, expect, it } from 'vitest';
import { SEARCH_TERM_MAX } from '../constants.js';
import { SEARCH_MESSAGES } from '../messages.js';
import { searchTermParamSchema, searchUserSchema } from './users-posts.js';

const termMessage = (searchTerm: unknown) => {
  const result = searchTermParamSchema.safeParse({ searchTerm });
  return result.success ? result.data.searchTerm : result.error.issues[0]?.message;
};

describe('the search schemas', () => {
  it('accept a term of 1 to 100 characters once trimmed, and hand it over trimmed', () => {
    expect(termMessage('  Zoé  ')).toBe('Zoé');
    expect(termMessage('a'.repeat(SEARCH_TERM_MAX))).toBe('a'.repeat(SEARCH_TERM_MAX));
    expect(termMessage('%_\\')).toBe('%_\\');
  });

  it('refuse an empty, blank, too long or control-character term with a sentence', () => {
    expect(termMessage('')).toBe(SEARCH_MESSAGES.termRequired);
    expect(termMessage(' \t ')).toBe(SEARCH_MESSAGES.termRequired);
    expect(termMessage(undefined)).toBe(SEARCH_MESSAGES.termRequired);
    expect(termMessage('a'.repeat(SEARCH_TERM_MAX + 1))).toBe(SEARCH_MESSAGES.termTooLong);
    expect(termMessage('a\u0000')).toBe(SEARCH_MESSAGES.termControlCharacters);
  });

  it('need the chosen member’s id for the history calls', () => {
    expect(searchUserSchema.safeParse({ searchUser: 'u1' }).success).toBe(true);
    for (const searchUser of [undefined, '', 7]) {
      const result = searchUserSchema.safeParse({ searchUser });
      expect(result.success ? undefined : result.error.issues[0]?.message).toBe(
        SEARCH_MESSAGES.memberRequired,
      );
    }
  });
});
