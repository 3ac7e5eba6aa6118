import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { serverText } from '../../i18n/server-text';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import styles from './account-settings.module.css';

// The Settings page's parts (account-settings-page.tsx): each section of the page is a form
// built of these, so every section reads and behaves alike.

/** A part of the page under its own heading. */
export function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className={styles.sectionIntro}>{intro}</p>
      {children}
    </section>
  );
}

/**
 * A field with its label above it and its message below, tied to it: a settings page shows
 * values already filled in, where a placeholder standing in for the label would not show.
 */
export function Field({
  label,
  error,
  ...input
}: { label: string; error: string | undefined; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className'
>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {serverText(error)}
        </p>
      )}
    </div>
  );
}

/**
 * The form's button, a spinner while the call is on its way, and the status line. The status
 * region is always there, so a screen reader announces the success sentence when it comes.
 */
export function Actions({
  label,
  pendingLabel,
  pending,
  success,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  success: string | undefined;
}) {
  return (
    <div className={styles.actions}>
      <SubmitButton className={styles.primary} disabled={pending}>
        {label}
      </SubmitButton>
      {pending && <Spinner label={pendingLabel} />}
      <p role="status" className={styles.status}>
        {success && serverText(success)}
      </p>
    </div>
  );
}
