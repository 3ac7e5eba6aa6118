import { parse, type Token } from '@messageformat/parser';
import { type MessageDescriptor, sourceText } from './i18n.js';

/*
 * What the catalogue test holds each translation to (catalogues.test.ts): the same placeholders,
 * element tags and plural/select arguments as the English, every plural form the language has,
 * and a text of its own unless reviewed as the same in both languages.
 */

export interface Shape {
  /** Placeholders and select/plural arguments: 'name', 'count:plural'. */
  args: string[];
  /** `<0>`, `</0>`, `<1/>`: the element tags of a message holding links. */
  tags: string[];
  /** Each plural argument's cases, by argument. */
  plurals: Record<string, string[]>;
  /** Each select argument's cases, by argument. */
  selects: Record<string, string[]>;
}

function walk(tokens: readonly Token[], shape: Shape) {
  for (const token of tokens) {
    if (token.type === 'content') {
      for (const tag of token.value.match(/<\/?\d+\/?>/g) ?? []) shape.tags.push(tag);
    } else if (token.type === 'argument') {
      shape.args.push(token.arg);
    } else if (token.type === 'function') {
      shape.args.push(`${token.arg}:${token.key}`);
    } else if (
      token.type === 'plural' ||
      token.type === 'selectordinal' ||
      token.type === 'select'
    ) {
      shape.args.push(`${token.arg}:${token.type}`);
      const cases = token.cases.map((c) => c.key);
      if (token.type === 'select') shape.selects[token.arg] = cases;
      else shape.plurals[token.arg] = cases;
      for (const c of token.cases) walk(c.tokens, shape);
    }
  }
}

/** The shape of an ICU message; throws when it does not parse. */
export function shapeOf(text: string): Shape {
  const shape: Shape = { args: [], tags: [], plurals: {}, selects: {} };
  walk(parse(text, { strict: false }), shape);
  shape.args = [...new Set(shape.args)].sort();
  shape.tags.sort();
  return shape;
}

/** The plural forms a language needs (CLDR, as Intl knows them). */
export function pluralForms(locale: string): string[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
}

/** The problems of one translation, as sentences; none when it is right. */
export function translationProblems(locale: string, english: string, translated: string): string[] {
  const problems: string[] = [];
  let source: Shape;
  let target: Shape;
  try {
    source = shapeOf(english);
  } catch (error) {
    return [`the English does not parse: ${(error as Error).message}`];
  }
  try {
    target = shapeOf(translated);
  } catch (error) {
    return [`does not parse: ${(error as Error).message}`];
  }
  if (source.args.join() !== target.args.join()) {
    problems.push(`placeholders ${target.args.join(', ')} instead of ${source.args.join(', ')}`);
  }
  if (source.tags.join() !== target.tags.join()) {
    problems.push(`tags ${target.tags.join(' ')} instead of ${source.tags.join(' ')}`);
  }
  const needed = pluralForms(locale);
  for (const [arg, cases] of Object.entries(target.plurals)) {
    const absent = needed.filter((form) => !cases.includes(form));
    if (absent.length > 0) problems.push(`plural ${arg} lacks the ${locale} forms ${absent}`);
    const unknown = cases.filter((c) => !c.startsWith('=') && !needed.includes(c));
    if (unknown.length > 0) problems.push(`plural ${arg} has forms ${locale} lacks: ${unknown}`);
  }
  for (const [arg, cases] of Object.entries(source.selects)) {
    const mine = target.selects[arg] ?? [];
    if (cases.join() !== mine.join())
      problems.push(`select ${arg} cases ${mine} instead of ${cases}`);
  }
  return problems;
}

/** Text a person reads, placeholders and tags left out: what must differ from the English. */
export function readableText(text: string): string {
  return text
    .replace(/<\/?\d+\/?>/g, '')
    .replace(/\{[^{}]*\}/g, '')
    .replace(/[^\p{L}]/gu, '');
}

/**
 * Every message in `modules` (each export a record of descriptors, or of such records, as
 * server.messages.ts groups the contract's), by id, in English.
 */
export function englishMessages(modules: Record<string, Record<string, unknown>>) {
  const messages = new Map<string, string>();
  const duplicates: string[] = [];
  const isDescriptor = (value: unknown): value is MessageDescriptor =>
    !!value && typeof value === 'object' && typeof (value as MessageDescriptor).id === 'string';
  for (const [file, exports] of Object.entries(modules)) {
    for (const value of Object.values(exports)) {
      if (!value || typeof value !== 'object') continue;
      for (const entry of Object.values(value as Record<string, unknown>)) {
        const group =
          isDescriptor(entry) || !entry || typeof entry !== 'object'
            ? [entry]
            : Object.values(entry as Record<string, unknown>);
        for (const descriptor of group) {
          if (!isDescriptor(descriptor)) continue;
          const text = sourceText(descriptor);
          const known = messages.get(descriptor.id);
          if (known !== undefined && known !== text) duplicates.push(`${descriptor.id} (${file})`);
          messages.set(descriptor.id, text);
        }
      }
    }
  }
  return { messages, duplicates };
}

/**
 * The problems of the English messages themselves, as sentences: each must parse as ICU
 * MessageFormat, and each plural must have English's forms.
 */
export function sourceProblems(english: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [id, text] of english) {
    try {
      for (const [arg, cases] of Object.entries(shapeOf(text).plurals)) {
        for (const form of pluralForms('en')) {
          if (!cases.includes(form)) problems.push(`${id}: plural ${arg} lacks ${form}`);
        }
      }
    } catch (error) {
      problems.push(`${id}: ${(error as Error).message}`);
    }
  }
  return problems;
}
