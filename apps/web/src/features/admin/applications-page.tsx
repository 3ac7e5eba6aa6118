import { type Application, DECISION_REASON_MAX } from '@hearth/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import { useApplicationsQuery, useDecideApplicationMutation } from '../../api/moderation';
import { Avatar } from '../../ui/avatar';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import styles from './admin.module.css';
import { PagedList } from './paged-list';

interface Deciding {
  applicant: Application;
  approve: boolean;
  index: number;
}

/**
 * Applications (/admin/applications, moderators and admins): who asks to join and why, oldest
 * first; Approve or Reject, each with an optional reason, takes them off the list.
 */
export function ApplicationsPage() {
  const query = useApplicationsQuery();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const applicants = itemsOf(query.data);
  // A decided row leaves: focus goes to the Approve of the row that took its place.
  const focusAfterRemoval = useFocusAfterRemoval(
    applicants.map((applicant) => applicant._id),
    () => [...(listRef.current?.querySelectorAll<HTMLElement>('[data-approve]') ?? [])],
    () => headingRef.current?.focus(),
  );

  return (
    <PageCard
      title="Applications"
      intro="People asking to join, oldest first, with why they want to. Approved, they can log in; rejected, their account is deleted. Either way they get an e-mail, with your reason if you give one."
      headingRef={headingRef}
    >
      <PagedList
        query={query}
        label="Applications"
        empty="Nobody is waiting for approval."
        listRef={listRef}
        renderItem={(applicant, index) => {
          const name = fullName(applicant);
          return (
            <li key={applicant._id} className={`${styles.row} ${styles.avatarRow}`}>
              <Avatar src={applicant.picture} size={48} />
              <div className={styles.who}>
                <span className={styles.name}>{name}</span>
                <span className={styles.detail}>{applicant.email}</span>
                <span className={styles.detail}>
                  Applied <RelativeTime iso={applicant.createdAt} />
                </span>
                {applicant.reason && <p className={styles.reason}>{applicant.reason}</p>}
              </div>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.primary}
                  aria-label={`Approve ${name}`}
                  data-approve=""
                  onClick={() => setDeciding({ applicant, approve: true, index })}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className={styles.secondary}
                  aria-label={`Reject ${name}`}
                  onClick={() => setDeciding({ applicant, approve: false, index })}
                >
                  Reject
                </button>
              </div>
            </li>
          );
        }}
      />
      {deciding && (
        <DecisionDialog
          deciding={deciding}
          onDecided={() => {
            focusAfterRemoval(deciding.applicant._id, deciding.index);
            setDeciding(null);
          }}
          onClose={() => setDeciding(null)}
        />
      )}
    </PageCard>
  );
}

/** 'Approve Ada Owen?' or 'Reject Ada Owen?': what it does, an optional reason, then confirm. */
function DecisionDialog({
  deciding: { applicant, approve },
  onDecided,
  onClose,
}: {
  deciding: Deciding;
  onDecided: () => void;
  onClose: () => void;
}) {
  const decide = useDecideApplicationMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const descriptionId = useId();
  const name = fullName(applicant);
  const verb = approve ? 'Approve' : 'Reject';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const text = reason.trim();
    decide.mutate(
      { userId: applicant._id, decision: { approve, ...(text ? { reason: text } : {}) } },
      { onSuccess: onDecided, onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  return (
    <Dialog
      title={`${verb} ${name}?`}
      onClose={onClose}
      describedBy={descriptionId}
      className={styles.dialog}
      form={{ onSubmit }}
    >
      <DialogBody>
        <p id={descriptionId} className={styles.dialogText}>
          {approve
            ? `${name} can log in at once, and gets an e-mail saying so.`
            : `${name}'s account is deleted, and they get an e-mail saying so.`}
        </p>
        <div className={styles.field}>
          <label htmlFor={reasonId} className={styles.label}>
            Reason (optional)
          </label>
          <textarea
            id={reasonId}
            className={styles.textarea}
            maxLength={DECISION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <p className={styles.hint}>Sent to {name} in the e-mail.</p>
        </div>
        {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
      </DialogBody>
      <DialogFooter>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={styles.primary} disabled={decide.isPending}>
          {decide.isPending ? (approve ? 'Approving…' : 'Rejecting…') : verb}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
