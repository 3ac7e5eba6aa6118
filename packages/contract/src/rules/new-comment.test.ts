import { describe, expect, it } from 'vitest';
import { isEmptyComment } from './new-comment.js';

describe('isEmptyComment', () => {
  it.each([
    [{}],
    [{ comment: '', image: '' }],
    [{ comment: '  \n ', image: ' ' }],
    [{ comment: null, image: null }],
  ])('%j says nothing', (content) => {
    expect(isEmptyComment(content)).toBe(true);
  });

  it.each([
    [{ comment: 'hi', image: '' }],
    [{ comment: ' ', image: '/media/ada/post_images/p/1.webp' }],
    [{ comment: '', image: new Blob(['png']) }],
  ])('%j says something', (content) => {
    expect(isEmptyComment(content)).toBe(false);
  });
});
