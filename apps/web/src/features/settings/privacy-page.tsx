import type { Privacy } from '@hearth/contract';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client';
import { usePrivacy } from '../../api/privacy';
import { T, useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { ErrorBox } from '../../ui/error-box';
import { Spinner } from '../../ui/spinner';
import { privacyMessages as m } from './privacy.messages';
import styles from './privacy.module.css';
import { PRIVACY_SETTINGS, PrivacyChoice } from './privacy-choice';
import { SettingsCard } from './settings-card';
import page from './settings-page.module.css';

/**
 * Settings & privacy → Privacy Shortcut (/settings/privacy): the three privacy settings on one
 * card, each saved as soon as it is chosen.
 */
export function PrivacyPage() {
  const t = useT();
  return (
    <SettingsCard
      title={t(m.title)}
      intro={
        <T
          message={m.intro}
          components={{ 0: <Link to="/settings/privacy-checkup" className={styles.inlineLink} /> }}
        />
      }
    >
      <WithPrivacy>
        {(settings) => (
          <div className={styles.settings}>
            {PRIVACY_SETTINGS.map((setting) => (
              <div key={setting.key} className={styles.settingBlock}>
                <PrivacyChoice setting={setting} settings={settings} />
              </div>
            ))}
          </div>
        )}
      </WithPrivacy>
    </SettingsCard>
  );
}

/** The member's settings once read; a spinner while they load, a failure with Try again. */
export function WithPrivacy({ children }: { children: (settings: Privacy) => ReactNode }) {
  const t = useT();
  const privacy = usePrivacy();
  // Settings once read stay on screen even if a later read fails.
  if (privacy.data) return children(privacy.data);
  if (privacy.isError) {
    return (
      <ErrorBox message={errorMessage(privacy.error)} onRetry={() => void privacy.refetch()} />
    );
  }
  return (
    <div className={page.loading}>
      <Spinner label={t(m.loading)} />
    </div>
  );
}
