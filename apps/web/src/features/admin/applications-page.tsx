import { type Application, DECISION_REASON_MAX } from '@hearth/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import { useApplicationsQuery, useDecideApplicationMutation } from '../../api/moderation';
import { T, useT } from '../../i18n';
import { Avatar } from '../../ui/avatar';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { adminMessages as a } from './admin.messages';
import styles from './admin.module.css';
import { applicationsMessages as m } from './applications-page.messages';
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
  const t = useT();
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
    <PageCard title={t(m.title)} intro={t(m.intro)} headingRef={headingRef}>
      <PagedList
        query={query}
        label={t(m.list)}
        loading={t(m.loading)}
        empty={t(m.empty)}
        listRef={listRef}
        renderItem={(applicant, index) => {
          const name = fullName(applicant);
          return (
            <li key={applicant._id} className={`${styles.row} ${styles.avatarRow}`}>
              <Avatar src={applicant.picture} size={48} />
              <div className={styles.who}>
                <span className={styles.name} dir="auto">
                  {name}
                </span>
                <span className={styles.detail} dir="auto">
                  {applicant.email}
                </span>
                <span className={styles.detail}>
                  <T
                    message={m.applied}
                    components={{ 0: <RelativeTime iso={applicant.createdAt} /> }}
                  />
                </span>
                {applicant.reason && (
                  <p className={styles.reason} dir="auto">
                    {applicant.reason}
                  </p>
                )}
              </div>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={styles.primary}
                  aria-label={t(m.approveName, { name })}
                  data-approve=""
                  onClick={() => setDeciding({ applicant, approve: true, index })}
                >
                  {t(m.approve)}
                </button>
                <button
                  type="button"
                  className={styles.secondary}
                  aria-label={t(m.rejectName, { name })}
                  onClick={() => setDeciding({ applicant, approve: false, index })}
                >
                  {t(m.reject)}
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
  const t = useT();
  const decide = useDecideApplicationMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const descriptionId = useId();
  const name = fullName(applicant);
  const verb = approve ? t(m.approve) : t(m.reject);

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
      title={t(approve ? m.approveTitle : m.rejectTitle, { name })}
      onClose={onClose}
      describedBy={descriptionId}
      className={styles.dialog}
      form={{ onSubmit }}
    >
      <DialogBody>
        <p id={descriptionId} className={styles.dialogText}>
          {t(approve ? m.approveDescription : m.rejectDescription, { name })}
        </p>
        <div className={styles.field}>
          <label htmlFor={reasonId} className={styles.label}>
            {t(a.reasonOptional)}
          </label>
          <textarea
            id={reasonId}
            className={styles.textarea}
            dir="auto"
            maxLength={DECISION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <p className={styles.hint}>{t(m.sentInEmail, { name })}</p>
        </div>
        {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
      </DialogBody>
      <DialogFooter>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t(a.cancel)}
        </button>
        <button type="submit" className={styles.primary} disabled={decide.isPending}>
          {decide.isPending ? (approve ? t(m.approving) : t(m.rejecting)) : verb}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
