import { describe, expect, it } from 'vitest';
import { stepZoom } from './picture-dialog';

describe('stepZoom', () => {
  it('moves 0.2 at a time on the grid and stays within 1 and 3', () => {
    expect(stepZoom(1, 1)).toBe(1.2);
    expect(stepZoom(1.2, 1)).toBe(1.4);
    expect(stepZoom(1, -1)).toBe(1);
    expect(stepZoom(2.9, 1)).toBe(3);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(3, -1)).toBe(2.8);
  });
});
