import { describe, expect, it } from 'vitest';
import { DEFAULT_PICTURE } from './constants.js';
import { imageSrcSet, imageVariants, imageVariantUrl } from './image-variants.js';

const upload = '/media/ada/post_images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jpg';

describe('image variants', () => {
  it('sit beside an upload as {uuid}-w{width}.webp, on any storage address', () => {
    expect(imageVariantUrl(upload, 480)).toBe(
      '/media/ada/post_images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b-w480.webp',
    );
    expect(
      imageVariantUrl(
        'https://cdn.example/ada/cover_pictures/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.png?v=2',
        160,
      ),
    ).toBe(
      'https://cdn.example/ada/cover_pictures/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b-w160.webp?v=2',
    );
    expect(imageVariants(upload).map((v) => v.width)).toEqual([160, 480, 1080]);
  });

  it('give a srcset of the variants alone (the original is too heavy for any card)', () => {
    expect(imageSrcSet(upload)).toBe(
      [
        '/media/ada/post_images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b-w160.webp 160w',
        '/media/ada/post_images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b-w480.webp 480w',
        '/media/ada/post_images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b-w1080.webp 1080w',
      ].join(', '),
    );
  });

  it('do not exist for what is not an upload', () => {
    for (const url of [
      DEFAULT_PICTURE,
      '/images/backgrounds/3.jpg',
      '',
      'https://elsewhere.example/a.jpg',
    ]) {
      expect(imageVariants(url)).toEqual([]);
      expect(imageSrcSet(url)).toBeUndefined();
      expect(imageVariantUrl(url, 160)).toBeUndefined();
    }
  });
});
