import catalogueLoaders from 'virtual:hearth-catalogues';
import {
  COOKIE_NAMES,
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type LanguageCode,
  languageDirection,
  type MessageDescriptor,
  pickLanguage,
} from '@hearth/contract';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  useCallback,
  useSyncExternalStore,
} from 'react';
import { readCookie, writeCookie } from '../session/cookies';
import { readSessionUser } from '../session/session-cookie';
import { formatEnglish, type MessageValues } from './english';
import { installServerTextLookup } from './server-text';

/*
 * The app's language (the languages issue). English, the source, is written where each message
 * is defined (`defineMessages`) and rides in the chunk of the screen that shows it: an English
 * member downloads no catalogue. Another language's catalogue (src/i18n/catalogues/{code}.json,
 * id → ICU text) is its own chunk, downloaded when that language is chosen; a message missing
 * from it shows in English. A production build compiles both (i18n-plugin.ts), so no ICU parser
 * ships.
 */

/** `/?lang=fr`: the login footer's links, which work before the app has loaded too. */
export const LANGUAGE_PARAM = 'lang';

/**
 * The language a link named (`?lang=fr`), taken out of the address: chosen on the login
 * screen, so it is remembered and carried into the login (main.tsx, before the first render).
 */
export function takeLanguageFromAddress(): LanguageCode | undefined {
  if (typeof window === 'undefined') return undefined;
  const url = new URL(window.location.href);
  const named = url.searchParams.get(LANGUAGE_PARAM);
  if (named === null) return undefined;
  url.searchParams.delete(LANGUAGE_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return isLanguageCode(named) ? named : undefined;
}

/** The pseudo-language of the translation walk: every translated text wrapped in ⟦ ⟧. */
export const PSEUDO = 'pseudo';

export type AppLanguage = LanguageCode | typeof PSEUDO;

/**
 * The catalogue of each language that has one (src/i18n/catalogues/{code}/, merged by
 * i18n-plugin.ts into two modules per language, each its own chunk): `first`, what the login and
 * the home screen draw, awaited before the first render; `rest`, everything else, fetched once
 * the first screen is painted or when a lazy screen or dialog needs it (`lazyTranslated`).
 */
const catalogues = new Map(Object.entries(catalogueLoaders));

export function hasCatalogue(code: string): boolean {
  return catalogues.has(code);
}

const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

type LinguiRuntime = typeof import('./lingui-runtime');

/** Lingui's runtime, once a language other than English was chosen (see `setLanguage`). */
let lingui: LinguiRuntime | undefined;

/** The runtime formatting the current language, or undefined while it is English. */
export function linguiRuntime(): LinguiRuntime | undefined {
  return usesLingui ? lingui : undefined;
}

let usesLingui = false;
let language: AppLanguage = DEFAULT_LANGUAGE;
let pseudo = false;

/** The language the app speaks now. */
export function currentLanguage(): AppLanguage {
  return language;
}

/** The language whose formats (dates, numbers, plurals) the app follows. */
export function formatLocale(): LanguageCode {
  return language === PSEUDO ? DEFAULT_LANGUAGE : language;
}

/**
 * The language a visitor gets: the one chosen on this device (the `lang` cookie, written by the
 * login footer's links, the Language menus and a member's login), else the signed-in member's
 * (kept with the session), else their browser's, else English.
 */
export function preferredLanguage(): AppLanguage {
  const chosen = readCookie(COOKIE_NAMES.language);
  if (chosen === PSEUDO) return PSEUDO;
  if (isLanguageCode(chosen)) return chosen;
  const member = readSessionUser()?.language;
  if (isLanguageCode(member)) return member;
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  return pickLanguage(navigator.languages ?? [navigator.language]);
}

function applyToDocument(code: AppLanguage) {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  // A language without a catalogue reads in English: the page says so to screen readers.
  const shown = code === PSEUDO || !hasCatalogue(code) ? DEFAULT_LANGUAGE : code;
  root.lang = shown;
  root.dir = languageDirection(shown);
}

/**
 * The rest of the current language's catalogue: `start` fetches it (once; again after a failed
 * try) and settles when it is in. English has nothing to fetch.
 */
interface CatalogueRest {
  start(): Promise<void>;
}
const NOTHING_LEFT: CatalogueRest = { start: () => Promise.resolve() };
let rest: CatalogueRest = NOTHING_LEFT;

/**
 * Fetches the rest of the current language's catalogue now, if it is not here or on its way:
 * the app's start calls it once the first screen is drawn (main.tsx), so it does not compete
 * with what that screen downloads.
 */
export function finishCatalogue(): Promise<void> {
  return rest.start();
}

/**
 * Resolves once the current language's whole catalogue is in, fetching its rest if needed:
 * what a lazy screen or dialog waits for (its texts are in the rest), so it never shows English
 * first. A failed download resolves too: those texts then show in English.
 */
export async function catalogueComplete(): Promise<void> {
  let waited: CatalogueRest;
  do {
    waited = rest;
    await waited.start().catch(() => undefined);
    // A switch meanwhile: wait for the newer language's catalogue instead.
  } while (waited !== rest);
}

/**
 * Switches the app to `code`: the first part of its catalogue is downloaded first (nothing
 * changes on screen until it is here), then every translated text re-renders. The rest of the
 * catalogue (and the server sentences' lookup) comes with it, unless `restLater`: the app's start
 * then waits only for the texts its first screens draw, and fetches the rest once they are drawn
 * (`finishCatalogue`) or when a lazy screen needs it (`catalogueComplete`), whichever is first.
 * `remember` keeps the choice in the `lang` cookie, read by the next visit (and by the server,
 * for the login screen it sends).
 */
export async function setLanguage(
  code: AppLanguage,
  {
    remember = true,
    beforeLogin = false,
    restLater = false,
  }: { remember?: boolean; beforeLogin?: boolean; restLater?: boolean } = {},
): Promise<void> {
  if (beforeLogin) noteChoiceBeforeLogin(code);
  const ticket = ++switches;
  // English and the pseudo-language (English, marked) need no runtime: english.tsx formats them.
  const english = code === DEFAULT_LANGUAGE || code === PSEUDO;
  const parts = code === PSEUDO ? undefined : catalogues.get(code);
  const loadRest = () =>
    Promise.all([
      parts?.rest(),
      code === DEFAULT_LANGUAGE ? undefined : import('./server-text-lookup'),
    ]);
  const [first, runtime, restNow] = await Promise.all([
    parts?.first(),
    english ? undefined : (lingui ?? import('./lingui-runtime')),
    restLater ? undefined : loadRest(),
  ]);
  // Two quick choices: the later one wins, whichever catalogue arrives first.
  if (ticket !== switches) return;
  pseudo = code === PSEUDO;
  language = code;
  if (runtime) {
    lingui = runtime;
    runtime.i18n.load(code, { ...first?.default, ...restNow?.[0]?.default });
    runtime.i18n.activate(code);
  }
  usesLingui = !english;
  applyToDocument(code);
  if (remember && typeof document !== 'undefined') {
    writeCookie(COOKIE_NAMES.language, code, LANGUAGE_COOKIE_SECONDS);
  }
  // Nothing drawn so far uses the rest's texts (the build checks the first screens' code), so
  // its arrival needs no new render.
  const install = ([restPart, lookup]: Awaited<ReturnType<typeof loadRest>>) => {
    if (ticket !== switches) return;
    if (restPart) runtime?.i18n.load(code, restPart.default);
    installServerTextLookup(lookup?.lookUpServerText);
  };
  if (restNow) {
    install(restNow);
    rest = NOTHING_LEFT;
  } else {
    let fetching: Promise<void> | undefined;
    rest = {
      start: () => {
        fetching ??= loadRest()
          .then(install)
          .catch((error: unknown) => {
            fetching = undefined;
            throw error;
          });
        return fetching;
      },
    };
  }
  // Last: every translated text renders again, in the new language.
  notify();
}

/**
 * `React.lazy` for a screen or dialog whose texts are in the catalogue's rest: its code and the
 * whole catalogue both arrive before it renders. (The first screens' own pages, whose texts are
 * in the first part, are plain `lazy`.)
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound, so any component fits.
export function lazyTranslated<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), catalogueComplete()]).then(([module]) => module));
}

/** Counts the switches asked for, so a slower, older one does not undo a newer one. */
let switches = 0;

const CHOSEN_KEY = 'hearth.languageChosenBeforeLogin';

function noteChoiceBeforeLogin(code: AppLanguage) {
  try {
    sessionStorage.setItem(CHOSEN_KEY, code);
  } catch {
    // No storage (a private window's quota): the account's language applies at login.
  }
}

/**
 * The language a visitor picked in the login footer before signing in, once: the login then
 * keeps it (and stores it with the account) rather than the account's older choice.
 */
export function takeLanguageChosenBeforeLogin(): LanguageCode | undefined {
  try {
    const chosen = sessionStorage.getItem(CHOSEN_KEY);
    sessionStorage.removeItem(CHOSEN_KEY);
    return isLanguageCode(chosen) ? chosen : undefined;
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language, re-rendering the component when it changes. */
export function useLanguage(): AppLanguage {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

export type { MessageValues };

/** Text written by hand in English (the fast English dates), marked in the pseudo-language. */
export function pseudoMarked(text: string): string {
  return pseudo ? `⟦${text}⟧` : text;
}

/** A message in the current language, `values` filling its placeholders and plurals. */
export function translate(descriptor: MessageDescriptor, values?: MessageValues): string {
  const runtime = linguiRuntime();
  const text = runtime
    ? runtime.i18n._(descriptor.id, values, { message: descriptor.message })
    : formatEnglish(descriptor.message, values);
  return pseudo ? `⟦${text}⟧` : text;
}

/**
 * `t(messages.logIn)` or `t(messages.comments, { count })`: the component's texts, in the
 * current language; the component renders again when the language changes.
 */
export function useT(): (descriptor: MessageDescriptor, values?: MessageValues) => string {
  const current = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language, so memoised children render again.
  return useCallback(translate, [current]);
}
