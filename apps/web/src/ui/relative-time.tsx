import { DEFAULT_LANGUAGE, RELATIVE_TIME_REFRESH_MS } from '@hearth/contract';
import { useSyncExternalStore } from 'react';
import { formatLocale, pseudoMarked, translate, useLanguage } from '../i18n';
import { timeMessages as m } from './relative-time.messages';

// One clock for every relative time on the page, ticking only while one is shown.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
/** When the clock was last read. */
let lastRead = 0;
/** Set by `setClock`: the clock stays as set until a relative time is shown. */
let held = false;
/** Reads closer together than this are one render's: they all get the same time. */
const ONE_RENDER_MS = 2000;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    // The first relative time shown since the clock slept: the times drawn are brought up to
    // date (only those, each on its own).
    held = false;
    now = Date.now();
    timer = setInterval(tick, RELATIVE_TIME_REFRESH_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/**
 * The clock's time. While nothing listens the clock is asleep, and a render that finds it behind
 * wakes it up, once: every later read of the same render gets the same time. (React reads it
 * again before it commits a render, and a value changed meanwhile makes it render the whole app
 * again at once, in one blocking task: a slow phone's first render of the feed takes longer than
 * a second.)
 */
function readNow() {
  const time = Date.now();
  const newRender = Math.abs(time - lastRead) > ONE_RENDER_MS;
  lastRead = time;
  if (!held && newRender && listeners.size === 0 && Math.abs(time - now) > 1000) now = time;
  return now;
}

/**
 * Sets the clock, held there until a relative time is shown (it ticks on from then): a page the
 * server drew says "5 minutes ago" as of its drawing, and the browser hydrating it must say the
 * same.
 */
export function setClock(time: number): void {
  now = time;
  held = true;
}

/** The current time, refreshed every RELATIVE_TIME_REFRESH_MS (spec: every 30 seconds). */
export function useNow(): number {
  return useSyncExternalStore(subscribe, readNow, readNow);
}

// English by hand, as Intl.RelativeTimeFormat('en', { numeric: 'auto' }) and
// Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }) write it: the first Intl
// formatter a page creates loads the browser's locale data, about 150–250 ms of a phone's main
// thread (4× throttled Chromium) in the middle of the feed's first render. Other languages use
// those formatters, made once per language.
type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
const STEPS: [Unit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];
/** numeric: 'auto' says these for one unit back; minutes and hours keep the number. */
const LAST: Partial<Record<Unit, string>> = {
  day: 'yesterday',
  week: 'last week',
  month: 'last month',
  year: 'last year',
};

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' });
    dateFormats.set(locale, format);
  }
  return format;
}

/** 1234567 → '1,234,567', as 'en' groups digits. */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * '5 minutes ago', 'yesterday', 'last year'; under a minute, 'just now'. In the app's language
 * ('il y a 5 minutes', 'hier', 'à l’instant').
 */
export function relativeTime(iso: string, nowMs: number): string {
  const seconds = Math.max(0, (nowMs - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return translate(m.justNow);
  let unit = STEPS[0]!;
  for (const step of STEPS) if (seconds >= step[1]) unit = step;
  const count = Math.floor(seconds / unit[1]);
  const locale = formatLocale();
  if (locale !== DEFAULT_LANGUAGE) return relativeFormat(locale).format(-count, unit[0]);
  const last = count === 1 ? LAST[unit[0]] : undefined;
  return pseudoMarked(last ?? `${grouped(count)} ${unit[0]}${count === 1 ? '' : 's'} ago`);
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'Tuesday, November 24, 2026 at 1:57 AM', in the member's time zone; in another language, as
 * Intl writes a full date and a short time there.
 */
export function fullDate(date: Date): string {
  const locale = formatLocale();
  if (locale !== DEFAULT_LANGUAGE) return dateFormat(locale).format(date);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return pseudoMarked(
    `${DAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} at ${time}`,
  );
}

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const nowMs = useNow();
  // Written again in a newly chosen language.
  useLanguage();
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={fullDate(date)} className={className}>
      {relativeTime(iso, nowMs)}
    </time>
  );
}
