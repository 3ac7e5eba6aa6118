import { RELATIVE_TIME_REFRESH_MS } from '@hearth/contract';
import { useSyncExternalStore } from 'react';

// One clock for every relative time on the page, ticking only while one is shown.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    now = Date.now();
    timer = setInterval(tick, RELATIVE_TIME_REFRESH_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

function readNow() {
  // While nothing listens the clock is asleep; wake it up when it is clearly behind.
  if (listeners.size === 0 && Date.now() - now > 1000) now = Date.now();
  return now;
}

/** The current time, refreshed every RELATIVE_TIME_REFRESH_MS (spec: every 30 seconds). */
export function useNow(): number {
  return useSyncExternalStore(subscribe, readNow, readNow);
}

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/** '5 minutes ago', 'yesterday', 'last year'; under a minute, 'just now'. */
export function relativeTime(iso: string, nowMs: number): string {
  const seconds = Math.max(0, (nowMs - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  let unit = STEPS[0]!;
  for (const step of STEPS) if (seconds >= step[1]) unit = step;
  return formatter.format(-Math.floor(seconds / unit[1]), unit[0]);
}

const fullDate = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' });

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const nowMs = useNow();
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={fullDate.format(date)} className={className}>
      {relativeTime(iso, nowMs)}
    </time>
  );
}
