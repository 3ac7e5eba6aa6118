import { storyCountForWidth } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { renderApp, setWindowWidth } from '../../test/render-app';

const stories = () =>
  within(screen.getByRole('region', { name: 'Stories' })).getAllByRole('button', {
    name: /^Story by /,
  });

describe('the stories strip', () => {
  it('shows Create Story and as many stories as the window width allows', async () => {
    stubFeed([]);
    setWindowWidth(1280);
    renderApp('/', { user: sessionUser() });
    const strip = await screen.findByRole('region', { name: 'Stories' });
    expect(within(strip).getByRole('button', { name: 'Create Story' })).toBeInTheDocument();
    expect(stories()).toHaveLength(5);

    // Spec: at most 1175 px 4; at most 1030 px 5; at most 960 px 4; at most 885 px 5.
    for (const [width, count] of [
      [1175, 4],
      [1176, 5],
      [1031, 4],
      [1030, 5],
      [960, 4],
      [961, 5],
      [886, 4],
      [885, 5],
      [375, 5],
    ] as const) {
      act(() => setWindowWidth(width));
      // The strip's resize listener is attached by an effect of its first render, which a slow
      // machine may not have run yet when the first resize comes: it then reads the width as it
      // subscribes, a moment later.
      await waitFor(() => expect(stories(), `${width} px`).toHaveLength(count));
      expect(storyCountForWidth(width)).toBe(count);
    }
  });
});
