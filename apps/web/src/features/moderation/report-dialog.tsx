import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASONS,
  type ReportInput,
  type ReportReason,
} from '@hearth/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useReportMutation } from '../../api/moderation';
import { useT } from '../../i18n';
import { contractMessages } from '../../i18n/server.messages';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { FormMessage } from '../../ui/message';
import radios from '../../ui/radio-options.module.css';
import { reportMessages as m, reportReasonMessages } from './moderation.messages';
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
  const t = useT();
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
            {t(contractMessages.report.reported)}
          </p>
        </DialogBody>
        <DialogFooter>
          <button ref={doneRef} type="button" className={buttons.primary} onClick={onClose}>
            {t(m.done)}
          </button>
        </DialogFooter>
      </Dialog>
    );
  }

  return (
    <Dialog title={title} onClose={onClose} className={styles.dialog} form={{ onSubmit }}>
      <DialogBody>
        <fieldset className={styles.field} aria-describedby={error ? errorId : undefined}>
          <legend className={styles.label}>{t(m.why)}</legend>
          <div className={radios.options}>
            {REPORT_REASONS.map((option) => (
              <label key={option} className={`${radios.option} ${styles.reasonOption}`}>
                <span className={radios.optionText}>
                  <span className={radios.optionName}>{t(reportReasonMessages[option])}</span>
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
            {t(m.details)}
          </label>
          <textarea
            id={`${id}-details`}
            className={styles.textarea}
            dir="auto"
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
          <p className={styles.hint}>{t(m.onlyModerators)}</p>
        </div>
        {error && (
          <div id={errorId}>
            <FormMessage tone="error">{error}</FormMessage>
          </div>
        )}
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          {t(m.cancel)}
        </button>
        <button type="submit" className={buttons.primary} disabled={report.isPending}>
          {report.isPending ? t(m.submitting) : t(m.submit)}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
