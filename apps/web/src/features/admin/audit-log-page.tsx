import { useModerationLogQuery } from '../../api/moderation';
import { T, useT } from '../../i18n';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import styles from './admin.module.css';
import { auditMessages as m } from './audit-log.messages';
import { auditDetails, auditSentence } from './audit-sentences';
import { PagedList } from './paged-list';
import log from './reports.module.css';

/**
 * Audit log (/admin/log, admins): every moderation action, role and settings change,
 * application decision and invite, newest first, page by page: who, what, when, and why.
 */
export function AuditLogPage() {
  const t = useT();
  const query = useModerationLogQuery();
  return (
    <PageCard title={t(m.title)} intro={t(m.intro)}>
      <PagedList
        query={query}
        label={t(m.title)}
        loading={t(m.loading)}
        empty={t(m.empty)}
        renderItem={(entry) => {
          const details = auditDetails(entry);
          const sentence = auditSentence(entry);
          return (
            <li key={entry._id} className={styles.row}>
              <div className={styles.who}>
                <p className={log.text}>
                  <T
                    message={sentence.message}
                    values={sentence.values}
                    components={{ 0: <strong dir="auto" /> }}
                  />
                </p>
                <span className={styles.detail}>
                  <RelativeTime iso={entry.createdAt} />
                </span>
                {details.map((line) => (
                  <span key={line} className={styles.detail}>
                    {line}
                  </span>
                ))}
              </div>
            </li>
          );
        }}
      />
    </PageCard>
  );
}
