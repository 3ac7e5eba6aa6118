import {
  fileMessage,
  IMAGE_MAX_BYTES,
  UPLOAD_RULES,
  type UploadFolderKind,
} from '@hearth/contract';

// Which images a place accepts, and what it says about the others (spec section 5), are the
// contract's UPLOAD_RULES of the folder that place uploads into.

/** The message for a file the folder's rules refuse, or null when it may be used. */
export function imageFileError(file: File, folder: UploadFolderKind): string | null {
  const rules = UPLOAD_RULES[folder];
  if (!rules.types.includes(file.type)) return fileMessage(rules.messages.type, file.name);
  if (file.size > IMAGE_MAX_BYTES) return fileMessage(rules.messages.size, file.name);
  return null;
}

/** The files that may be used, and the message of the first refused one. */
export function checkImageFiles(files: Iterable<File>, folder: UploadFolderKind) {
  const accepted: File[] = [];
  let error: string | null = null;
  for (const file of files) {
    const problem = imageFileError(file, folder);
    if (problem) error ??= problem;
    else accepted.push(file);
  }
  return { accepted, error };
}

/** The `accept` attribute of a file input uploading into this folder. */
export function acceptAttribute(folder: UploadFolderKind): string {
  return UPLOAD_RULES[folder].types.join(',');
}
