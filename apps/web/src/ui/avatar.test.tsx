import { DEFAULT_PICTURE } from '@hearth/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('marks the default picture so the dark theme recolours it, keeping its URL', () => {
    render(
      <>
        <Avatar src={undefined} alt="none" />
        <Avatar src={DEFAULT_PICTURE} alt="default" />
        <Avatar src="/uploads/ada/profile/1.jpg" alt="upload" />
      </>,
    );
    for (const name of ['none', 'default']) {
      const img = screen.getByRole('img', { name });
      expect(img).toHaveAttribute('src', DEFAULT_PICTURE);
      expect(img).toHaveAttribute('data-default-picture');
    }
    expect(screen.getByRole('img', { name: 'upload' })).not.toHaveAttribute('data-default-picture');
  });
});
