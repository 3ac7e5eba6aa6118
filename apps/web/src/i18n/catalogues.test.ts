import {
  englishMessages,
  readableText,
  sourceProblems,
  TRANSLATED_LANGUAGES,
  translationProblems,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';

// Every message of the web app, in English, as the `*.messages.ts` files define it.
const modules = import.meta.glob<Record<string, unknown>>('../**/*.messages.ts', { eager: true });
const { messages: all, duplicates } = englishMessages(modules);

// I18N_ONLY=settings,header: the checks of those namespaces alone (while one part is written).
const only = process.env.I18N_ONLY?.split(',').filter(Boolean) ?? [];
const inScope = (id: string) => only.length === 0 || only.some((ns) => id.startsWith(`${ns}.`));
const english = new Map([...all].filter(([id]) => inScope(id)));

// The messages reviewed as the same in a language as in English ('Hearth', 'OK'): a file per
// namespace (same-as-english/{namespace}.json), each language's ids.
const reviewedFiles = import.meta.glob<Record<string, string[]>>('./same-as-english/*.json', {
  eager: true,
  import: 'default',
});
const reviewedIn = (code: string) =>
  new Set(Object.values(reviewedFiles).flatMap((file) => file[code] ?? []));

// Each language's catalogue: a file per namespace (catalogues/{code}/{namespace}.json).
const files = import.meta.glob<Record<string, string>>('./catalogues/*/*.json', {
  eager: true,
  import: 'default',
});
function catalogueOf(code: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [file, messages] of Object.entries(files)) {
    if (file.startsWith(`./catalogues/${code}/`)) Object.assign(merged, messages);
  }
  return Object.fromEntries(Object.entries(merged).filter(([id]) => inScope(id)));
}

describe('the English messages (the source)', () => {
  it('are found, each id defined once', () => {
    expect(english.size).toBeGreaterThan(10);
    expect(duplicates).toEqual([]);
  });

  it('parse as ICU MessageFormat, each plural with English’s forms', () => {
    expect(sourceProblems(english)).toEqual([]);
  });
});

describe.each(TRANSLATED_LANGUAGES)('the %s catalogue', (code) => {
  const catalogue = catalogueOf(code);
  const reviewed = new Set([...reviewedIn(code)].filter(inScope));

  it('translates every message, and nothing that is not one', () => {
    const missing = [...english.keys()].filter((id) => !(id in catalogue));
    const unknown = Object.keys(catalogue).filter((id) => !english.has(id));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('keeps each message’s placeholders, tags and plural forms', () => {
    const problems: string[] = [];
    for (const [id, text] of Object.entries(catalogue)) {
      const source = english.get(id);
      if (source === undefined) continue;
      for (const problem of translationProblems(code, source, text)) {
        problems.push(`${id}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('leaves no text as in English, but for the reviewed words that are the same', () => {
    const same = Object.entries(catalogue)
      .filter(([id, text]) => {
        const source = english.get(id);
        return source !== undefined && readableText(source) !== '' && text === source;
      })
      .map(([id]) => id)
      .filter((id) => !reviewed.has(id));
    expect(same).toEqual([]);
    // The reviewed list names messages that exist, and that really are the same.
    const stale = [...reviewed].filter((id) => catalogue[id] !== english.get(id));
    expect(stale).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds a dropped placeholder, a missing Arabic plural form, a lost tag', () => {
    expect(translationProblems('fr', 'Hello {name}', 'Bonjour')).toHaveLength(1);
    expect(
      translationProblems(
        'ar',
        '{count, plural, one {# comment} other {# comments}}',
        '{count, plural, one {تعليق واحد} other {# تعليق}}',
      ).join(),
    ).toContain('zero');
    expect(translationProblems('fr', 'Read the <0>rules</0>', 'Lisez les règles')).toHaveLength(1);
    expect(translationProblems('fr', 'Hello {name}', 'Bonjour {name')[0]).toContain('parse');
  });
});
