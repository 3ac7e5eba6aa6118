import { isEmptyComment } from '@hearth/contract';
import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useCommentMutation } from '../../api/posts';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { EmojiButton, EmojiPanel } from '../../ui/emoji-button';
import { insertAtCaret } from '../../ui/emoji-picker';
import { ErrorBox } from '../../ui/error-box';
import { CameraIcon } from '../../ui/feed-icons';
import { CloseIcon } from '../../ui/icons';
import { acceptAttribute, checkImageFiles } from '../../ui/image-files';
import { Spinner } from '../../ui/spinner';
import { useObjectUrl } from '../../ui/use-object-url';
import { usePopover } from '../../ui/use-popover';
import { commentsMessages as m } from './comments.messages';
import styles from './comments.module.css';

/**
 * Spec 'Comment box': text with emoji, an image with preview, Enter to send (Shift+Enter for a
 * new line), a spinner while sending, and a clean box after.
 */
export function CommentBox({
  postId,
  inputRef,
  onPosted,
}: {
  postId: string;
  inputRef: Ref<HTMLTextAreaElement>;
  onPosted: () => void;
}) {
  const t = useT();
  const user = useSessionUser();
  const comment = useCommentMutation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const picker = usePopover({ dialog: false });
  const preview = useObjectUrl(file);
  const fieldRef = useRef<HTMLTextAreaElement | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const sendErrorId = useId();

  function setFieldRef(node: HTMLTextAreaElement | null) {
    fieldRef.current = node;
    if (typeof inputRef === 'function') inputRef(node);
    else if (inputRef) inputRef.current = node;
  }

  function send() {
    if (comment.isPending) return;
    setSendError(null);
    // The spec sends even an empty comment: the server stores nothing and answers the comments
    // as they were, so the box stays as it is (an older server's refusal shows under the box).
    const empty = isEmptyComment({ comment: text, image: file });
    comment.mutate(
      { postId, text, file },
      {
        onSuccess: () => {
          if (empty) return;
          setText('');
          setFile(null);
          picker.close();
          onPosted();
        },
        onError: (error) => setSendError(errorMessage(error)),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  function onFiles(files: FileList | null) {
    const { accepted, error } = checkImageFiles(files ?? [], 'commentImages');
    setFileError(error);
    if (!error && accepted[0]) setFile(accepted[0]);
    // The same file may be chosen again after a 'Try again'.
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  function insertEmoji(emoji: string) {
    const field = fieldRef.current;
    const next = insertAtCaret(field, text, emoji);
    setText(next.text);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the emoji picker from anywhere in the box.
    <div className={styles.box} onKeyDown={picker.onKeyDown}>
      <div className={styles.boxRow}>
        <Avatar src={user.picture} size={32} />
        <div className={styles.field}>
          <textarea
            ref={setFieldRef}
            className={styles.input}
            rows={1}
            dir="auto"
            value={text}
            placeholder={t(m.writeComment)}
            aria-label={t(m.writeComment)}
            aria-describedby={sendError ? sendErrorId : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setSendError(null);
            }}
            onKeyDown={onKeyDown}
            readOnly={comment.isPending}
          />
          <div className={styles.tools}>
            {comment.isPending && <Spinner label={t(m.sending)} size={18} />}
            <EmojiButton picker={picker} className={styles.tool} iconSize={18} />
            <label className={styles.tool}>
              <CameraIcon width={18} height={18} />
              <span className="visually-hidden">{t(m.attachPhoto)}</span>
              <input
                ref={fileInputRef}
                type="file"
                className="visually-hidden"
                accept={acceptAttribute('commentImages')}
                onChange={(event) => onFiles(event.target.files)}
              />
            </label>
          </div>
        </div>
      </div>
      <EmojiPanel picker={picker} className={styles.picker} onPick={insertEmoji} />
      {fileError && (
        <div className={styles.boxNote}>
          <ErrorBox compact message={fileError} onRetry={() => setFileError(null)} />
        </div>
      )}
      {preview && (
        <div className={styles.preview}>
          <img src={preview} alt={t(m.chosenImage)} />
          <button
            type="button"
            className={styles.removePreview}
            aria-label={t(m.removePhoto)}
            onClick={() => setFile(null)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      )}
      {sendError && (
        <p id={sendErrorId} role="alert" className={styles.sendError}>
          {serverText(sendError)}
        </p>
      )}
    </div>
  );
}
