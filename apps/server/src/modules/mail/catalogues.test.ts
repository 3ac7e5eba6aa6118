import {
  englishMessages,
  readableText,
  sourceProblems,
  TRANSLATED_LANGUAGES,
  translationProblems,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import * as mailMessages from './mail.messages.js';
import { MAIL_CATALOGUES } from './mail-i18n.js';

// The mails' catalogues (catalogues/<code>.json): each of TRANSLATED_LANGUAGES holds every
// message of mail.messages.ts, with the English's placeholders and the language's plural forms,
// in words of its own.

const { messages: english, duplicates } = englishMessages({ 'mail.messages.ts': mailMessages });

/**
 * Translations reviewed as reading the same as the English once placeholders are left out, by
 * language, each with the reason. None so far: every mail text has words of its own.
 */
const SAME_AS_ENGLISH: Partial<Record<string, Record<string, string>>> = {};

describe('the mails’ English messages (the source)', () => {
  it('are found, each id defined once, in the mail namespace', () => {
    expect(english.size).toBeGreaterThan(40);
    expect(duplicates).toEqual([]);
    for (const id of english.keys()) expect(id).toMatch(/^mail\.\w+$/);
  });

  it('parse as ICU MessageFormat, each plural with English’s forms', () => {
    expect(sourceProblems(english)).toEqual([]);
  });
});

describe.each(TRANSLATED_LANGUAGES)('the %s mail catalogue', (code) => {
  const catalogue = MAIL_CATALOGUES[code] ?? {};
  const reviewed = SAME_AS_ENGLISH[code] ?? {};

  it('exists, and translates every message and nothing that is not one', () => {
    expect(MAIL_CATALOGUES[code]).toBeDefined();
    const missing = [...english.keys()].filter((id) => !(id in catalogue));
    const unknown = Object.keys(catalogue).filter((id) => !english.has(id));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('keeps the placeholders, and has every plural form of the language', () => {
    const problems: string[] = [];
    for (const [id, text] of english) {
      const translated = catalogue[id];
      if (translated === undefined) continue;
      for (const problem of translationProblems(code, text, translated)) {
        problems.push(`${id}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('is in words of its own (the same as English only where reviewed)', () => {
    const same = [...english]
      .filter(([id, text]) => {
        const translated = catalogue[id];
        return translated !== undefined && readableText(translated) === readableText(text);
      })
      .map(([id]) => id);
    expect(same.sort()).toEqual(Object.keys(reviewed).sort());
  });

  it('writes no ASCII apostrophe, which ICU would read as a quote', () => {
    const quoted = Object.entries(catalogue)
      .filter(([, text]) => text.includes("'"))
      .map(([id]) => id);
    expect(quoted).toEqual([]);
  });
});
