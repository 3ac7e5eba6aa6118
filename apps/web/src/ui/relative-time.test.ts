import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { fullDate, relativeTime } from './relative-time';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 24, 2, 0);

describe('relativeTime', () => {
  const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['minute', MINUTE],
    ['hour', 60 * MINUTE],
    ['day', DAY],
    ['week', 7 * DAY],
    ['month', 30 * DAY],
    ['year', 365 * DAY],
  ];

  it('says what Intl.RelativeTimeFormat says, without loading its locale data', () => {
    const now = Date.UTC(2026, 10, 24, 2, 0);
    const ago = [
      MINUTE,
      2 * MINUTE,
      59 * MINUTE,
      60 * MINUTE,
      90 * MINUTE,
      23 * 60 * MINUTE,
      DAY,
      DAY + 1,
      2 * DAY,
      6 * DAY,
      7 * DAY,
      13 * DAY,
      14 * DAY,
      29 * DAY,
      30 * DAY,
      59 * DAY,
      60 * DAY,
      364 * DAY,
      365 * DAY,
      729 * DAY,
      730 * DAY,
      1234 * 365 * DAY,
    ];
    for (const ms of ago) {
      const [unit, size] = units.filter(([, step]) => ms >= step).at(-1)!;
      const iso = new Date(now - ms).toISOString();
      expect(relativeTime(iso, now)).toBe(intl.format(-Math.floor(ms / size), unit));
    }
  });

  it('says just now under a minute, and for a time ahead of the clock', () => {
    const now = Date.UTC(2026, 10, 24, 2, 0);
    expect(relativeTime(new Date(now - 59_000).toISOString(), now)).toBe('just now');
    expect(relativeTime(new Date(now + 5 * MINUTE).toISOString(), now)).toBe('just now');
  });
});

describe('fullDate', () => {
  it('writes the date as Intl.DateTimeFormat full date and short time', () => {
    const intl = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' });
    const dates = [
      new Date(2020, 0, 5, 0, 3),
      new Date(2020, 0, 5, 12, 0),
      new Date(2026, 10, 24, 1, 57),
      new Date(2026, 11, 31, 23, 59),
      new Date(2024, 1, 29, 11, 9),
      new Date(2025, 6, 4, 13, 30),
    ];
    for (const date of dates) {
      // Some ICU versions put a narrow no-break space before AM/PM.
      expect(fullDate(date)).toBe(intl.format(date).replace(/\u202f/g, ' '));
    }
  });
});

describe('in another language', () => {
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['minute', MINUTE],
    ['hour', 60 * MINUTE],
    ['day', DAY],
    ['week', 7 * DAY],
    ['month', 30 * DAY],
    ['year', 365 * DAY],
  ];
  const ago = [MINUTE, 5 * MINUTE, 90 * MINUTE, DAY, 2 * DAY, 7 * DAY, 30 * DAY, 400 * DAY];
  const dates = [new Date(2020, 0, 5, 0, 3), new Date(2026, 10, 24, 13, 57)];
  const isoAgo = (ms: number) => new Date(NOW - ms).toISOString();

  it('writes French as Intl does, just now as its catalogue says', async () => {
    await setLanguage('fr', { remember: false });
    expect(relativeTime(isoAgo(5 * MINUTE), NOW)).toBe('il y a 5 minutes');
    expect(relativeTime(isoAgo(DAY), NOW)).toBe('hier');
    expect(relativeTime(isoAgo(30_000), NOW)).toBe('à l’instant');
  });

  it.each(['ar', 'ja'] as const)('writes %s as Intl does, with the same steps', async (code) => {
    await setLanguage(code, { remember: false });
    const relative = new Intl.RelativeTimeFormat(code, { numeric: 'auto' });
    for (const ms of ago) {
      const [unit, size] = units.filter(([, step]) => ms >= step).at(-1)!;
      expect(relativeTime(isoAgo(ms), NOW)).toBe(relative.format(-Math.floor(ms / size), unit));
    }
    const full = new Intl.DateTimeFormat(code, { dateStyle: 'full', timeStyle: 'short' });
    for (const date of dates) expect(fullDate(date)).toBe(full.format(date));
    expect(relativeTime(isoAgo(0), NOW)).not.toBe('just now');
  });

  it('is English again, written by hand, once English is back', async () => {
    await setLanguage('ja', { remember: false });
    await setLanguage('en', { remember: false });
    expect(relativeTime(isoAgo(5 * MINUTE), NOW)).toBe('5 minutes ago');
    expect(relativeTime(isoAgo(DAY), NOW)).toBe('yesterday');
    expect(relativeTime(isoAgo(0), NOW)).toBe('just now');
    expect(fullDate(new Date(2026, 10, 24, 1, 57))).toBe('Tuesday, November 24, 2026 at 1:57 AM');
  });
});
