/**
 * The member-search keys stored on each `users` row (see migration 0004-search). Every writer
 * of a member's names fills them with `searchKeysOf`, and the search normalises its term with
 * `normaliseForSearch`, so both sides compare the same text: lower-case, accents dropped
 * ("Zoé" -> "zoe"), compared byte by byte (COLLATE "C" on PostgreSQL, BINARY on SQLite).
 */

export interface SearchKeys {
  search_first: string;
  search_last: string;
  /** "first last", so a term with a space can run across both names. */
  search_full: string;
}

/** Lower-case, decomposed, without combining marks; runs of spaces become one, none around. */
export function normaliseForSearch(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/gu, ' ').trim();
}

export function searchKeysOf(names: { first_name: string; last_name: string }): SearchKeys {
  const first = normaliseForSearch(names.first_name);
  const last = normaliseForSearch(names.last_name);
  return { search_first: first, search_last: last, search_full: `${first} ${last}` };
}

const MAX_CODE_POINT = 0x10ffff;
const SURROGATES = { first: 0xd800, last: 0xdfff };

/**
 * The smallest text above every text that starts with `prefix`, in code-point order (which is
 * UTF-8 byte order, the order of both engines' key indexes): `key >= prefix AND key < bound`
 * is then exactly "key starts with prefix", with no character of the prefix read as a pattern.
 * Undefined when no such text exists (a prefix made only of the highest code point).
 */
export function prefixUpperBound(prefix: string): string | undefined {
  const codePoints = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  while (codePoints.length > 0) {
    const last = (codePoints.pop() ?? 0) + 1;
    if (last > MAX_CODE_POINT) continue;
    const next = last === SURROGATES.first ? SURROGATES.last + 1 : last;
    return String.fromCodePoint(...codePoints, next);
  }
  return undefined;
}

/** Code-point (UTF-8 byte) order, the order the key indexes keep; JS `<` compares UTF-16 units. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
