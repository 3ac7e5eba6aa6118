import { LANGUAGES, type LanguageCode } from '@hearth/contract';
import { useId, useState } from 'react';
import { useChangeLanguageMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useLanguage, useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { FormMessage } from '../../ui/message';
import radios from '../../ui/radio-options.module.css';
import { Spinner } from '../../ui/spinner';
import styles from './account-settings.module.css';
import { languageSectionMessages as m } from './language-section.messages';
import own from './language-section.module.css';
import { Section } from './settings-form-parts';

/**
 * Settings → Language: the login footer's languages, each in its own name, the one the app
 * speaks checked. Choosing one keeps it with the account (the mails follow it) and switches the
 * app to it; the server's sentence then says so, in the new language.
 */
export function LanguageSection() {
  const t = useT();
  const current = useLanguage();
  const change = useChangeLanguageMutation();
  const id = useId();
  // The choice shows at once; the one the app speaks comes back if the call fails.
  const [picked, setPicked] = useState<LanguageCode | undefined>();
  const chosen = picked ?? current;

  function choose(language: LanguageCode) {
    // One change at a time: the app switches language once the call answers.
    if (language === chosen || change.isPending) return;
    setPicked(language);
    change.mutate(language, {
      onSettled: () => setPicked((now) => (now === language ? undefined : now)),
    });
  }

  return (
    <Section title={t(m.title)} intro={t(m.intro)}>
      <div role="radiogroup" aria-label={t(m.title)} className={own.languages}>
        {LANGUAGES.map((language) => (
          <label key={language.code} className={radios.option} lang={language.code}>
            <span className={own.name}>
              <span dir={language.dir}>{language.name}</span>
            </span>
            <input
              type="radio"
              name={id}
              value={language.code}
              checked={chosen === language.code}
              className={radios.radio}
              onChange={() => choose(language.code)}
            />
          </label>
        ))}
      </div>
      {change.isError && <FormMessage tone="error">{errorMessage(change.error)}</FormMessage>}
      <div className={own.status}>
        {change.isPending && <Spinner label={t(m.saving)} />}
        <p role="status" className={styles.status}>
          {change.isSuccess ? serverText(change.data.message) : undefined}
        </p>
      </div>
    </Section>
  );
}
