/** What decides whether a new post says anything: its text, background and images (or files). */
export interface NewPostContent {
  text?: string | null;
  background?: string | null;
  /** The attached images, or the files chosen for them. */
  images?: readonly unknown[] | null;
}

/**
 * A post with no text once trimmed, no background and no image says nothing: the create-post
 * dialog sends none, and the server refuses one (POST_MESSAGES.empty).
 */
export function isEmptyPost({ text, background, images }: NewPostContent): boolean {
  return !text?.trim() && !background && (images?.length ?? 0) === 0;
}

/**
 * A new post as it is sent and stored: text made only of spaces is no text (other text is kept
 * as typed), and an empty background is no background. The other fields pass through.
 */
export function normalizeNewPost<T extends NewPostContent>(
  post: T,
): Omit<T, 'text' | 'background'> & { text: string | null; background: string | null } {
  return {
    ...post,
    text: post.text?.trim() ? post.text : null,
    background: post.background || null,
  };
}
