/*
 * Lingui's core, loaded with a language other than English (i18n.ts `setLanguage`): it formats a
 * catalogue's compiled messages with the language's plural rules and Intl formats. English needs
 * none of it (english.tsx). Elements are placed in either by english.tsx `withElements` (t.tsx).
 */
export { i18n } from '@lingui/core';
