/*
 * Lingui's runtime, loaded with a language other than English (i18n.ts `setLanguage`): its core
 * formats a catalogue's compiled messages with the language's plural rules and Intl formats,
 * and its `Trans` places elements in them. English needs neither (english.tsx).
 */
export { i18n } from '@lingui/core';
export { TransNoContext } from '@lingui/react/server';
