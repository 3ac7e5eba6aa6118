/*
 * Languages (the languages issue). The web app and the server's e-mails speak English, the
 * source (the spec's texts verbatim), and every language below; a language without a complete
 * catalogue falls back to English message by message.
 *
 * Messages are ICU MessageFormat ('{count, plural, one {# comment} other {# comments}}'),
 * written in English where they are used, through `defineMessages`; a catalogue per language
 * maps each message's id to its translation.
 */

/** The login footer's languages, in the spec's order: a code (BCP 47), a name in that language. */
export const LANGUAGES = [
  { code: 'en', name: 'English (UK)', dir: 'ltr' },
  { code: 'fr', name: 'Français (FR)', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'zgh', name: 'ⵜⴰⵎⴰⵣⵉⵖⵜ', dir: 'ltr' },
  { code: 'es', name: 'Español (España)', dir: 'ltr' },
  { code: 'it', name: 'italiano', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr' },
  { code: 'zh-Hans', name: '中文(简体)', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as readonly LanguageCode[];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** The languages with a complete catalogue, written by us: the tests hold each to every message. */
export const TRANSLATED_LANGUAGES = [
  'fr',
  'es',
  'de',
  'pt-BR',
  'ar',
  'ja',
] as const satisfies readonly LanguageCode[];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function languageDirection(code: LanguageCode): 'ltr' | 'rtl' {
  return LANGUAGES.find((language) => language.code === code)?.dir ?? 'ltr';
}

/**
 * The language of `among` (by default every one of the list) nearest to what a browser asks for
 * (navigator.languages, or an Accept-Language header's tags in order): an exact tag first
 * ('pt-BR'), then its language ('fr-CA' → 'fr', 'pt-PT' → 'pt-BR', 'zh-CN' → 'zh-Hans'); English
 * when nothing matches.
 */
export function pickLanguage(
  wanted: readonly string[],
  among: readonly LanguageCode[] = LANGUAGE_CODES,
): LanguageCode {
  for (const tag of wanted) {
    const lower = tag.trim().toLowerCase();
    if (!lower) continue;
    const base = lower.split('-')[0];
    const found =
      among.find((code) => code.toLowerCase() === lower) ??
      among.find((code) => code.toLowerCase().split('-')[0] === base);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's tags, most wanted first ('fr-CH, fr;q=0.9, en;q=0.8'). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/.test(entry.tag) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * A message: its id ('namespace.key') and its English text. `message` is ICU MessageFormat as
 * written; a production build replaces it with its compiled form, so no parser ships.
 */
export interface MessageDescriptor {
  id: string;
  message: string;
}

/** Plain text needs no compiling: in ICU it stands for itself ('' aside, which means '). */
const PLAIN = /^[^{}]*$/;

/**
 * The messages of one part of the app, in English: `defineMessages('login', { logIn: 'Log In' })`
 * gives `{ logIn: { id: 'login.logIn', message: 'Log In' } }`. Ids stay stable when the English
 * changes; a translation is keyed by id.
 */
export function defineMessages<const Source extends Record<string, string>>(
  namespace: string,
  source: Source,
): { readonly [Key in keyof Source]: MessageDescriptor } {
  const messages: Record<string, MessageDescriptor> = {};
  for (const [key, text] of Object.entries(source)) {
    // Plain text goes in compiled already (Lingui's compiled form of 'Log In' is ['Log In']),
    // so even messages defined from other constants need no parser at run time.
    const message =
      typeof text === 'string' && PLAIN.test(text) && !text.includes("''")
        ? ([text] as unknown as string)
        : text;
    messages[key] = { id: `${namespace}.${key}`, message };
  }
  return messages as { readonly [Key in keyof Source]: MessageDescriptor };
}

/** The English text of a message as written (for tests and the catalogue check). */
export function sourceText(descriptor: MessageDescriptor): string {
  const message = descriptor.message as unknown;
  return Array.isArray(message) && message.length === 1 && typeof message[0] === 'string'
    ? message[0]
    : (message as string);
}
