import {
  ACCOUNT_MESSAGES,
  type AuthResponse,
  type LoginAnswer,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
} from '@hearth/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useCancelDeletionMutation, useLoginTwoFactorMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { formatLocale, useT } from '../../i18n';
import buttons from '../../ui/button.module.css';
import { TextField } from '../../ui/form-field';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import loginStyles from './login-page.module.css';
import { secondStepMessages as m } from './login-second-step.messages';
import styles from './login-second-step.module.css';

// A login's second step (API.md, One's own account): after the right password, the server asks
// for a code when two-factor sign-in is on, and offers to keep an account being deleted.

/** What the card shows after the password: the password form, a code, or the deletion's offer. */
export type LoginStep =
  | { kind: 'password' }
  | { kind: 'code'; ticket: string }
  | { kind: 'deletion'; ticket: string; purgeAt: string };

/** The step a login answer leads to, or the session it opened. */
export function nextStepOf(answer: LoginAnswer): LoginStep | AuthResponse {
  if ('twoFactorRequired' in answer) return { kind: 'code', ticket: answer.ticket };
  if ('deletionScheduled' in answer) {
    return { kind: 'deletion', ticket: answer.ticket, purgeAt: answer.purgeAt };
  }
  return answer;
}

/** What a member may type: six digits, or a recovery code (spaces as apps show them dropped). */
function codeProblem(code: string): string | undefined {
  const typed = code.replace(/\s+/g, '');
  if (!typed) return ACCOUNT_MESSAGES.loginCodeNeeded;
  if (!TOTP_CODE_PATTERN.test(typed) && !RECOVERY_CODE_PATTERN.test(typed)) {
    return ACCOUNT_MESSAGES.twoFactorCodeWrong;
  }
  return undefined;
}

/**
 * The code from the member's authenticator app, or one of their recovery codes. The field opens
 * the phone's number pad; 'Use a recovery code' gives it letters, as recovery codes have them.
 */
export function CodeStep({
  ticket,
  busy,
  onAnswer,
  onBack,
}: {
  ticket: string;
  /** A session is open and the member is on their way in. */
  busy: boolean;
  onAnswer: (answer: LoginAnswer) => void;
  onBack: () => void;
}) {
  const t = useT();
  const second = useLoginTwoFactorMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [recovery, setRecovery] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const fieldId = useId();

  // The card changed under the member's eyes: the field they need is where the focus goes.
  useEffect(() => input.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    second.mutate({ ticket, code }, { onSuccess: onAnswer });
  };

  return (
    <form className={loginStyles.form} onSubmit={onSubmit} noValidate aria-label={t(m.form)}>
      <p id={hintId} className={styles.hint}>
        {t(m.hint)}
      </p>
      <TextField
        ref={input}
        id={fieldId}
        // The sentence above says what to type; the error, when there is one, comes first.
        aria-describedby={error ? `${fieldId}-error ${hintId}` : hintId}
        label={recovery ? t(m.recoveryCode) : t(m.appCode)}
        name="code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize={recovery ? 'characters' : 'off'}
        spellCheck={false}
        maxLength={20}
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(codeProblem(event.target.value));
          if (second.isError) second.reset();
        }}
      />
      <SubmitButton
        className={`${buttons.primary} ${loginStyles.loginButton}`}
        disabled={second.isPending || busy}
      >
        {t(m.continue)}
      </SubmitButton>
      {second.isPending && <Spinner label={t(m.checking)} />}
      {second.isError && <FormMessage tone="error">{errorMessage(second.error)}</FormMessage>}
      <div className={styles.links}>
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            setRecovery((on) => !on);
            input.current?.focus();
          }}
        >
          {recovery ? t(m.useAppCode) : t(m.useRecoveryCode)}
        </button>
        <button type="button" className={styles.link} onClick={onBack} disabled={busy}>
          {t(m.back)}
        </button>
      </div>
    </form>
  );
}

/** "27 December 2026": the day the account goes, written out (British English in English). */
function dayOf(iso: string): string {
  const locale = formatLocale();
  return new Date(iso).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/**
 * An account its member is deleting: the day it goes, 'Keep my account' (the deletion is
 * cancelled and the member logged in) or 'Cancel' (back to the login form, nothing changed).
 */
export function DeletionStep({
  ticket,
  purgeAt,
  busy,
  onAnswer,
  onBack,
}: {
  ticket: string;
  purgeAt: string;
  busy: boolean;
  onAnswer: (answer: AuthResponse) => void;
  onBack: () => void;
}) {
  const t = useT();
  const keep = useCancelDeletionMutation();
  const headingId = useId();
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => keepButton.current?.focus(), []);

  return (
    <section className={styles.deletion} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t(m.deletionTitle, { day: dayOf(purgeAt) })}
      </h2>
      <p className={styles.hint}>{t(m.deletionHint)}</p>
      <button
        ref={keepButton}
        type="button"
        className={`${buttons.primary} ${loginStyles.loginButton}`}
        disabled={keep.isPending || busy}
        onClick={() => keep.mutate({ ticket }, { onSuccess: onAnswer })}
      >
        {t(m.keep)}
      </button>
      <button
        type="button"
        className={`${buttons.secondary} ${styles.cancel}`}
        disabled={keep.isPending || busy}
        onClick={onBack}
      >
        {t(m.cancel)}
      </button>
      {keep.isPending && <Spinner label={t(m.keeping)} />}
      {keep.isError && <FormMessage tone="error">{errorMessage(keep.error)}</FormMessage>}
    </section>
  );
}
