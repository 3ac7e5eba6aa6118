import { FILE_MESSAGES, fileMessage, IMAGE_MAX_BYTES } from '@hearth/contract';

/** Which images a place accepts, and what it says about the others (spec section 5). */
export interface ImageRules {
  types: readonly string[];
  messages: { type: string; size: string };
}

export const POST_IMAGE_RULES: ImageRules = {
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  messages: FILE_MESSAGES.post,
};

export const COMMENT_IMAGE_RULES: ImageRules = {
  // 'image/jpg' is not a registered type, but some systems label jpeg files with it.
  types: ['image/jpeg', 'image/png', 'image/jpg', 'image/webp', 'image/gif'],
  messages: FILE_MESSAGES.comment,
};

export const COVER_IMAGE_RULES: ImageRules = {
  types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'],
  messages: FILE_MESSAGES.cover,
};

export const PICTURE_IMAGE_RULES: ImageRules = {
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/jpg'],
  messages: FILE_MESSAGES.picture,
};

/** The message for a file the rules refuse, or null when it may be used. */
export function imageFileError(file: File, rules: ImageRules): string | null {
  if (!rules.types.includes(file.type)) return fileMessage(rules.messages.type, file.name);
  if (file.size > IMAGE_MAX_BYTES) return fileMessage(rules.messages.size, file.name);
  return null;
}

/** The files that may be used, and the message of the first refused one. */
export function checkImageFiles(files: Iterable<File>, rules: ImageRules) {
  const accepted: File[] = [];
  let error: string | null = null;
  for (const file of files) {
    const problem = imageFileError(file, rules);
    if (problem) error ??= problem;
    else accepted.push(file);
  }
  return { accepted, error };
}

/** The `accept` attribute of a file input for these rules. */
export function acceptAttribute(rules: ImageRules): string {
  return rules.types.join(',');
}
