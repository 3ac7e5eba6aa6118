import { UI_MESSAGES } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from './test/fixtures';
import { renderApp } from './test/render-app';

vi.mock('./features/home/home-page', () => ({
  HomePage: () => {
    throw new Error('A screen that breaks while rendering');
  },
}));

describe('uncaught render errors', () => {
  // React and the error page report the error on the console; the test only looks at the page.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("show the generic 'Unexpected Application Error!' page", async () => {
    renderApp('/', { user: sessionUser() });
    expect(
      await screen.findByRole('heading', { name: UI_MESSAGES.unexpectedError }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
