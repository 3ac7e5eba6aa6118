import { MESSAGE_TEXT_MAX } from '@hearth/contract';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSendMessageMutation } from '../../api/messenger';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { useSendTyping } from '../../live/live-provider';
import { AttachedImagePreview, AttachImageButton, useAttachedImage } from '../../ui/attached-image';
import { EmojiButton, EmojiPanel } from '../../ui/emoji-button';
import { insertEmojiInField } from '../../ui/emoji-picker';
import { ErrorBox } from '../../ui/error-box';
import { SendIcon } from '../../ui/feed-icons';
import { sendOnEnter } from '../../ui/send-on-enter';
import { Spinner } from '../../ui/spinner';
import { usePopover } from '../../ui/use-popover';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';

/** The least time between two 'typing' signals while the member writes. */
export const TYPING_SIGNAL_INTERVAL_MS = 3_000;

/**
 * The message box, as the comment box: text up to the limit with emoji, one photo with its
 * preview, Enter (or Send) to send and Shift+Enter for a new line; others see 'typing'.
 */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const t = useT();
  const send = useSendMessageMutation(conversationId);
  const sendTyping = useSendTyping();
  const [text, setText] = useState('');
  const attached = useAttachedImage('messageImages');
  const file = attached.file;
  const [sendError, setSendError] = useState<string | null>(null);
  const picker = usePopover({ dialog: false });
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const lastTypingSignal = useRef(0);
  const sendErrorId = useId();
  const empty = text.trim() === '' && !file;

  function submit() {
    if (send.isPending || empty) return;
    setSendError(null);
    send.mutate(
      { text, file },
      {
        onSuccess: () => {
          setText('');
          attached.remove();
          picker.close();
          lastTypingSignal.current = 0;
          fieldRef.current?.focus();
        },
        onError: (error) => setSendError(errorMessage(error)),
      },
    );
  }

  function onChange(next: string) {
    setText(next);
    setSendError(null);
    const now = Date.now();
    if (next.trim() !== '' && now - lastTypingSignal.current >= TYPING_SIGNAL_INTERVAL_MS) {
      lastTypingSignal.current = now;
      sendTyping(conversationId);
    }
  }

  function insertEmoji(emoji: string) {
    insertEmojiInField(fieldRef.current, text, emoji, onChange);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the emoji picker from anywhere in the box.
    <div className={styles.composer} onKeyDown={picker.onKeyDown}>
      <EmojiPanel picker={picker} className={styles.picker} onPick={insertEmoji} />
      {attached.error && (
        <ErrorBox compact message={attached.error} onRetry={attached.clearError} />
      )}
      <AttachedImagePreview
        attached={attached}
        alt={t(m.chosenImage)}
        removeLabel={t(m.removePhoto)}
      />
      <div className={styles.composerRow}>
        <AttachImageButton
          attached={attached}
          label={t(m.attachPhoto)}
          className={styles.tool}
          iconSize={20}
        />
        <div className={styles.field}>
          <textarea
            ref={fieldRef}
            className={styles.input}
            rows={1}
            dir="auto"
            value={text}
            maxLength={MESSAGE_TEXT_MAX}
            placeholder={t(m.writeMessage)}
            aria-label={t(m.writeMessage)}
            aria-describedby={sendError ? sendErrorId : undefined}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={(event) => sendOnEnter(event, submit)}
            readOnly={send.isPending}
          />
          <EmojiButton picker={picker} className={styles.tool} iconSize={20} />
        </div>
        {send.isPending ? (
          <Spinner label={t(m.sending)} size={20} />
        ) : (
          <button
            type="button"
            className={`${styles.tool} ${styles.send}`}
            aria-label={t(m.send)}
            disabled={empty}
            onClick={submit}
          >
            <SendIcon width={20} height={20} />
          </button>
        )}
      </div>
      {sendError && (
        <p id={sendErrorId} role="alert" className={styles.sendError}>
          {serverText(sendError)}
        </p>
      )}
    </div>
  );
}
