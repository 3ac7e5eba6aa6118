import { describe, expect, it } from 'vitest';
import { containsUnstorableText, isStorableText } from './text.js';

describe('storable text', () => {
  it('accepts any well-formed text, emoji and other astral characters included', () => {
    for (const text of [
      '',
      'hello',
      'çà ü 漢字',
      '\u{1F600}\u{1F44D}\u{1F3FD}',
      'tab\tnew\nline',
      '\uFFFD',
    ])
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses NUL and unpaired surrogates, wherever they stand', () => {
    for (const text of ['\u0000', 'a\u0000b', '\uD800', 'a\uD83Db', '\uDE00x', 'x\uDE00\uD83D'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('looks into arrays, object values and keys, at any depth', () => {
    expect(containsUnstorableText({ a: [{ b: 'ok' }, 1, null, true] })).toBe(false);
    expect(containsUnstorableText(undefined)).toBe(false);
    expect(containsUnstorableText({ a: [{ b: 'no\u0000' }] })).toBe(true);
    expect(containsUnstorableText({ 'key\uD800': 'fine' })).toBe(true);
    expect(containsUnstorableText(['x', ['y', ['z\u0000']]])).toBe(true);
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsUnstorableText(deep)).toBe(true);
  });
});
