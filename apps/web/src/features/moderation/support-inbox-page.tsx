import type { MessageDescriptor, MyReport, ReportTarget } from '@hearth/contract';
import { useId } from 'react';
import { errorMessage } from '../../api/client';
import { useMyReportsQuery } from '../../api/moderation';
import { T, useT } from '../../i18n';
import { ErrorBox } from '../../ui/error-box';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import {
  inboxMessages as m,
  reportOutcomeMessages,
  reportReasonMessages,
} from './moderation.messages';
import styles from './moderation.module.css';

/** What each kind of report names before its preview. */
const TARGET_NAMES: Record<Exclude<ReportTarget, 'member'>, MessageDescriptor> = {
  post: m.post,
  comment: m.comment,
  message: m.message,
};

/**
 * Help & support → Support Inbox (/support): the member's reports, newest first, each with what
 * was reported, why, when, and whether it is still open or what the moderators did.
 */
export function SupportInboxPage() {
  const t = useT();
  const query = useMyReportsQuery();
  return (
    <div className={styles.page}>
      <PageCard title={t(m.title)} intro={t(m.intro)}>
        {query.isPending ? (
          <div className={styles.loading}>
            <Spinner label={t(m.loading)} />
          </div>
        ) : query.isError ? (
          <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <p className={styles.empty}>{t(m.empty)}</p>
        ) : (
          <ul className={styles.list} aria-label={t(m.list)}>
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
  const t = useT();
  const whatId = useId();
  const open = report.status === 'open';
  const status = open
    ? t(m.open)
    : report.outcome
      ? t(reportOutcomeMessages[report.outcome])
      : t(m.closed);
  const reason = t(reportReasonMessages[report.reason]);
  return (
    <li className={styles.report} aria-labelledby={whatId}>
      <div className={styles.reportHead}>
        <h2 id={whatId} className={styles.what}>
          {report.target.type === 'member' ? (
            <T
              message={m.memberNamed}
              values={{ name: report.target.preview }}
              components={{ 0: <bdi /> }}
            />
          ) : (
            t(TARGET_NAMES[report.target.type])
          )}
        </h2>
        <span className={open ? styles.status : `${styles.status} ${styles.resolved}`}>
          <span className="visually-hidden">{t(m.status)} </span>
          {status}
        </span>
      </div>
      {report.target.type !== 'member' && report.target.preview && (
        <p className={styles.preview} dir="auto">
          {report.target.preview}
        </p>
      )}
      <p className={styles.meta}>
        {report.resolvedAt ? (
          <T
            message={m.reportedAndClosed}
            values={{ reason }}
            components={{
              0: <RelativeTime iso={report.createdAt} />,
              1: <RelativeTime iso={report.resolvedAt} />,
            }}
          />
        ) : (
          <T
            message={m.reported}
            values={{ reason }}
            components={{ 0: <RelativeTime iso={report.createdAt} /> }}
          />
        )}
      </p>
      {report.details && (
        <p className={styles.meta}>
          <T message={m.details} values={{ details: report.details }} components={{ 0: <bdi /> }} />
        </p>
      )}
    </li>
  );
}
