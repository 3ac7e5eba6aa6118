import { FILE_MESSAGES } from '@hearth/contract';

export type UploadFolderKind = 'postImages' | 'commentImages' | 'profilePictures' | 'coverPictures';

export interface UploadFolder {
  /** As the client sent it, e.g. `ada/post_images/0190…`; also the storage key prefix. */
  path: string;
  kind: UploadFolderKind;
}

// Spec section 7's four upload paths. A post id here is only a folder name: members comment
// with images on other members' posts, so it need not be the caller's post.
const UPLOAD_PATH =
  /^([a-z0-9]+)\/(?:(post_images)(?:\/([A-Za-z0-9-]{1,64}))?|(profile_pictures)|(cover_pictures))$/;

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
      : 'coverPictures';
  return { path, kind };
}

/** Spec section 5's file messages for the screen that uploads into this folder. */
export function fileMessagesFor(kind: UploadFolderKind): { type: string; size: string } {
  switch (kind) {
    case 'postImages':
      return FILE_MESSAGES.post;
    case 'commentImages':
      return FILE_MESSAGES.comment;
    case 'profilePictures':
      return FILE_MESSAGES.picture;
    case 'coverPictures':
      return FILE_MESSAGES.cover;
  }
}

/** A file name fit to quote in a message: no directories, not endless. */
export function displayName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[/\\]/).pop()?.trim() ?? '';
  const name = base.length > 0 ? base : 'The file';
  return name.length > 80 ? `${name.slice(0, 77)}...` : name;
}
