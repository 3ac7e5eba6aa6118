import { describe, expect, it } from 'vitest';
import { reactionSummary } from '../../test/fixtures';
import { applyReaction, topReactions } from './apply-reaction';

const countOf = (summary: ReturnType<typeof reactionSummary>, react: string) =>
  summary.reacts.find((entry) => entry.react === react)?.count;

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
});
