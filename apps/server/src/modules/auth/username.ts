import { randomInt } from 'node:crypto';

const FALLBACK = 'member';

/** first + last name, lower-cased, accents dropped, letters a-z only. */
export function usernameBase(firstName: string, lastName: string): string {
  const base = `${firstName}${lastName}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z]/g, '');
  // Names written only in other scripts leave nothing behind.
  return base || FALLBACK;
}

/** The base itself when free, else the base followed by one more than the highest number taken. */
export function nextFreeUsername(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  const pattern = new RegExp(`^${base}(\\d*)$`);
  let highest = 0;
  for (const name of taken) {
    const match = pattern.exec(name);
    if (!match) continue;
    const suffix = match[1] ? Number(match[1]) : 0;
    if (Number.isSafeInteger(suffix)) highest = Math.max(highest, suffix);
  }
  return `${base}${highest + 1}`;
}

/** The base with a random number no one has yet. */
export function randomFreeUsername(base: string, taken: readonly string[]): string {
  for (;;) {
    const candidate = `${base}${randomInt(100, 1_000_000)}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
