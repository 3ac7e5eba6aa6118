import { REACTIONS, type Reaction, type ReactionSummary } from '@hearth/contract';

/**
 * The reaction state machine of spec section 4, as the member sees it at once:
 * the same reaction again removes it (its count and the total go down); another one replaces
 * it (the new count up, the old one down, the total unchanged); a first one adds it.
 */
export function applyReaction(summary: ReactionSummary, react: Reaction): ReactionSummary {
  const counts = new Map<Reaction, number>(REACTIONS.map((name) => [name, 0]));
  for (const { react: name, count } of summary.reacts) counts.set(name, count);
  const bump = (name: Reaction, by: number) =>
    counts.set(name, Math.max(0, (counts.get(name) ?? 0) + by));

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
  const reacts = REACTIONS.map((name) => ({ react: name, count: counts.get(name) ?? 0 })).sort(
    (a, b) => b.count - a.count,
  );
  return { ...summary, check, reacts, total: Math.max(0, total) };
}

/** The reactions worth an icon in the counts row: used at least once, most used first. */
export function topReactions(summary: ReactionSummary, max = 3): Reaction[] {
  return summary.reacts
    .filter((entry) => entry.count > 0)
    .slice(0, max)
    .map((entry) => entry.react);
}
