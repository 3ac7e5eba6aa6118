import { DEFAULT_PICTURE } from '@hearth/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';
import { cappedPictureAttributes, pictureAttributes, pictureBackground } from './picture';

const upload = '/media/adaowen/post_images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jpg';
const variant = (width: number) =>
  `/media/adaowen/post_images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b-w${width}.webp`;
const uploadSrcSet = `${variant(160)} 160w, ${variant(480)} 480w, ${variant(1080)} 1080w`;

describe('the attributes of a member picture', () => {
  it('offer an upload at its variants and original, with the slot sizes', () => {
    expect(pictureAttributes(upload, '(max-width: 900px) 100vw, 590px')).toEqual({
      src: upload,
      srcSet: uploadSrcSet,
      sizes: '(max-width: 900px) 100vw, 590px',
      decoding: 'async',
    });
  });

  it.each([
    ['the default picture', DEFAULT_PICTURE],
    ['a built-in background', '/images/postbackgrounds/1.jpg'],
    ['a sample story', '/stories/1.svg'],
  ])('offer %s as it is, without a srcset', (_, url) => {
    expect(pictureAttributes(url, '40px')).toEqual({ src: url, decoding: 'async' });
  });

  it("load a capped picture's variant of the cap's width, and the original when it fails", () => {
    const attributes = cappedPictureAttributes(upload, 480);
    expect(attributes.src).toBe(variant(480));
    render(<img alt="From a comment" {...attributes} />);
    const img = screen.getByRole('img', { name: 'From a comment' });
    expect(img).not.toHaveAttribute('srcset');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', upload);
  });

  it('load a capped picture that is no upload as it is', () => {
    expect(cappedPictureAttributes(DEFAULT_PICTURE, 480).src).toBe(DEFAULT_PICTURE);
  });
});

describe('the background of a member picture', () => {
  it("is an upload's 1080 px variant on a 1x screen and the original beyond", () => {
    expect(pictureBackground(upload)).toBe(
      `image-set(url("${variant(1080)}") 1x, url("${upload}") 2x)`,
    );
  });

  it('is anything else as it is', () => {
    expect(pictureBackground('/images/postbackgrounds/1.jpg')).toBe(
      'url("/images/postbackgrounds/1.jpg")',
    );
  });
});

describe('an avatar', () => {
  it("loads an upload's variants for its pixel size", () => {
    render(<Avatar src={upload} alt="Ada Owen" size={40} />);
    const img = screen.getByRole('img', { name: 'Ada Owen' });
    expect(img).toHaveAttribute('src', upload);
    expect(img).toHaveAttribute('srcset', uploadSrcSet);
    expect(img).toHaveAttribute('sizes', '40px');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('width', '40');
  });

  it('shows the default picture, without a srcset, for a member without a picture', () => {
    render(<Avatar src="" alt="Ada Owen" size={168} />);
    const img = screen.getByRole('img', { name: 'Ada Owen' });
    expect(img).toHaveAttribute('src', DEFAULT_PICTURE);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('falls back to the default picture, dropping the srcset, when the picture cannot load', () => {
    render(<Avatar src={upload} alt="Ada Owen" size={40} />);
    const img = screen.getByRole('img', { name: 'Ada Owen' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_PICTURE);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
