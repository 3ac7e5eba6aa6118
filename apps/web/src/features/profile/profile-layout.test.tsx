import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../test/fixtures';
import { NO_FRIENDSHIP, openProfile } from '../../test/profile';
import { setWindowWidth } from '../../test/render-app';

describe('the left column on wide screens', () => {
  /** The Intro card's column, whose inline style carries the scroll-fix. */
  async function leftColumnWithHeight(height: number, windowHeight = 900) {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get: () => height,
    });
    try {
      setWindowWidth(1280, windowHeight);
      await openProfile(buildProfile({ friendship: NO_FRIENDSHIP }));
      const intro = screen.getByRole('region', { name: 'Intro' });
      const column = intro.parentElement as HTMLElement;
      await waitFor(() => expect(column.style.position).toBe('sticky'));
      return column;
    } finally {
      if (original) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', original);
    }
  }

  it('keeps a column shorter than 1000 px under the header while scrolling', async () => {
    const column = await leftColumnWithHeight(700);
    expect(column.style.top).toBe('72px');
  });

  it('keeps a column over 1000 px tall fixed with its bottom in view', async () => {
    const column = await leftColumnWithHeight(1200);
    // A 900 px window: the column's bottom sits 16 px above the window's bottom.
    expect(column.style.top).toBe(`${900 - 1200 - 16}px`);
  });

  it('uses the 1000 px threshold even when the window could show the whole column', async () => {
    const column = await leftColumnWithHeight(1100, 1200);
    expect(column.style.top).toBe(`${1200 - 1100 - 16}px`);
  });
});
