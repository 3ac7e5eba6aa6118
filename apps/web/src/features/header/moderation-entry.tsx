import { useModerationSummaryQuery } from '../../api/moderation';
import { useT } from '../../i18n';
import { NavLink } from '../../routing/routing';
import { ShieldIcon } from '../../ui/icons';
import { headerMessages as m } from './header.messages';
import styles from './header.module.css';
import { badgeText } from './notifications-menu';

/**
 * The moderation area's shield (moderators and admins): its badge counts the open reports and
 * the applications waiting, as the bell's counts the unread notifications. A live 'report' or
 * 'application' notification and each decision read the count again (api/live-cache.ts,
 * api/moderation.ts).
 */
export function ModerationEntry() {
  const t = useT();
  const summary = useModerationSummaryQuery();
  const waiting = summary.data ? summary.data.openReports + summary.data.applications : 0;
  const badge = badgeText(waiting);
  return (
    <NavLink
      to="/admin"
      className={styles.moderation}
      aria-label={badge ? t(m.moderationWaiting, { badge }) : t(m.moderation)}
    >
      <ShieldIcon width={22} height={22} />
      {badge && (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      )}
    </NavLink>
  );
}
