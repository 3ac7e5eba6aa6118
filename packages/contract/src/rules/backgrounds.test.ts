import { describe, expect, it } from 'vitest';
import { BUILTIN_BACKGROUNDS } from '../enums.js';
import { builtinBackground, isAbsoluteUrl } from './backgrounds.js';

describe('builtinBackground', () => {
  it('keeps each of the nine built-ins as it is', () => {
    for (const background of BUILTIN_BACKGROUNDS) {
      expect(builtinBackground(background)).toBe(background);
    }
  });

  it.each([
    ['../../../images/3.jpg', '/backgrounds/3.svg'],
    ['images/1.jpeg', '/backgrounds/1.svg'],
    ['9.png', '/backgrounds/9.svg'],
    ['./assets/backgrounds/5.webp', '/backgrounds/5.svg'],
    ['2.gif', '/backgrounds/2.svg'],
    ['/static/7.svg', '/backgrounds/7.svg'],
    ['../images/4.JPG', '/backgrounds/4.svg'],
  ])('reads a client’s own copy %s as %s', (value, builtin) => {
    expect(builtinBackground(value)).toBe(builtin);
  });

  it.each([
    '../../../images/13.jpg',
    'images/0.jpg',
    'images/3.jpg.exe',
    'images/3.bmp',
    'images/3',
    'background3.jpg',
    '/backgrounds/10.svg',
    '/media/x.jpg',
    '',
  ])('names no built-in: %j', (value) => {
    expect(builtinBackground(value)).toBeUndefined();
  });

  it.each([
    'https://evil.example/3.jpg',
    'http://evil.example/images/3.svg',
    'HTTPS://evil.example/3.jpg',
    '//evil.example/3.jpg',
    '\\\\evil.example\\3.jpg',
    'data:image/svg+xml,<svg/>#/3.svg',
    'javascript:alert(1)//3.jpg',
    ' https://evil.example/3.jpg',
  ])('refuses the absolute URL %s, whatever its file name', (value) => {
    expect(isAbsoluteUrl(value)).toBe(true);
    expect(builtinBackground(value)).toBeUndefined();
  });

  it.each(['../../../images/3.jpg', '3.jpg', '/backgrounds/3.svg'])(
    'a relative path %s is no absolute URL',
    (value) => {
      expect(isAbsoluteUrl(value)).toBe(false);
    },
  );
});
