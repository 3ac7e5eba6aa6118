import { describe, expect, it } from 'vitest';
import { compareKeys, normaliseForSearch, prefixUpperBound, searchKeysOf } from './search-keys.js';

describe('search keys', () => {
  it('are lower-case, without accents, in any script', () => {
    expect(searchKeysOf({ first_name: 'Zoé', last_name: 'Lefèvre' })).toEqual({
      search_first: 'zoe',
      search_last: 'lefevre',
      search_full: 'zoe lefevre',
    });
    expect(normaliseForSearch('ÅSA')).toBe('asa');
    expect(normaliseForSearch('Ηλίας')).toBe('ηλιας');
    expect(normaliseForSearch('İlkay')).toBe('ilkay');
    // Composed and decomposed spellings of the same name give the same key.
    expect(normaliseForSearch('Zoe\u0301')).toBe(normaliseForSearch('Zo\u00e9'));
    expect(normaliseForSearch('  Ada \t  Love  ')).toBe('ada love');
  });

  it('bound a prefix: every text starting with it lies in [prefix, bound), nothing else does', () => {
    expect(prefixUpperBound('ben')).toBe('beo');
    expect(prefixUpperBound('az')).toBe('a{');
    expect(prefixUpperBound('ben ')).toBe('ben!');
    expect(prefixUpperBound('%')).toBe('&');
    // Past the surrogate range, and past the last code point.
    expect(prefixUpperBound('a\ud7ff')).toBe('a\ue000');
    expect(prefixUpperBound('a\u{10ffff}')).toBe('b');
    expect(prefixUpperBound('\u{10ffff}\u{10ffff}')).toBeUndefined();
    expect(prefixUpperBound('𐌰')).toBe('𐌱');

    const prefix = 'b\uffff';
    const bound = prefixUpperBound(prefix) ?? '';
    for (const text of ['b\uffff', 'b\uffffa', 'b\uffff\u{10000}', 'b\uffff\u{10ffff}']) {
      expect(compareKeys(text, prefix) >= 0 && compareKeys(text, bound) < 0, text).toBe(true);
    }
    for (const text of ['b\ufffe', 'b\u{10000}', 'c', 'b']) {
      expect(compareKeys(text, prefix) >= 0 && compareKeys(text, bound) < 0, text).toBe(false);
    }
  });

  it('compare in code-point order, as the engines do, not in UTF-16 order', () => {
    // U+FFFF is below U+10000, though its UTF-16 unit is above the surrogate that starts U+10000.
    expect(compareKeys('\uffff', '\u{10000}')).toBeLessThan(0);
    expect('\uffff' < '\u{10000}').toBe(false);
    expect(compareKeys('ben', 'benali')).toBeLessThan(0);
    expect(compareKeys('same', 'same')).toBe(0);
  });
});
