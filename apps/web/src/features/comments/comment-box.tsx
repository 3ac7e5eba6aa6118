import { isEmptyComment } from '@hearth/contract';
import { type Ref, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useCommentMutation } from '../../api/posts';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { useSessionUser } from '../../session/session-context';
import { AttachedImagePreview, AttachImageButton, useAttachedImage } from '../../ui/attached-image';
import { Avatar } from '../../ui/avatar';
import { EmojiButton, EmojiPanel } from '../../ui/emoji-button';
import { insertEmojiInField } from '../../ui/emoji-picker';
import { ErrorBox } from '../../ui/error-box';
import { sendOnEnter } from '../../ui/send-on-enter';
import { Spinner } from '../../ui/spinner';
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
  const attached = useAttachedImage('commentImages');
  const file = attached.file;
  const [sendError, setSendError] = useState<string | null>(null);
  const picker = usePopover({ dialog: false });
  const fieldRef = useRef<HTMLTextAreaElement | null>(null);
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
          attached.remove();
          picker.close();
          onPosted();
        },
        onError: (error) => setSendError(errorMessage(error)),
      },
    );
  }

  function insertEmoji(emoji: string) {
    insertEmojiInField(fieldRef.current, text, emoji, setText);
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
            onKeyDown={(event) => sendOnEnter(event, send)}
            readOnly={comment.isPending}
          />
          <div className={styles.tools}>
            {comment.isPending && <Spinner label={t(m.sending)} size={18} />}
            <EmojiButton picker={picker} className={styles.tool} iconSize={18} />
            <AttachImageButton
              attached={attached}
              label={t(m.attachPhoto)}
              className={styles.tool}
              iconSize={18}
            />
          </div>
        </div>
      </div>
      <EmojiPanel picker={picker} className={styles.picker} onPick={insertEmoji} />
      {attached.error && (
        <div className={styles.boxNote}>
          <ErrorBox compact message={attached.error} onRetry={attached.clearError} />
        </div>
      )}
      <AttachedImagePreview
        attached={attached}
        alt={t(m.chosenImage)}
        removeLabel={t(m.removePhoto)}
        className={styles.preview}
      />
      {sendError && (
        <p id={sendErrorId} role="alert" className={styles.sendError}>
          {serverText(sendError)}
        </p>
      )}
    </div>
  );
}
