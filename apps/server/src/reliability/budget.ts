/**
 * How hard the reliability suite pushes. `npm test` runs the short counts; `npm run reliability
 * -- --long` sets RELIABILITY_LONG=1 for the larger ones. RELIABILITY_SEED replays a fuzz run.
 */
export const LONG = process.env.RELIABILITY_LONG === '1';

/** Picks the short or the long count. */
export function scaled(short: number, long: number): number {
  return LONG ? long : short;
}

/** The seed of a randomised run: RELIABILITY_SEED when given (to replay), else a fresh one. */
export function runSeed(): number {
  const given = process.env.RELIABILITY_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed))
      throw new Error(`RELIABILITY_SEED is not an integer: ${given}`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}

/** A small seeded generator (mulberry32): the same seed gives the same run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
