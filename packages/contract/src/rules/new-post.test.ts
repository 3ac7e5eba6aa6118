import { describe, expect, it } from 'vitest';
import { isEmptyPost, normalizeNewPost } from './new-post.js';

describe('the empty-post rule', () => {
  it('calls a post without text, background or images empty, spaces and missing fields included', () => {
    expect(isEmptyPost({})).toBe(true);
    expect(isEmptyPost({ text: null, background: null, images: null })).toBe(true);
    expect(isEmptyPost({ text: '', background: '', images: [] })).toBe(true);
    expect(isEmptyPost({ text: '  \n\t ', background: null, images: [] })).toBe(true);
  });

  it('is not empty with any text, a background or an image', () => {
    expect(isEmptyPost({ text: ' hi ' })).toBe(false);
    expect(isEmptyPost({ text: '', background: 'bg1' })).toBe(false);
    expect(isEmptyPost({ text: '', images: [{ url: 'u' }] })).toBe(false);
    expect(isEmptyPost({ images: [new Blob(['x'])] })).toBe(false);
  });
});

describe('new-post normalisation', () => {
  it('turns blank text and an empty background into null, keeping other text as typed', () => {
    expect(normalizeNewPost({ text: '   ', background: '' })).toEqual({
      text: null,
      background: null,
    });
    expect(normalizeNewPost({ text: '  hi  ', background: 'bg1' })).toEqual({
      text: '  hi  ',
      background: 'bg1',
    });
    expect(normalizeNewPost({})).toEqual({ text: null, background: null });
  });

  it('passes the other fields through', () => {
    const images = [{ url: 'u' }];
    expect(
      normalizeNewPost({ type: null, text: 'a', background: null, user: 'me', images }),
    ).toEqual({ type: null, text: 'a', background: null, user: 'me', images });
  });
});
