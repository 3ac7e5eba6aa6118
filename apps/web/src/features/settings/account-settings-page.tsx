import {
  type ChangeNameInput,
  type ChangePasswordInput,
  changeNameSchema,
  changePasswordSchema,
} from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useChangeNameMutation, useChangePasswordMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useSessionUser } from '../../session/session-context';
import { ChevronRightIcon } from '../../ui/icons';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import styles from './account-settings.module.css';
import { SettingsCard } from './settings-card';

/** The other Settings & privacy pages, listed on this one so it is where settings start. */
const MORE_SETTINGS = [
  { name: 'Privacy settings', to: '/settings/privacy' },
  { name: 'Blocking', to: '/settings/blocking' },
  { name: 'Muted', to: '/settings/muted' },
] as const;

/**
 * Settings & privacy → Settings (/settings): the member's own account. Their name and their
 * password, each a form of its own, then the other settings pages.
 */
export function AccountSettingsPage() {
  return (
    <SettingsCard
      title="Settings"
      intro="Your name and your password. Who sees what you share, and whom you blocked or muted, are on their own pages below."
    >
      <NameSection />
      <PasswordSection />
      <MoreSettings />
    </SettingsCard>
  );
}

/** A part of the page under its own heading. */
function Section({
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
function Field({
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
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The form's button, a spinner while the call is on its way, and the status line. The status
 * region is always there, so a screen reader announces the success sentence when it comes.
 */
function Actions({
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
        {success}
      </p>
    </div>
  );
}

/** First name and surname, under the sign-up's rules; the username stays. */
function NameSection() {
  const user = useSessionUser();
  const changeName = useChangeNameMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeNameInput>({
    resolver: zodResolver(changeNameSchema),
    mode: 'onTouched',
    defaultValues: { first_name: user.first_name, last_name: user.last_name },
  });

  // A change after an answer is a new attempt: the earlier answer no longer speaks for it.
  const forgetAnswer = () => {
    if (changeName.isSuccess || changeName.isError) changeName.reset();
  };

  // The schema trims the names: the trimmed ones are sent, and the form shows them as stored.
  const onSubmit = handleSubmit((input) =>
    changeName.mutate(input, {
      onSuccess: ({ first_name, last_name }) => reset({ first_name, last_name }),
    }),
  );

  return (
    <Section
      title="Name"
      intro="How you show on your profile, posts and comments. Your username stays the same."
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.nameFields}>
          <Field
            label="First name"
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name', { onChange: forgetAnswer })}
          />
          <Field
            label="Surname"
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name', { onChange: forgetAnswer })}
          />
        </div>
        {changeName.isError && (
          <FormMessage tone="error">{errorMessage(changeName.error)}</FormMessage>
        )}
        <Actions
          label="Save"
          pendingLabel="Saving your name"
          pending={changeName.isPending}
          success={changeName.data?.message}
        />
      </form>
    </Section>
  );
}

/** The current password, then the new one twice, under the reset's rules. */
function PasswordSection() {
  const changePassword = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', confPassword: '' },
  });

  const forgetAnswer = () => {
    if (changePassword.isSuccess || changePassword.isError) changePassword.reset();
  };

  // Passwords do not stay on screen once changed.
  const onSubmit = handleSubmit((input) =>
    changePassword.mutate(input, { onSuccess: () => reset() }),
  );

  return (
    <Section
      title="Password"
      intro="Changing it logs you out on your other devices; you stay logged in here."
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.passwordFields}>
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword', { onChange: forgetAnswer })}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password', {
              onChange: () => {
                forgetAnswer();
                // The confirmation is compared again once it has been touched.
                if (getFieldState('confPassword').isTouched) void trigger('confPassword');
              },
            })}
          />
          <Field
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confPassword?.message}
            {...register('confPassword', { onChange: forgetAnswer })}
          />
        </div>
        {changePassword.isError && (
          <FormMessage tone="error">{errorMessage(changePassword.error)}</FormMessage>
        )}
        <Actions
          label="Change password"
          pendingLabel="Changing your password"
          pending={changePassword.isPending}
          success={changePassword.data?.message}
        />
      </form>
    </Section>
  );
}

/** The other Settings & privacy pages. */
function MoreSettings() {
  const titleId = useId();
  return (
    <nav className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Privacy and people
      </h2>
      <ul className={styles.links}>
        {MORE_SETTINGS.map(({ name, to }) => (
          <li key={to}>
            <Link to={to} className={styles.linkRow}>
              <span className={styles.linkText}>{name}</span>
              <ChevronRightIcon className={styles.chevron} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
