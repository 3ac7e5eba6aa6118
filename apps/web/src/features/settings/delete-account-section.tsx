import { ACCOUNT_MESSAGES, type DeleteAccountInput, deleteAccountSchema } from '@hearth/contract';
import { type FormEvent, useId, useState } from 'react';
import { useAccountQuery, useDeleteAccountMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { useNavigate } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import type { LoginPageState } from '../auth/login-page';
import { deleteAccountMessages as m } from './delete-account-section.messages';
import styles from './delete-account-section.module.css';
import { Field, Section } from './settings-form-parts';

/**
 * Settings → Delete my account (API.md, One's own account): a button opening a dialog that says
 * what happens, asks for the password (and a code when two-factor sign-in is on), and deletes
 * the account. The server ends every session at once; this device logs out and the login page
 * says the account can still be kept.
 */
export function DeleteAccountSection() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Section title={t(m.title)} intro={t(m.intro)}>
      <div>
        <button type="button" className={styles.danger} onClick={() => setOpen(true)}>
          {t(m.button)}
        </button>
      </div>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Section>
  );
}

type FieldErrors = Partial<Record<'currentPassword' | 'code', string>>;

/** The server's sentences that are about one field, shown under it rather than the form. */
const FIELD_OF_MESSAGE: Record<string, keyof FieldErrors> = {
  [ACCOUNT_MESSAGES.currentPasswordRequired]: 'currentPassword',
  [ACCOUNT_MESSAGES.currentPasswordWrong]: 'currentPassword',
  [ACCOUNT_MESSAGES.twoFactorCodeRequired]: 'code',
  [ACCOUNT_MESSAGES.twoFactorCodeWrong]: 'code',
  [ACCOUNT_MESSAGES.loginCodeNeeded]: 'code',
};

/** The field a failure's sentence is about, whether it reads in English or already translated. */
function fieldOf(message: string): keyof FieldErrors | undefined {
  const found = Object.entries(FIELD_OF_MESSAGE).find(
    ([english]) => english === message || serverText(english) === message,
  );
  return found?.[1];
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const account = useAccountQuery();
  const deleteAccount = useDeleteAccountMutation();
  const { dispatch } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // Asked for when the account says two-factor sign-in is on, or the server asks for it.
  const [codeAsked, setCodeAsked] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const needsCode = codeAsked || account.data?.twoFactor.enabled === true;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deleteAccount.isPending) return;
    const parsed = deleteAccountSchema.safeParse(
      needsCode ? { currentPassword: password, code } : { currentPassword: password },
    );
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(null);
    const input: DeleteAccountInput = parsed.data;
    deleteAccount.mutate(input, {
      onSuccess: ({ message }) => {
        // Every session ended on the server, this one included: it is cleared here as Log out
        // clears it, and the login page says the account can still be kept.
        dispatch({ type: 'LOGOUT' });
        const state: LoginPageState = { notice: message };
        navigate('/login', { replace: true, state });
      },
      onError: (failure) => {
        const message = errorMessage(failure);
        const field = fieldOf(message);
        if (field === 'code') setCodeAsked(true);
        if (field) setErrors({ [field]: message });
        else setFormError(message);
      },
    });
  }

  return (
    <Dialog
      title={t(m.dialogTitle)}
      onClose={onClose}
      describedBy={`${id}-explain`}
      className={styles.dialog}
      form={{ onSubmit }}
    >
      <DialogBody>
        <ul id={`${id}-explain`} className={styles.explain}>
          <li>{t(m.hidden)}</li>
          <li>{t(m.thirtyDays)}</li>
          <li>{t(m.forGood)}</li>
        </ul>
        <div className={styles.fields}>
          <Field
            label={t(m.yourPassword)}
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.currentPassword}
            onChange={(event) => setPassword(event.target.value)}
          />
          {account.isPending && !codeAsked ? (
            <Spinner label={t(m.checking)} />
          ) : (
            needsCode && (
              <Field
                label={t(m.code)}
                autoComplete="one-time-code"
                spellCheck={false}
                value={code}
                error={errors.code}
                onChange={(event) => setCode(event.target.value)}
              />
            )
          )}
        </div>
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
      </DialogBody>
      <DialogFooter>
        <button type="button" className={styles.cancel} onClick={onClose}>
          {t(m.cancel)}
        </button>
        <button type="submit" className={styles.danger} disabled={deleteAccount.isPending}>
          {deleteAccount.isPending ? t(m.deleting) : t(m.button)}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
