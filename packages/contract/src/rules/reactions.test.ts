import { describe, expect, it } from 'vitest';
import type { Reaction } from '../enums.js';
import type { ReactionSummary } from '../schemas/responses.js';
import {
  applyReaction,
  buildReactionSummary,
  type ReactionCounts,
  topReactions,
} from './reactions.js';

function reactionSummary(
  counts: ReactionCounts = {},
  { check = null, checkSaved = false }: { check?: Reaction | null; checkSaved?: boolean } = {},
): ReactionSummary {
  return buildReactionSummary({ counts, mine: check, saved: checkSaved });
}

const countOf = (summary: ReactionSummary, react: string) =>
  summary.reacts.find((entry) => entry.react === react)?.count;

describe('the reaction summary', () => {
  it('lists all six reactions, most used first, ties in the spec order, with their total', () => {
    const summary = buildReactionSummary({
      counts: { sad: 2, like: 1, angry: 2, wow: 5 },
      mine: 'sad',
      saved: true,
      notificationsOn: true,
    });
    expect(summary).toEqual({
      check: 'sad',
      reacts: [
        { react: 'wow', count: 5 },
        { react: 'sad', count: 2 },
        { react: 'angry', count: 2 },
        { react: 'like', count: 1 },
        { react: 'love', count: 0 },
        { react: 'haha', count: 0 },
      ],
      total: 10,
      checkSaved: true,
      notificationsOn: true,
    });
  });

  it('gives a post nobody reacted to six zeros in the spec order', () => {
    const summary = buildReactionSummary({ counts: {}, mine: null, saved: false });
    expect(summary.reacts.map((entry) => entry.react)).toEqual([
      'like',
      'love',
      'haha',
      'wow',
      'sad',
      'angry',
    ]);
    expect(summary.total).toBe(0);
    expect(summary.check).toBeNull();
    expect(topReactions(summary)).toEqual([]);
  });
});

describe('the reaction state machine', () => {
  it('a first reaction sets it and raises its count and the total', () => {
    const after = applyReaction(reactionSummary({ love: 2 }), 'like');
    expect(after.check).toBe('like');
    expect(countOf(after, 'like')).toBe(1);
    expect(countOf(after, 'love')).toBe(2);
    expect(after.total).toBe(3);
  });

  it('the same reaction again removes it, lowering its count and the total', () => {
    const before = reactionSummary({ love: 2, haha: 1 }, { check: 'haha' });
    const after = applyReaction(before, 'haha');
    expect(after.check).toBeNull();
    expect(countOf(after, 'haha')).toBe(0);
    expect(after.total).toBe(2);
  });

  it('another reaction replaces it: the new count up, the old one down, the total unchanged', () => {
    const before = reactionSummary({ like: 3, love: 1 }, { check: 'like' });
    const after = applyReaction(before, 'love');
    expect(after.check).toBe('love');
    expect(countOf(after, 'like')).toBe(2);
    expect(countOf(after, 'love')).toBe(2);
    expect(after.total).toBe(4);
  });

  it('keeps all six reactions, most used first, and the saved flag as it was', () => {
    const after = applyReaction(reactionSummary({ wow: 1 }, { checkSaved: true }), 'angry');
    expect(after.reacts).toHaveLength(6);
    expect(after.reacts.map((entry) => entry.count)).toEqual([1, 1, 0, 0, 0, 0]);
    expect(after.checkSaved).toBe(true);
    expect(topReactions(after)).toEqual(['wow', 'angry']);
  });

  it('never takes a count or the total below zero', () => {
    const after = applyReaction(reactionSummary({}, { check: 'like' }), 'like');
    expect(countOf(after, 'like')).toBe(0);
    expect(after.total).toBe(0);
  });
});
