/** How much of everything a seeded network holds. */
export interface NetworkSize {
  members: number;
  posts: number;
  reactions: number;
  comments: number;
}

/** The sizes; `tiny` is for the generator's own test. Small keeps medium's proportions. */
export const SIZES = {
  tiny: { members: 60, posts: 600, reactions: 1_500, comments: 900 },
  small: { members: 1_000, posts: 20_000, reactions: 100_000, comments: 40_000 },
  medium: { members: 20_000, posts: 400_000, reactions: 2_000_000, comments: 800_000 },
  large: { members: 100_000, posts: 2_000_000, reactions: 10_000_000, comments: 4_000_000 },
} as const satisfies Record<string, NetworkSize>;

export type SizeName = keyof typeof SIZES;

export function isSizeName(value: string): value is SizeName {
  return Object.hasOwn(SIZES, value);
}

/** Fixed, so the same size is the same data on every run; seeded content ends here. */
export const SEED_END = Date.parse('2026-11-01T00:00:00.000Z');
const DAY = 86_400_000;
/** Members joined over these years before SEED_END. */
export const NETWORK_AGE_MS = 3 * 365 * DAY;
export const DAY_MS = DAY;

/** The member whose login `npm run seed` prints; the first member of every seeded network. */
export const DEMO_LOGIN = { email: 'demo@hearth.example', password: 'hearth-demo' } as const;
