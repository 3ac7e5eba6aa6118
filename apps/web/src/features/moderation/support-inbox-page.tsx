import {
  type MyReport,
  REPORT_OUTCOME_LABELS,
  REPORT_REASON_LABELS,
  type ReportTarget,
} from '@hearth/contract';
import { useId } from 'react';
import { errorMessage } from '../../api/client';
import { useMyReportsQuery } from '../../api/moderation';
import { ErrorBox } from '../../ui/error-box';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import styles from './moderation.module.css';

/** What each kind of report names before its preview. */
const TARGET_NAMES: Record<ReportTarget, string> = {
  post: 'A post',
  comment: 'A comment',
  member: 'A member',
};

/**
 * Help & support → Support Inbox (/support): the member's reports, newest first, each with what
 * was reported, why, when, and whether it is still open or what the moderators did.
 */
export function SupportInboxPage() {
  const query = useMyReportsQuery();
  return (
    <div className={styles.page}>
      <PageCard
        title="Support Inbox"
        intro="What you reported and what the moderators did about it. The members you report are not told who reported them."
      >
        {query.isPending ? (
          <div className={styles.loading}>
            <Spinner label="Loading your reports" />
          </div>
        ) : query.isError ? (
          <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <p className={styles.empty}>You haven't reported anything.</p>
        ) : (
          <ul className={styles.list} aria-label="Your reports">
            {query.data.map((report) => (
              <ReportRow key={report._id} report={report} />
            ))}
          </ul>
        )}
      </PageCard>
    </div>
  );
}

function ReportRow({ report }: { report: MyReport }) {
  const whatId = useId();
  const open = report.status === 'open';
  const status = open ? 'Open' : report.outcome ? REPORT_OUTCOME_LABELS[report.outcome] : 'Closed';
  return (
    <li className={styles.report} aria-labelledby={whatId}>
      <div className={styles.reportHead}>
        <h2 id={whatId} className={styles.what}>
          {report.target.type === 'member'
            ? `${TARGET_NAMES.member}: ${report.target.preview}`
            : TARGET_NAMES[report.target.type]}
        </h2>
        <span className={open ? styles.status : `${styles.status} ${styles.resolved}`}>
          <span className="visually-hidden">Status: </span>
          {status}
        </span>
      </div>
      {report.target.type !== 'member' && report.target.preview && (
        <p className={styles.preview}>{report.target.preview}</p>
      )}
      <p className={styles.meta}>
        {REPORT_REASON_LABELS[report.reason]} · Reported <RelativeTime iso={report.createdAt} />
        {report.resolvedAt && (
          <>
            {' · '}Closed <RelativeTime iso={report.resolvedAt} />
          </>
        )}
      </p>
      {report.details && <p className={styles.meta}>Your details: {report.details}</p>}
    </li>
  );
}
