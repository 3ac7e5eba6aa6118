import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../messages.js';
import {
  fileMessagesFor,
  ownUploadFolder,
  UPLOAD_FOLDER_KINDS,
  UPLOAD_RULES,
  uploadFolderPath,
} from './upload-folders.js';

describe('upload folders', () => {
  it('builds the four paths of spec section 7', () => {
    expect(uploadFolderPath('postImages', 'ada')).toBe('ada/post_images');
    expect(uploadFolderPath('commentImages', 'ada', 'p-1')).toBe('ada/post_images/p-1');
    expect(uploadFolderPath('profilePictures', 'ada')).toBe('ada/profile_pictures');
    expect(uploadFolderPath('coverPictures', 'ada')).toBe('ada/cover_pictures');
  });

  it('reads back the kind of each path it builds, for its owner only', () => {
    for (const kind of UPLOAD_FOLDER_KINDS) {
      const path =
        kind === 'commentImages'
          ? uploadFolderPath(kind, 'ada', '0190abc-def')
          : uploadFolderPath(kind, 'ada');
      expect(ownUploadFolder('ada', path)).toEqual({ path, kind });
      expect(ownUploadFolder('grace', path)).toBeUndefined();
    }
  });

  it('refuses any other path', () => {
    for (const path of [
      'ada',
      'ada/',
      'ada/post_images/',
      'ada/post_images/a/b',
      'ada/post_images/bad_id',
      `ada/post_images/${'x'.repeat(65)}`,
      'ada/profile_pictures/x',
      'ada/other',
      '../ada/post_images',
      'Ada/post_images',
    ])
      expect(ownUploadFolder('ada', path), path).toBeUndefined();
  });

  it("keeps each screen's accepted types and messages", () => {
    expect(UPLOAD_RULES.postImages.types).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
    ]);
    expect(UPLOAD_RULES.coverPictures.types).not.toContain('image/gif');
    expect(UPLOAD_RULES.commentImages.types).toContain('image/jpg');
    expect(fileMessagesFor('postImages')).toBe(FILE_MESSAGES.post);
    expect(fileMessagesFor('commentImages')).toBe(FILE_MESSAGES.comment);
    expect(fileMessagesFor('profilePictures')).toBe(FILE_MESSAGES.picture);
    expect(fileMessagesFor('coverPictures')).toBe(FILE_MESSAGES.cover);
  });
});
