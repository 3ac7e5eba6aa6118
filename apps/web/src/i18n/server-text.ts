/*
 * Sentences of the server and of the contract's form checks (server answers, zod's messages),
 * which arrive in English, shown in the app's language. The lookup (every contract sentence and
 * its message: server-text-lookup.ts) loads with a language's catalogue (i18n.ts), so an English
 * page carries none of it.
 */

type Lookup = (text: string) => string;

let lookup: Lookup | undefined;

/** Installed by setLanguage for any language but English; removed for English. */
export function installServerTextLookup(next: Lookup | undefined): void {
  lookup = next;
}

/** `text` in the app's language when it is one of the contract's sentences; else as it is. */
export function serverText(text: string): string {
  return lookup ? lookup(text) : text;
}
