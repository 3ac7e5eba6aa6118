import { FILE_MESSAGES } from '../messages.js';

/**
 * Image types an upload may be, decided by the file's bytes (API.md): the server sniffs each
 * file and refuses any other type, whatever the folder.
 */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The four upload folders of spec section 7, by what goes in them. */
export const UPLOAD_FOLDER_KINDS = [
  'postImages',
  'commentImages',
  'profilePictures',
  'coverPictures',
  'messageImages',
] as const;
export type UploadFolderKind = (typeof UPLOAD_FOLDER_KINDS)[number];

export interface UploadFolder {
  /** As the client sent it, e.g. `ada/post_images/0190…`; also the storage key prefix. */
  path: string;
  kind: UploadFolderKind;
}

/**
 * A member's folder of this kind: `{username}/post_images`, `{username}/post_images/{postId}`
 * (a comment's image), `{username}/profile_pictures`, `{username}/cover_pictures` or
 * `{username}/message_images` (API.md, Messages).
 */
export function uploadFolderPath(kind: 'commentImages', username: string, postId: string): string;
export function uploadFolderPath(
  kind: Exclude<UploadFolderKind, 'commentImages'>,
  username: string,
): string;
export function uploadFolderPath(kind: UploadFolderKind, username: string, postId?: string) {
  switch (kind) {
    case 'messageImages':
      return `${username}/message_images`;
    case 'postImages':
      return `${username}/post_images`;
    case 'commentImages':
      return `${username}/post_images/${postId}`;
    case 'profilePictures':
      return `${username}/profile_pictures`;
    case 'coverPictures':
      return `${username}/cover_pictures`;
  }
}

// The five paths above. A post id here is only a folder name: members comment with images on
// other members' posts, so it need not be the caller's post.
const UPLOAD_PATH =
  /^([a-z0-9]+)\/(?:(post_images)(?:\/([A-Za-z0-9-]{1,64}))?|(profile_pictures)|(cover_pictures)|(message_images))$/;

/** The folder a path names, when it is one of the member's own; undefined otherwise. */
export function ownUploadFolder(username: string, path: string): UploadFolder | undefined {
  const match = UPLOAD_PATH.exec(path);
  if (!match || match[1] !== username) return undefined;
  const kind: UploadFolderKind = match[2]
    ? match[3]
      ? 'commentImages'
      : 'postImages'
    : match[4]
      ? 'profilePictures'
      : match[5]
        ? 'coverPictures'
        : 'messageImages';
  return { path, kind };
}

/** What the screen uploading into a folder accepts, and what it says about the other files. */
export interface UploadRules {
  /** The file types (as the browser labels them) its file picker offers and lets through. */
  types: readonly string[];
  /** Spec section 5's type and size messages; the server words its refusals with them too. */
  messages: { type: string; size: string };
}

/**
 * Each folder's rules. The lists differ on purpose, as the screens always did: a cover refuses
 * gif, and 'image/jpg' (not a registered type, but some systems label jpeg files with it) passes
 * for comments and profile images only.
 */
export const UPLOAD_RULES: Record<UploadFolderKind, UploadRules> = {
  postImages: { types: UPLOAD_IMAGE_TYPES, messages: FILE_MESSAGES.post },
  commentImages: {
    types: ['image/jpeg', 'image/png', 'image/jpg', 'image/webp', 'image/gif'],
    messages: FILE_MESSAGES.comment,
  },
  profilePictures: {
    types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/jpg'],
    messages: FILE_MESSAGES.picture,
  },
  coverPictures: {
    types: ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'],
    messages: FILE_MESSAGES.cover,
  },
  // A message's photo: the comment image's rules (the messaging issue).
  messageImages: {
    types: ['image/jpeg', 'image/png', 'image/jpg', 'image/webp', 'image/gif'],
    messages: FILE_MESSAGES.comment,
  },
};

/** Spec section 5's file messages for the screen that uploads into this folder. */
export function fileMessagesFor(kind: UploadFolderKind): UploadRules['messages'] {
  return UPLOAD_RULES[kind].messages;
}
