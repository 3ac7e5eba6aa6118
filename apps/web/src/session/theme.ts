import { COOKIE_NAMES } from '@hearth/contract';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';

// The theme is a preference, not a session: it outlives logins.
const THEME_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DARK_CLASS = 'dark';

const listeners = new Set<() => void>();

export function readDarkTheme(): boolean {
  return readCookie(COOKIE_NAMES.darkTheme) === 'true';
}

/** Selecting On or Off: stores the flag in the `darkTheme` cookie and swaps the page's variables. */
export function setDarkTheme(dark: boolean): void {
  writeCookie(COOKIE_NAMES.darkTheme, String(dark), THEME_COOKIE_MAX_AGE_SECONDS);
  document.documentElement.classList.toggle(DARK_CLASS, dark);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDarkTheme(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(subscribe, readDarkTheme, () => false);
  return [dark, setDarkTheme];
}
