import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  defineMessages,
  isLanguageCode,
  LOGIN_LANGUAGES,
  languageDirection,
  pickLanguage,
  sourceText,
} from './index.js';

describe('languages', () => {
  it('are the login footer’s eleven, in the spec’s order, Arabic right to left', () => {
    expect(LOGIN_LANGUAGES).toHaveLength(11);
    expect(LOGIN_LANGUAGES[0]).toBe('English (UK)');
    expect(LOGIN_LANGUAGES[10]).toBe('日本語');
    expect(languageDirection('ar')).toBe('rtl');
    expect(languageDirection('fr')).toBe('ltr');
    expect(isLanguageCode('pt-BR')).toBe(true);
    expect(isLanguageCode('pt')).toBe(false);
  });

  it('picks the nearest to what a browser asks for, English when nothing matches', () => {
    expect(pickLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(pickLanguage(['pt-PT'])).toBe('pt-BR');
    expect(pickLanguage(['zh-CN'])).toBe('zh-Hans');
    expect(pickLanguage(['nl', 'de-AT'])).toBe('de');
    expect(pickLanguage(['nl', 'sv'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage(['de', 'ar'], ['en', 'ar'])).toBe('ar');
  });

  it('reads an Accept-Language header by weight, then order', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.95, *;q=0.5')).toEqual([
      'fr-CH',
      'de',
      'fr',
      'en',
    ]);
    expect(acceptedLanguages('ja;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(';;;,q=,')).toEqual([]);
  });

  it('defines messages with ids by namespace, plain text ready to show', () => {
    const m = defineMessages('test', { plain: 'Log In', count: '{n, plural, one {#} other {#}}' });
    expect(m.plain.id).toBe('test.plain');
    expect(m.plain.message).toEqual(['Log In']);
    expect(m.count.message).toBe('{n, plural, one {#} other {#}}');
    expect(sourceText(m.plain)).toBe('Log In');
  });
});
