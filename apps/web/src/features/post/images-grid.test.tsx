import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImagesGrid } from './images-grid';

const images = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ url: `/media/adaowen/post_images/${i + 1}.webp` }));

describe('the images grid of a post', () => {
  it.each([
    [1, 'one'],
    [2, 'two'],
    [3, 'three'],
    [4, 'four'],
    [5, 'five'],
  ])('lays out %i image(s) in their own layout, every one shown', (count, layout) => {
    const { container } = render(<ImagesGrid images={images(count)} author="Ada Owen" />);
    expect(container.firstElementChild).toHaveAttribute('data-layout', layout);
    const shown = screen.getAllByRole('img');
    expect(shown).toHaveLength(count);
    expect(shown[0]).toHaveAccessibleName(`Shared by Ada Owen (1 of ${count})`);
    expect(shown.at(-1)).toHaveAttribute('src', `/media/adaowen/post_images/${count}.webp`);
    expect(screen.queryByText(/^\+\d+$/)).not.toBeInTheDocument();
  });

  it('shows the first 5 of 7 images, the fifth with a +2 overlay', () => {
    const { container } = render(<ImagesGrid images={images(7)} author="Ada Owen" />);
    expect(container.firstElementChild).toHaveAttribute('data-layout', 'five');
    const shown = screen.getAllByRole('img');
    expect(shown).toHaveLength(5);
    expect(shown[4]).toHaveAccessibleName('Shared by Ada Owen (5 of 7)');
    const overlay = screen.getByText('+2');
    // The overlay sits on the fifth image's cell.
    expect(overlay.parentElement).toContainElement(shown[4]!);
  });

  it('renders nothing for a post without images', () => {
    const { container } = render(<ImagesGrid images={[]} author="Ada Owen" />);
    expect(container).toBeEmptyDOMElement();
  });
});
