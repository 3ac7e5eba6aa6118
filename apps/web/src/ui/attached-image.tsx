import type { UploadFolderKind } from '@hearth/contract';
import { useRef, useState } from 'react';
import styles from './attached-image.module.css';
import { CameraIcon } from './feed-icons';
import { CloseIcon } from './icons';
import { acceptAttribute, checkImageFiles } from './image-files';
import { useObjectUrl } from './use-object-url';

/**
 * The one photo a box sends with its text (a comment, a message): picked through a camera
 * button, checked by the folder's rules, previewed, removable.
 */
export function useAttachedImage(folder: UploadFolderKind) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);

  function choose(files: FileList | null) {
    const { accepted, error: refused } = checkImageFiles(files ?? [], folder);
    setError(refused);
    if (!refused && accepted[0]) setFile(accepted[0]);
    // The same file may be chosen again after a 'Try again'.
    if (inputRef.current) inputRef.current.value = '';
  }

  return {
    folder,
    file,
    preview,
    error,
    inputRef,
    choose,
    clearError: () => setError(null),
    remove: () => setFile(null),
  };
}

export type AttachedImage = ReturnType<typeof useAttachedImage>;

/** The camera button that picks the photo; `label` names it for assistive technology. */
export function AttachImageButton({
  attached,
  label,
  className,
  iconSize,
}: {
  attached: AttachedImage;
  label: string;
  className?: string | undefined;
  iconSize: number;
}) {
  return (
    <label className={className}>
      <CameraIcon width={iconSize} height={iconSize} />
      <span className="visually-hidden">{label}</span>
      <input
        ref={attached.inputRef}
        type="file"
        className="visually-hidden"
        accept={acceptAttribute(attached.folder)}
        onChange={(event) => attached.choose(event.target.files)}
      />
    </label>
  );
}

/** The picked photo, small, with its remove button; nothing before one is picked. */
export function AttachedImagePreview({
  attached,
  alt,
  removeLabel,
  className,
}: {
  attached: AttachedImage;
  alt: string;
  removeLabel: string;
  /** Its place in the box (a margin). */
  className?: string | undefined;
}) {
  if (!attached.preview) return null;
  return (
    <div className={className ? `${styles.preview} ${className}` : styles.preview}>
      <img src={attached.preview} alt={alt} />
      <button
        type="button"
        className={styles.remove}
        aria-label={removeLabel}
        onClick={attached.remove}
      >
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}
