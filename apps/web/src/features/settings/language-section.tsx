import { type ChangeLanguageInput, LANGUAGES, type LanguageCode, ROUTES } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { accountKeys } from '../../api/account';
import { errorMessage } from '../../api/client';
import { setLanguage, useLanguage, useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { useApi, useSession } from '../../session/session-context';
import { FormMessage } from '../../ui/message';
import radios from '../../ui/radio-options.module.css';
import { Spinner } from '../../ui/spinner';
import styles from './account-settings.module.css';
import { languageSectionMessages as m } from './language-section.messages';
import own from './language-section.module.css';
import { Section } from './settings-form-parts';

/**
 * Keeps the member's language with their account (PUT /users/changeLanguage), then switches
 * the app to it: the account and the session's user say it too, so every screen agrees.
 */
function useChangeLanguageMutation() {
  const api = useApi();
  const { user, dispatch } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeLanguageInput) => api.call(ROUTES.changeLanguage, { body: input }),
    // Awaited: the call counts as done once the screens speak the new language.
    onSuccess: async ({ language }) => {
      queryClient.setQueryData(accountKeys.account, (account: object | undefined) =>
        account ? { ...account, language } : account,
      );
      if (user) dispatch({ type: 'LOGIN', payload: { ...user, language } });
      await setLanguage(language);
    },
  });
}

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
    change.mutate(
      { language },
      { onSettled: () => setPicked((now) => (now === language ? undefined : now)) },
    );
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
