import {
  type Audience,
  BUILTIN_BACKGROUNDS,
  DEFAULT_AUDIENCE,
  isEmptyPost,
  MEDIA_MESSAGES,
  POST_TEXT_MAX,
  type Post,
  UPLOAD_FILES_MAX,
} from '@hearth/contract';
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useCreatePostMutation, useEditPostMutation } from '../../api/posts';
import { usePrivacy } from '../../api/privacy';
import { useT } from '../../i18n';
import { useSessionUser } from '../../session/session-context';
import { AudienceIcon } from '../../ui/audience-icons';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { DialogBody, DialogHeader } from '../../ui/dialog';
import { EmojiButton, EmojiPanel } from '../../ui/emoji-button';
import { insertAtCaret } from '../../ui/emoji-picker';
import { ErrorBox } from '../../ui/error-box';
import { PhotoIcon } from '../../ui/feed-icons';
import { CaretDownIcon, CloseIcon } from '../../ui/icons';
import { acceptAttribute, checkImageFiles } from '../../ui/image-files';
import { pictureAttributes } from '../../ui/picture';
import { Popup } from '../../ui/popup';
import { useObjectUrl } from '../../ui/use-object-url';
import { usePopover } from '../../ui/use-popover';
import { AUDIENCE_TEXTS, AudiencePanel } from './audience-choice';
import { createPostMessages as m } from './create-post.messages';
import styles from './create-post-dialog.module.css';

type PostImage = Post['images'][number];

/** A preview tile's width: a quarter of the 500 px dialog, or a third of a phone's. */
const PREVIEW_SIZES = '(max-width: 500px) 33vw, 120px';

/**
 * The built-in a post's background is (answers give its absolute address, the dialog and the
 * calls name it by its path); another background stays as it is.
 */
function backgroundOf(post: Post | undefined): string | null {
  const background = post?.background;
  if (!background) return null;
  return BUILTIN_BACKGROUNDS.find((path) => background.endsWith(path)) ?? background;
}

/**
 * The post-creation dialog (spec sections 4 and 5): text up to 250 characters, one of the nine
 * backgrounds or photos, emoji; nothing is sent while text, photos and background are all empty.
 * Given a `post`, it is 'Edit post': filled in with the post's text, background and photos,
 * under the same rules, saved with Save (the audience has its own dialog, 'Edit audience').
 */
export function CreatePostDialog({
  showPhotos = false,
  post,
  onClose,
}: {
  /** Opened from Photo/Video: the photo area shows at once. */
  showPhotos?: boolean;
  /** The post to edit. */
  post?: Post;
  onClose: () => void;
}) {
  const t = useT();
  const user = useSessionUser();
  const create = useCreatePostMutation();
  const edit = useEditPostMutation();
  const editing = post !== undefined;
  const pending = create.isPending || edit.isPending;
  const [text, setText] = useState(post?.text ?? '');
  const [background, setBackground] = useState<string | null>(() => backgroundOf(post));
  /** The edited post's photos that stay, before the new ones. */
  const [kept, setKept] = useState<PostImage[]>(post?.images ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [photosOpen, setPhotosOpen] = useState(showPhotos || kept.length > 0);
  const [error, setError] = useState<string | null>(null);
  const privacy = usePrivacy();
  const [chosenAudience, setAudience] = useState<Audience | null>(null);
  // Until the member picks one, a new post has their default audience (their privacy settings).
  const audience = chosenAudience ?? privacy.data?.defaultAudience ?? DEFAULT_AUDIENCE;
  // The 'Post audience' panel takes the dialog's place; the post's form waits, hidden, behind it.
  const [choosingAudience, setChoosingAudience] = useState(false);
  const audienceButtonRef = useRef<HTMLButtonElement>(null);
  const audiencePanelRef = useRef<HTMLDivElement>(null);
  const shownPanel = useRef(false);
  const picker = usePopover({ dialog: false });
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // A failed post: the Post button was disabled while posting, which drops focus to the page
  // (and Escape with it); focus goes to the error's Try again instead.
  const [focusError, setFocusError] = useState(false);
  const titleId = useId();
  const audienceTitleId = useId();
  const counterId = useId();

  const photoCount = kept.length + files.length;
  const empty = isEmptyPost({ text, background, images: [...kept, ...files] });
  const prompt = t(m.prompt, { name: user.first_name });

  useEffect(() => {
    if (!focusError || !error) return;
    errorRef.current?.querySelector<HTMLElement>('button')?.focus();
    setFocusError(false);
  }, [focusError, error]);

  // The panel opens on the chosen audience; back on the post, focus returns to the audience button.
  useEffect(() => {
    if (shownPanel.current === choosingAudience) return;
    shownPanel.current = choosingAudience;
    if (choosingAudience) {
      audiencePanelRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else {
      audienceButtonRef.current?.focus();
    }
  }, [choosingAudience]);

  function addFiles(chosen: Iterable<File>) {
    const { accepted, error: refused } = checkImageFiles(chosen, 'postImages');
    const room = UPLOAD_FILES_MAX - photoCount;
    setError(refused ?? (accepted.length > room ? MEDIA_MESSAGES.tooManyFiles : null));
    if (accepted.length > 0 && room > 0) {
      setFiles((current) => [...current, ...accepted.slice(0, room)]);
      // Photos and a background do not go together; the photos win.
      setBackground(null);
      setPhotosOpen(true);
    }
    // The same file may be chosen again after a 'Try again'.
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    addFiles(event.dataTransfer.files);
  }

  function insertEmoji(emoji: string) {
    const field = fieldRef.current;
    const next = insertAtCaret(field, text, emoji, POST_TEXT_MAX);
    setText(next.text);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(next.caret, next.caret);
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (empty || pending) return;
    setError(null);
    const handlers = {
      onSuccess: onClose,
      onError: (failure: Error) => {
        setError(errorMessage(failure));
        setFocusError(true);
      },
    };
    if (!post) {
      // Not chosen and the settings not loaded yet: the server applies the member's default.
      const sent = chosenAudience ?? privacy.data?.defaultAudience;
      create.mutate({ text, background, files, audience: sent }, handlers);
    } else if (unchanged(post)) {
      onClose();
    } else {
      edit.mutate({ postId: post._id, text, background, kept, files }, handlers);
    }
  }

  /** Whether Save would send the post as it is. */
  function unchanged(original: Post) {
    return (
      files.length === 0 &&
      text === (original.text ?? '') &&
      background === backgroundOf(original) &&
      kept.length === original.images.length &&
      kept.every((image, index) => image.url === original.images[index]?.url)
    );
  }

  const showBackgrounds = photoCount === 0 && !photosOpen;
  return (
    <Popup
      labelledBy={choosingAudience ? audienceTitleId : titleId}
      onClose={onClose}
      className={styles.dialog}
    >
      {choosingAudience && (
        <AudiencePanel
          titleId={audienceTitleId}
          initial={audience}
          panelRef={audiencePanelRef}
          onBack={() => setChoosingAudience(false)}
          onDone={(chosen) => {
            setAudience(chosen);
            setChoosingAudience(false);
          }}
        />
      )}
      {/* Escape closes an open emoji picker first, the dialog only after. */}
      <form onSubmit={onSubmit} onKeyDown={picker.onKeyDown} noValidate hidden={choosingAudience}>
        <DialogHeader
          title={t(editing ? m.editPost : m.createPost)}
          titleId={titleId}
          mutedClose
          onClose={onClose}
        />

        <DialogBody>
          <div className={styles.author}>
            <Avatar src={user.picture} size={40} />
            <div>
              <p className={styles.name} dir="auto">
                {user.first_name} {user.last_name}
              </p>
              {!editing && (
                <button
                  ref={audienceButtonRef}
                  type="button"
                  className={styles.audience}
                  onClick={() => setChoosingAudience(true)}
                >
                  <AudienceIcon audience={audience} width={12} height={12} />
                  <span className="visually-hidden">{t(m.audience)} </span>
                  {t(AUDIENCE_TEXTS[audience].name)}
                  <CaretDownIcon width={14} height={14} />
                </button>
              )}
            </div>
          </div>

          {error && (
            <div ref={errorRef}>
              <ErrorBox
                message={error}
                onRetry={() => {
                  setError(null);
                  // Try again leaves with the box: focus goes back to the text, in the dialog.
                  fieldRef.current?.focus();
                }}
              />
            </div>
          )}

          <div
            className={background ? `${styles.textArea} ${styles.onBackground}` : styles.textArea}
            style={background ? { backgroundImage: `url("${background}")` } : undefined}
          >
            <textarea
              ref={fieldRef}
              className={styles.text}
              dir="auto"
              value={text}
              maxLength={POST_TEXT_MAX}
              rows={background ? 4 : 3}
              placeholder={prompt}
              aria-label={prompt}
              aria-describedby={counterId}
              onChange={(event) => setText(event.target.value.slice(0, POST_TEXT_MAX))}
            />
          </div>

          <div className={styles.textTools}>
            <span id={counterId} className={styles.counter}>
              {text.length}/{POST_TEXT_MAX}
              <span className="visually-hidden"> {t(m.characters)}</span>
            </span>
            <EmojiButton picker={picker} className={buttons.roundIcon} iconSize={24} />
          </div>
          <EmojiPanel picker={picker} className={styles.picker} onPick={insertEmoji} />

          {showBackgrounds && (
            <fieldset className={styles.backgrounds}>
              <legend className="visually-hidden">{t(m.background)}</legend>
              <button
                type="button"
                className={styles.swatch}
                aria-label={t(m.noBackground)}
                aria-pressed={background === null}
                onClick={() => setBackground(null)}
              />
              {BUILTIN_BACKGROUNDS.map((url, index) => (
                <button
                  key={url}
                  type="button"
                  className={styles.swatch}
                  style={{ backgroundImage: `url("${url}")` }}
                  aria-label={t(m.backgroundNumber, { number: index + 1 })}
                  aria-pressed={background === url}
                  onClick={() => setBackground(url)}
                />
              ))}
            </fieldset>
          )}

          {(photosOpen || photoCount > 0) && (
            <section
              className={styles.photos}
              aria-label={t(m.photos)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={onDrop}
            >
              <button
                type="button"
                className={styles.removeAll}
                aria-label={t(m.removeAllPhotos)}
                onClick={() => {
                  setKept([]);
                  setFiles([]);
                  setPhotosOpen(false);
                }}
              >
                <CloseIcon width={16} height={16} />
              </button>
              {photoCount > 0 ? (
                <ul className={styles.previews}>
                  {kept.map((image, index) => (
                    <KeptPhoto
                      // biome-ignore lint/suspicious/noArrayIndexKey: a post may carry the same image twice.
                      key={`${image.url}-${index}`}
                      url={image.url}
                      number={index + 1}
                      onRemove={() => setKept((current) => current.filter((_, at) => at !== index))}
                    />
                  ))}
                  {files.map((file, index) => (
                    <PhotoPreview
                      // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be added twice.
                      key={`${file.name}-${index}`}
                      file={file}
                      onRemove={() =>
                        setFiles((current) => current.filter((_, at) => at !== index))
                      }
                    />
                  ))}
                </ul>
              ) : null}
              <button
                type="button"
                className={styles.dropZone}
                onClick={() => fileInputRef.current?.click()}
              >
                <PhotoIcon width={28} height={28} />
                <span>{t(photoCount > 0 ? m.addMorePhotos : m.addPhotosVideos)}</span>
                <span className={styles.hint}>{t(m.dragAndDrop)}</span>
              </button>
            </section>
          )}

          <div className={styles.addTo}>
            <span>{t(m.addToPost)}</span>
            <label className={styles.addPhotos}>
              <PhotoIcon width={24} height={24} />
              <span className="visually-hidden">{t(m.addPhotos)}</span>
              <input
                ref={fileInputRef}
                type="file"
                multiple
                className="visually-hidden"
                accept={acceptAttribute('postImages')}
                onChange={(event) => addFiles(event.target.files ?? [])}
              />
            </label>
          </div>

          <button
            type="submit"
            className={`${buttons.primary} ${styles.submit}`}
            disabled={empty || pending}
          >
            {t(editing ? (pending ? m.saving : m.save) : pending ? m.posting : m.post)}
          </button>
        </DialogBody>
      </form>
    </Popup>
  );
}

/** One of the edited post's photos, already uploaded: a copy the size of its tile fills it. */
function KeptPhoto({
  url,
  number,
  onRemove,
}: {
  url: string;
  /** Its place among the post's photos, from 1. */
  number: number;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <li className={styles.preview}>
      <img {...pictureAttributes(url, PREVIEW_SIZES)} alt={t(m.photo, { number })} />
      <button
        type="button"
        className={styles.removePhoto}
        aria-label={t(m.removePhoto, { number })}
        onClick={onRemove}
      >
        <CloseIcon width={14} height={14} />
      </button>
    </li>
  );
}

function PhotoPreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const t = useT();
  const url = useObjectUrl(file);
  return (
    <li className={styles.preview}>
      {url && <img src={url} alt={file.name} />}
      <button
        type="button"
        className={styles.removePhoto}
        aria-label={t(m.removeFile, { name: file.name })}
        onClick={onRemove}
      >
        <CloseIcon width={14} height={14} />
      </button>
    </li>
  );
}
