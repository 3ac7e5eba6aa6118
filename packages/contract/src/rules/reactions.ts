import { REACTIONS, type Reaction } from '../enums.js';
import type { ReactionSummary } from '../schemas/responses.js';

/** How many times each reaction was given; a missing one counts 0. */
export type ReactionCounts = Partial<Record<Reaction, number>>;

/** All six reactions with their counts, most used first; ties keep the order of REACTIONS. */
function byUse(counts: ReactionCounts): ReactionSummary['reacts'] {
  return REACTIONS.map((react) => ({ react, count: counts[react] ?? 0 })).sort(
    (a, b) => b.count - a.count,
  );
}

/**
 * A post's reaction summary (getReacts' answer, and every post card's): all six reactions with
 * their counts, most used first (ties keep the spec's order), the total, the viewer's own
 * reaction (`mine`) and whether the viewer saved the post.
 */
export function buildReactionSummary({
  counts,
  mine,
  saved,
  notificationsOn = false,
}: {
  counts: ReactionCounts;
  mine: Reaction | null;
  saved: boolean;
  /** Whether the viewer gets the post's notifications (see reactionSummarySchema). */
  notificationsOn?: boolean;
}): ReactionSummary {
  const reacts = byUse(counts);
  const total = reacts.reduce((sum, r) => sum + r.count, 0);
  return { check: mine, reacts, total, checkSaved: saved, notificationsOn };
}

/**
 * The reaction state machine of spec section 4, as the member sees it at once:
 * the same reaction again removes it (its count and the total go down); another one replaces
 * it (the new count up, the old one down, the total unchanged); a first one adds it.
 */
export function applyReaction(summary: ReactionSummary, react: Reaction): ReactionSummary {
  const counts: ReactionCounts = {};
  for (const { react: name, count } of summary.reacts) counts[name] = count;
  const bump = (name: Reaction, by: number) => {
    counts[name] = Math.max(0, (counts[name] ?? 0) + by);
  };

  let { total } = summary;
  let check: Reaction | null = react;
  if (summary.check === react) {
    bump(react, -1);
    total -= 1;
    check = null;
  } else {
    if (summary.check) {
      bump(summary.check, -1);
      total -= 1;
    }
    bump(react, 1);
    total += 1;
  }

  // Most used first, as the server orders them; ties keep the reactions' own order.
  return { ...summary, check, reacts: byUse(counts), total: Math.max(0, total) };
}

/** The reactions worth an icon in the counts row: used at least once, most used first. */
export function topReactions(summary: ReactionSummary, max = 3): Reaction[] {
  return summary.reacts
    .filter((entry) => entry.count > 0)
    .slice(0, max)
    .map((entry) => entry.react);
}
