import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

/*
 * English, the source, formatted without Lingui's runtime and without Intl (the languages
 * issue): the first screen of an English member loads neither. Lingui's core and its React
 * `Trans` (i18n/lingui-runtime.ts) come with another language's catalogue; English messages are
 * in Lingui's compiled form already (the build compiles every `*.messages.ts`, i18n-plugin.ts),
 * and this module reads that form: text, `{name}`, `{n, plural, …}` with `#`, `{x, select, …}`,
 * `{n, selectordinal, …}` and `{n, number}`. The first Intl formatter costs 150 to 250 ms on a
 * slow phone, so English's plural rule and digit grouping are written here, as its relative
 * times are. i18n/english.test.ts checks every English message against Lingui's own output.
 */

/** A piece of Lingui's compiled form: text, or an argument with its type and its cases. */
type Token = string | readonly [name: string, type?: string, cases?: Record<string, unknown>];

export type MessageValues = Record<string, unknown>;

/** Compiles an ICU text in development and tests, where messages are not compiled ahead. */
let compiler: ((text: string) => unknown) | undefined;
const compiledTexts = new Map<string, unknown>();

/** Development and tests: English ICU texts arrive as written; this compiles them. */
export function setEnglishCompiler(compile: (text: string) => unknown): void {
  compiler = compile;
}

/** Stands for `#` inside a plural's case until the case is written out. */
const NUMBER_MARK = '\u0000#\u0000';

function own(record: Record<string, unknown> | undefined, key: string): unknown {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** English's cardinal plural category ('one' for 1 and -1, else 'other'). */
function cardinal(n: number): string {
  return Math.abs(n) === 1 ? 'one' : 'other';
}

/** English's ordinal category: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
function ordinal(n: number): string {
  const whole = Math.trunc(Math.abs(n));
  if (whole !== Math.abs(n)) return 'other';
  const tens = whole % 100;
  if (tens >= 11 && tens <= 13) return 'other';
  return ({ 1: 'one', 2: 'two', 3: 'few' } as Record<number, string>)[whole % 10] ?? 'other';
}

/** A number as English writes it: digits grouped by commas, at most three decimals. */
export function englishNumber(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '∞' : '-∞';
  const rounded = Math.round(Math.abs(n) * 1000) / 1000;
  const [whole = '0', fraction] = String(rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = n < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

function write(tokens: unknown, values: MessageValues, inPlural: boolean): string {
  if (!Array.isArray(tokens)) return typeof tokens === 'string' ? tokens : '';
  let out = '';
  for (const token of tokens as Token[]) {
    if (typeof token === 'string') {
      out += token === '#' && inPlural ? NUMBER_MARK : token;
      continue;
    }
    const [name, type, cases] = token;
    const value = own(values, name);
    if (type === 'plural' || type === 'selectordinal') {
      const offset = Number(own(cases, 'offset') ?? 0);
      const n = Number(value) - offset;
      const category = type === 'plural' ? cardinal(n) : ordinal(n);
      const exact = String(value) === 'offset' ? undefined : own(cases, String(value));
      const chosen = exact ?? own(cases, category) ?? own(cases, 'other');
      out += write(chosen, values, true).replaceAll(NUMBER_MARK, englishNumber(n));
    } else if (type === 'select') {
      out += write(own(cases, String(value)) ?? own(cases, 'other'), values, false);
    } else if (type === 'number') {
      if (value != null) out += englishNumber(Number(value));
    } else if (value != null) {
      out += String(value);
    }
  }
  return out;
}

/** `\u00e9` and `\x41` written in a message's text, as the characters they stand for. */
function decodeEscapes(text: string): string {
  return text.replace(/\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g, (_, u?: string, x?: string) =>
    String.fromCharCode(Number.parseInt((u ?? x) as string, 16)),
  );
}

/** The English text of a message (its compiled form, or its ICU text in development). */
export function formatEnglish(message: unknown, values: MessageValues = {}): string {
  let compiled = message;
  if (typeof message === 'string' && compiler) {
    compiled = compiledTexts.get(message);
    if (compiled === undefined) {
      compiled = compiler(message);
      compiledTexts.set(message, compiled);
    }
  }
  return decodeEscapes(write(compiled, values, false));
}

/** A numbered tag of a message's text: `<0>…</0>` (groups 1 and 2) or `<0/>` (group 3). */
const TAG =
  '<([a-zA-Z0-9_](?:[\\w.-]*\\w)?)>([\\s\\S]*?)<\\/\\1>|<([a-zA-Z0-9_](?:[\\w.-]*\\w)?)\\/>';

/** HTML's void elements, which take no children. */
const VOID = new Set(
  'area base br col embed hr img input keygen link meta menuitem param source track wbr'.split(' '),
);

/**
 * A message's text with its numbered tags made elements: `<0>Terms</0>` becomes a copy of
 * `components[0]` holding 'Terms' (its own tags made elements in turn); `<1/>` and `<1></1>` are
 * `components[1]` as given. A tag without its component, or words given to an element that takes
 * none, show the words alone.
 */
export function withElements(text: string, components: Record<string, ReactElement>): ReactNode {
  const tags = new RegExp(TAG, 'g');
  const parts: ReactNode[] = [];
  let at = 0;
  for (let found = tags.exec(text); found !== null; found = tags.exec(text)) {
    if (found.index > at) parts.push(text.slice(at, found.index));
    at = tags.lastIndex;
    const key = `t${parts.length}`;
    const inner = found[1] === undefined ? '' : (found[2] ?? '');
    const given = own(components, (found[1] ?? found[3]) as string);
    const usable =
      isValidElement(given) &&
      !(typeof given.type === 'string' && VOID.has(given.type) && inner !== '');
    const element = usable ? (given as ReactElement) : <Fragment />;
    parts.push(
      inner === ''
        ? cloneElement(element, { key })
        : cloneElement(element, { key }, withElements(inner, components)),
    );
  }
  if (parts.length === 0) return text;
  if (at < text.length) parts.push(text.slice(at));
  return parts.length === 1 ? parts[0] : parts;
}
