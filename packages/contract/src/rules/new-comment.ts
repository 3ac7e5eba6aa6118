/** What decides whether a new comment says anything: its text and its image (or chosen file). */
export interface NewCommentContent {
  comment?: string | null;
  /** The image's url, or the file chosen for it. */
  image?: string | object | null;
}

/**
 * A comment with no text and no image once trimmed says nothing. The spec's client sends it all
 * the same; the server stores nothing and answers the post's comments as they were (API.md).
 */
export function isEmptyComment({ comment, image }: NewCommentContent): boolean {
  return !comment?.trim() && !(typeof image === 'string' ? image.trim() : image);
}
