import { describe, expect, it } from 'vitest';
import { nextFreeUsername, randomFreeUsername, usernameBase } from './username.js';

describe('usernames', () => {
  it.each([
    ['John', 'Doe', 'johndoe'],
    ['Zoé', 'Émile', 'zoeemile'],
    ['ÇAĞLA', 'Şahin', 'caglasahin'],
    ['İlker', 'Öz', 'ilkeroz'],
    ['Иван', 'Петров', 'member'],
  ])('%s %s becomes %s', (first, last, expected) => {
    expect(usernameBase(first, last)).toBe(expected);
  });

  it('takes the base when free, else one more than the highest number in use', () => {
    expect(nextFreeUsername('johndoe', [])).toBe('johndoe');
    expect(nextFreeUsername('johndoe', ['johndoes'])).toBe('johndoe');
    expect(nextFreeUsername('johndoe', ['johndoe'])).toBe('johndoe1');
    expect(nextFreeUsername('johndoe', ['johndoe', 'johndoe1', 'johndoe7', 'johndoes9'])).toBe(
      'johndoe8',
    );
  });

  it('a random suffix avoids names in use', () => {
    const name = randomFreeUsername('sam', ['sam', 'sam1']);
    expect(name).toMatch(/^sam\d{3,6}$/);
  });
});
