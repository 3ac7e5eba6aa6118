import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { RelativeTime } from './relative-time';

describe('RelativeTime', () => {
  it('is written again when the language changes', async () => {
    const iso = new Date(Date.now() - 5 * 60_000 - 1000).toISOString();
    render(<RelativeTime iso={iso} />);
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    await act(() => setLanguage('fr', { remember: false }));
    expect(screen.getByText('il y a 5 minutes')).toBeInTheDocument();
    expect(screen.getByText('il y a 5 minutes')).toHaveAttribute(
      'title',
      new Intl.DateTimeFormat('fr', { dateStyle: 'full', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    );
  });
});
