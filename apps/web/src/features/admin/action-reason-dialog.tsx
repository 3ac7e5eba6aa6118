import { ACTION_REASON_MAX, MODERATION_MESSAGES } from '@hearth/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { FormMessage } from '../../ui/message';
import { adminMessages as m } from './admin.messages';
import styles from './admin.module.css';

/**
 * A moderator's action and its reason ('Warn Grace Hopper?', 'Remove this post?', 'Dismiss
 * this report?'): what it does, the reason (required unless `optional`), Cancel or the action.
 * `onConfirm` runs the call and reports a failure's message, shown as the form's error.
 */
export function ActionReasonDialog({
  title,
  description,
  hint,
  verb,
  pendingVerb,
  optional = false,
  danger = false,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  /** Under the reason: who reads it. */
  hint: string;
  verb: string;
  pendingVerb: string;
  optional?: boolean;
  /** The action cannot be undone (an account's deletion): its button in the error colour. */
  danger?: boolean;
  pending: boolean;
  onConfirm: (reason: string, onError: (message: string) => void) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (!optional && !text) {
      setError(MODERATION_MESSAGES.actionReasonRequired);
      return;
    }
    setError(null);
    onConfirm(text, setError);
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      describedBy={`${id}-description`}
      className={styles.dialog}
      longTitle
      form={{ onSubmit }}
    >
      <DialogBody>
        <div id={`${id}-description`} className={styles.dialogText}>
          {description}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-reason`} className={styles.label}>
            {optional ? t(m.reasonOptional) : t(m.reason)}
          </label>
          <textarea
            id={`${id}-reason`}
            className={styles.textarea}
            dir="auto"
            maxLength={ACTION_REASON_MAX}
            required={!optional}
            aria-invalid={error === MODERATION_MESSAGES.actionReasonRequired ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        </div>
        {error && (
          <div id={`${id}-error`}>
            <FormMessage tone="error">{serverText(error)}</FormMessage>
          </div>
        )}
      </DialogBody>
      <DialogFooter>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t(m.cancel)}
        </button>
        <button
          type="submit"
          className={danger ? styles.danger : styles.primary}
          disabled={pending}
        >
          {pending ? pendingVerb : verb}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
