import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportInput,
  type ReportReason,
} from '@hearth/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useReportMutation } from '../../api/moderation';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { FormMessage } from '../../ui/message';
import radios from '../../ui/radio-options.module.css';
import styles from './moderation.module.css';

/**
 * 'Report post', 'Report comment' or 'Report Grace': why (one of the reasons), optional
 * details, Submit. Once the server has it, the dialog thanks the member and offers Done; a
 * refusal (already reported, one's own) shows as the form's error.
 */
export function ReportDialog({
  title,
  target,
  onClose,
}: {
  title: string;
  target: ReportInput['target'];
  onClose: () => void;
}) {
  const report = useReportMutation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const doneRef = useRef<HTMLButtonElement>(null);

  // The form is gone once sent: focus goes to Done, under the thanks.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (done) return;
    if (!reason) {
      setError(REPORT_MESSAGES.reasonRequired);
      return;
    }
    setError(null);
    const text = details.trim();
    report.mutate(
      { target, reason, ...(text ? { details: text } : {}) },
      {
        onSuccess: () => setDone(true),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  if (done) {
    return (
      <Dialog
        title={title}
        onClose={onClose}
        describedBy={`${id}-thanks`}
        className={styles.dialog}
      >
        <DialogBody>
          <p id={`${id}-thanks`} role="status" className={styles.thanks}>
            {REPORT_MESSAGES.reported}
          </p>
        </DialogBody>
        <DialogFooter>
          <button ref={doneRef} type="button" className={buttons.primary} onClick={onClose}>
            Done
          </button>
        </DialogFooter>
      </Dialog>
    );
  }

  return (
    <Dialog title={title} onClose={onClose} className={styles.dialog} form={{ onSubmit }}>
      <DialogBody>
        <fieldset className={styles.field} aria-describedby={error ? errorId : undefined}>
          <legend className={styles.label}>Why are you reporting this?</legend>
          <div className={radios.options}>
            {REPORT_REASONS.map((option) => (
              <label key={option} className={`${radios.option} ${styles.reasonOption}`}>
                <span className={radios.optionText}>
                  <span className={radios.optionName}>{REPORT_REASON_LABELS[option]}</span>
                </span>
                <input
                  type="radio"
                  name={`${id}-reason`}
                  className={radios.radio}
                  value={option}
                  checked={reason === option}
                  onChange={() => {
                    setReason(option);
                    if (error === REPORT_MESSAGES.reasonRequired) setError(null);
                  }}
                />
              </label>
            ))}
          </div>
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-details`} className={styles.label}>
            Details (optional)
          </label>
          <textarea
            id={`${id}-details`}
            className={styles.textarea}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
          <p className={styles.hint}>Only moderators read your report.</p>
        </div>
        {error && (
          <div id={errorId}>
            <FormMessage tone="error">{error}</FormMessage>
          </div>
        )}
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttons.primary} disabled={report.isPending}>
          {report.isPending ? 'Submitting…' : 'Submit'}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
