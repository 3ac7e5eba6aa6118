import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { MemoryRouter } from '../../routing/routing';
import { storeSessionUser } from '../../session/session-cookie';
import { sessionUser } from '../../test/fixtures';
import { CreatePostBox } from './create-post-box';

describe('the create-post box on a profile page', () => {
  it('offers Life Event instead of Feeling/Activity', () => {
    storeSessionUser(sessionUser());
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <CreatePostBox onProfile />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Life Event' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Feeling/Activity' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "What's on your mind, Ada" })).toBeInTheDocument();
  });
});
