import type { Privacy } from '@hearth/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { T, useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { AudienceIcon } from '../../ui/audience-icons';
import buttons from '../../ui/button.module.css';
import radios from '../../ui/radio-options.module.css';
import { privacyMessages as m } from './privacy.messages';
import styles from './privacy.module.css';
import { chosenName, PRIVACY_SETTINGS, PrivacyChoice, type PrivacySetting } from './privacy-choice';
import { WithPrivacy } from './privacy-page';
import { SettingsCard } from './settings-card';

const STEPS = PRIVACY_SETTINGS.length;

/**
 * Settings & privacy → Privacy checkup (/settings/privacy-checkup): the privacy settings one
 * step at a time, each saved as it is chosen, then a last step that sums them up.
 */
export function PrivacyCheckupPage() {
  const t = useT();
  return (
    <SettingsCard title={t(m.checkupTitle)} intro={t(m.checkupIntro)}>
      <WithPrivacy>{(settings) => <Checkup settings={settings} />}</WithPrivacy>
    </SettingsCard>
  );
}

function Checkup({ settings }: { settings: Privacy }) {
  const t = useT();
  // 0 to STEPS - 1: a setting each; STEPS: the summary.
  const [step, setStep] = useState(0);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  // Each new step starts at its title, which a screen reader then reads.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    titleRef.current?.focus();
  }, [step]);

  const setting = PRIVACY_SETTINGS[step];
  const done = !setting;
  return (
    <>
      <div className={styles.progress}>
        <p className={styles.stepCount}>
          {done ? t(m.done) : t(m.step, { step: step + 1, total: STEPS })}
        </p>
        <div className={styles.bar} aria-hidden="true">
          <div
            className={styles.barFill}
            style={{ width: `${((step + 1) / (STEPS + 1)) * 100}%` }}
          />
        </div>
      </div>
      {done ? (
        <Summary settings={settings} titleRef={titleRef} />
      ) : (
        <>
          <h2 ref={titleRef} tabIndex={-1} className={styles.stepTitle}>
            {t(setting.title)}
          </h2>
          <PrivacyChoice key={setting.key} setting={setting} settings={settings} />
        </>
      )}
      <div className={styles.nav}>
        {step > 0 && (
          <button type="button" className={buttons.secondary} onClick={() => setStep(step - 1)}>
            {t(m.back)}
          </button>
        )}
        {done ? (
          <Link to="/" className={`${buttons.primary} ${styles.navEnd}`}>
            {t(m.goToFeed)}
          </Link>
        ) : (
          <button
            type="button"
            className={`${buttons.primary} ${styles.navEnd}`}
            onClick={() => setStep(step + 1)}
          >
            {step === STEPS - 1 ? t(m.done) : t(m.next)}
          </button>
        )}
      </div>
    </>
  );
}

/** The last step: what each setting is now, and where to change it later. */
function Summary({
  settings,
  titleRef,
}: {
  settings: Privacy;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  return (
    <>
      <h2 ref={titleRef} tabIndex={-1} className={styles.doneTitle}>
        {t(m.allSet)}
      </h2>
      <p className={radios.explanation}>
        <T
          message={m.summary}
          components={{ 0: <Link to="/settings/privacy" className={styles.inlineLink} /> }}
        />
      </p>
      <dl className={styles.summary}>
        {PRIVACY_SETTINGS.map((setting) => (
          <div key={setting.key} className={styles.summaryItem}>
            <dt>{t(setting.question)}</dt>
            <dd>
              <SummaryIcon setting={setting} settings={settings} />
              {chosenName(setting, settings)}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function SummaryIcon({ setting, settings }: { setting: PrivacySetting; settings: Privacy }) {
  const option = setting.options.find(
    (choice: { value: string }) => choice.value === settings[setting.key],
  );
  return option ? <AudienceIcon audience={option.icon} width={20} height={20} /> : null;
}
