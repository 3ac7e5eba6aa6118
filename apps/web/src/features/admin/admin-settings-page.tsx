import {
  type ModerationSettings,
  moderationSettingsInputSchema,
  PRIVACY_POLICY_MAX,
  SERVER_DESCRIPTION_MAX,
  SERVER_NAME_MAX,
  SERVER_RULE_MAX,
  SERVER_RULES_MAX,
  SIGNUP_MODES,
  type SignupMode,
  STAFF_INACTIVE_DAYS,
} from '@hearth/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  useModerationSettingsQuery,
  useUpdateModerationSettingsMutation,
} from '../../api/moderation';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { ErrorBox } from '../../ui/error-box';
import { FormMessage } from '../../ui/message';
import { PageCard } from '../../ui/page-card';
import radios from '../../ui/radio-options.module.css';
import { fullDate } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import styles from './admin.module.css';
import { settingsMessages as m } from './admin-settings-page.messages';
import { modeDescription, modeName } from './audit-sentences';
import { EmailBlocksSection } from './email-blocks-section';

interface Rule {
  /** The line's own key while it is edited (rules may read alike). */
  key: number;
  text: string;
}

interface Draft {
  signupMode: SignupMode;
  name: string;
  description: string;
  rules: Rule[];
  privacyPolicy: string;
  /** The refused e-mail domains, one a line. */
  domains: string;
  membersMayInvite: boolean;
}

let ruleKeys = 0;
const rule = (text: string): Rule => {
  ruleKeys += 1;
  return { key: ruleKeys, text };
};

function draftOf(settings: ModerationSettings): Draft {
  return {
    signupMode: settings.signupMode,
    name: settings.name,
    description: settings.description,
    rules: settings.rules.map(rule),
    privacyPolicy: settings.privacyPolicy,
    domains: settings.blockedEmailDomains.join('\n'),
    membersMayInvite: settings.membersMayInvite,
  };
}

/**
 * Settings (/admin/settings, admins): who may join, what the server says about itself, and the
 * addresses refused after a deletion.
 */
export function AdminSettingsPage() {
  const t = useT();
  const settings = useModerationSettingsQuery();
  return (
    <PageCard title={t(m.title)} intro={t(m.intro)}>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <ErrorBox message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <div className={styles.loading}>
          <Spinner label={t(m.loading)} />
        </div>
      )}
      <EmailBlocksSection />
    </PageCard>
  );
}

function SettingsForm({ settings }: { settings: ModerationSettings }) {
  const t = useT();
  const save = useUpdateModerationSettingsMutation();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const id = useId();
  const rulesRef = useRef<HTMLOListElement>(null);
  const addRuleRef = useRef<HTMLButtonElement>(null);

  function change(patch: Partial<Draft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setSaved(false);
  }

  function setRule(key: number, text: string) {
    change({ rules: draft.rules.map((entry) => (entry.key === key ? { key, text } : entry)) });
  }

  function addRule() {
    change({ rules: [...draft.rules, rule('')] });
    // The new line takes the focus once it is drawn.
    requestAnimationFrame(() => {
      const inputs = rulesRef.current?.querySelectorAll('input');
      inputs?.[inputs.length - 1]?.focus();
    });
  }

  function removeRule(index: number) {
    change({ rules: draft.rules.filter((_, i) => i !== index) });
    // Focus goes to the line that took its place, else the one above, else Add a rule.
    requestAnimationFrame(() => {
      const inputs = rulesRef.current?.querySelectorAll('input') ?? [];
      const next = inputs[Math.min(index, inputs.length - 1)];
      (next ?? addRuleRef.current)?.focus();
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    const parsed = moderationSettingsInputSchema.safeParse({
      signupMode: draft.signupMode,
      name: draft.name,
      description: draft.description,
      // Blank lines are no rules and no domains.
      rules: draft.rules.map((entry) => entry.text.trim()).filter(Boolean),
      privacyPolicy: draft.privacyPolicy,
      blockedEmailDomains: draft.domains
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      membersMayInvite: draft.membersMayInvite,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        setDraft(draftOf(answer));
        setSaved(true);
      },
      onError: (failure) => setProblem(errorMessage(failure)),
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t(m.title)}>
      <fieldset className={styles.field}>
        <legend className={styles.label}>{t(m.whoMayJoin)}</legend>
        {settings.autoApprovalAt && (
          <p className={styles.hint}>
            {t(m.autoSwitched, {
              open: modeName('open'),
              approval: modeName('approval'),
              date: fullDate(new Date(settings.autoApprovalAt)),
              days: STAFF_INACTIVE_DAYS,
            })}
          </p>
        )}
        <div className={radios.options}>
          {SIGNUP_MODES.map((mode) => (
            <label key={mode} className={`${radios.option} ${styles.modeOption}`}>
              <span className={radios.optionText}>
                <span className={radios.optionName}>{modeName(mode)}</span>
                <span className={radios.optionDescription}>{modeDescription(mode)}</span>
              </span>
              <input
                type="radio"
                name={`${id}-mode`}
                className={radios.radio}
                value={mode}
                checked={draft.signupMode === mode}
                onChange={() => change({ signupMode: mode })}
              />
            </label>
          ))}
        </div>
      </fieldset>

      <label className={styles.switchRow}>
        <input
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={draft.membersMayInvite}
          aria-checked={draft.membersMayInvite}
          aria-describedby={`${id}-invite-hint`}
          onChange={(event) => change({ membersMayInvite: event.target.checked })}
        />
        <span className={styles.label}>{t(m.membersMayInvite)}</span>
      </label>
      <p id={`${id}-invite-hint`} className={styles.hint}>
        {t(m.inviteHint, { mode: modeName('invite') })}
      </p>

      <div className={styles.field}>
        <label htmlFor={`${id}-name`} className={styles.label}>
          {t(m.serverName)}
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          dir="auto"
          maxLength={SERVER_NAME_MAX}
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
        />
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-description`} className={styles.label}>
          {t(m.description)}
        </label>
        <textarea
          id={`${id}-description`}
          className={styles.textarea}
          dir="auto"
          maxLength={SERVER_DESCRIPTION_MAX}
          value={draft.description}
          aria-describedby={`${id}-description-hint`}
          onChange={(event) => change({ description: event.target.value })}
        />
        <p id={`${id}-description-hint`} className={styles.hint}>
          {t(m.descriptionHint)}
        </p>
      </div>

      <fieldset className={styles.field}>
        <legend className={styles.label}>{t(m.rules)}</legend>
        <p className={styles.hint}>{t(m.rulesHint, { max: SERVER_RULES_MAX })}</p>
        {draft.rules.length > 0 && (
          <ol ref={rulesRef} className={styles.rules}>
            {draft.rules.map((entry, index) => (
              <li key={entry.key} className={styles.ruleRow}>
                <div className={styles.ruleLine}>
                  <input
                    className={styles.input}
                    dir="auto"
                    aria-label={t(m.rule, { number: index + 1 })}
                    maxLength={SERVER_RULE_MAX}
                    value={entry.text}
                    onChange={(event) => setRule(entry.key, event.target.value)}
                  />
                  <button
                    type="button"
                    className={styles.secondary}
                    aria-label={t(m.removeRule, { number: index + 1 })}
                    onClick={() => removeRule(index)}
                  >
                    {t(m.remove)}
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <button
          ref={addRuleRef}
          type="button"
          className={`${styles.secondary} ${styles.addRule}`}
          disabled={draft.rules.length >= SERVER_RULES_MAX}
          onClick={addRule}
        >
          {t(m.addRule)}
        </button>
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={`${id}-privacy`} className={styles.label}>
          {t(m.privacyPolicy)}
        </label>
        <textarea
          id={`${id}-privacy`}
          className={`${styles.textarea} ${styles.tall}`}
          dir="auto"
          maxLength={PRIVACY_POLICY_MAX}
          value={draft.privacyPolicy}
          onChange={(event) => change({ privacyPolicy: event.target.value })}
        />
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-domains`} className={styles.label}>
          {t(m.domains)}
        </label>
        <textarea
          id={`${id}-domains`}
          className={styles.textarea}
          value={draft.domains}
          spellCheck={false}
          aria-describedby={`${id}-domains-hint`}
          onChange={(event) => change({ domains: event.target.value })}
        />
        <p id={`${id}-domains-hint`} className={styles.hint}>
          {t(m.domainsHint)}
        </p>
      </div>

      <div className={styles.footer}>
        <button type="submit" className={styles.primary} disabled={save.isPending}>
          {save.isPending ? t(m.saving) : t(m.save)}
        </button>
        {save.isPending && <Spinner label={t(m.savingSpinner)} />}
      </div>
      {problem && <FormMessage tone="error">{serverText(problem)}</FormMessage>}
      {saved && <FormMessage tone="success">{t(m.saved)}</FormMessage>}
    </form>
  );
}
