import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate } from './app-status';
import { StatusBars } from './status-bars';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the status bars', () => {
  it('say nothing while online with no new version', () => {
    const { container } = render(<StatusBars />);
    expect(container).toBeEmptyDOMElement();
  });

  it('say “You’re offline” while the browser has no network, and go when it is back', () => {
    render(<StatusBars />);
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You’re offline You’re seeing what you last loaded.',
    );
    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announce a new version; Reload switches to it', async () => {
    const reload = vi.fn();
    render(<StatusBars />);
    act(() => announceUpdate(reload));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('A new version of Hearth is available · Reload');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
