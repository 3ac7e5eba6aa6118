import { useModerationLogQuery } from '../../api/moderation';
import { PageCard } from '../../ui/page-card';
import { RelativeTime } from '../../ui/relative-time';
import styles from './admin.module.css';
import { auditDetails, auditSentence } from './audit-sentences';
import { PagedList } from './paged-list';
import log from './reports.module.css';

/**
 * Audit log (/admin/log, admins): every moderation action, role and settings change,
 * application decision and invite, newest first, page by page: who, what, when, and why.
 */
export function AuditLogPage() {
  const query = useModerationLogQuery();
  return (
    <PageCard
      title="Audit log"
      intro="Everything done with the moderation tools, newest first. Lines are never edited, and stay when the members they name are gone."
    >
      <PagedList
        query={query}
        label="Audit log"
        empty="Nothing has been done yet."
        renderItem={(entry) => {
          const details = auditDetails(entry);
          return (
            <li key={entry._id} className={styles.row}>
              <div className={styles.who}>
                <p className={log.text}>
                  <strong>{entry.actor.name}</strong> {auditSentence(entry)}
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
