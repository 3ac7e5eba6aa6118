import {
  type ChangeNameInput,
  type ChangePasswordInput,
  changeNameSchema,
  changePasswordSchema,
} from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useChangeNameMutation, useChangePasswordMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { ChevronRightIcon } from '../../ui/icons';
import { FormMessage } from '../../ui/message';
import styles from './account-settings.module.css';
import { DeleteAccountSection } from './delete-account-section';
import { EmailSection } from './email-section';
import { ExportSection } from './export-section';
import { LanguageSection } from './language-section';
import { SessionsSection } from './sessions-section';
import { settingsMessages as m } from './settings.messages';
import { SettingsCard } from './settings-card';
import { Actions, Field, Section } from './settings-form-parts';
import { TwoFactorSection } from './two-factor-section';

/** The other Settings & privacy pages, listed on this one so it is where settings start. */
const MORE_SETTINGS = [
  { name: m.privacySettings, to: '/settings/privacy' },
  { name: m.blocking, to: '/settings/blocking' },
  { name: m.muted, to: '/settings/muted' },
] as const;

/**
 * Settings & privacy → Settings (/settings): the member's own account. Language, name, e-mail,
 * password, two-factor sign-in, where they are logged in and their information, each a part of
 * its own, then the other settings pages and, last, deleting the account.
 */
export function AccountSettingsPage() {
  const t = useT();
  return (
    <SettingsCard title={t(m.title)} intro={t(m.intro)}>
      <LanguageSection />
      <NameSection />
      <EmailSection />
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
      <ExportSection />
      <MoreSettings />
      <DeleteAccountSection />
    </SettingsCard>
  );
}

/** First name and surname, under the sign-up's rules; the username stays. */
function NameSection() {
  const t = useT();
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
    <Section title={t(m.nameTitle)} intro={t(m.nameIntro)}>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.nameFields}>
          <Field
            label={t(m.firstName)}
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name', { onChange: forgetAnswer })}
          />
          <Field
            label={t(m.surname)}
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name', { onChange: forgetAnswer })}
          />
        </div>
        {changeName.isError && (
          <FormMessage tone="error">{errorMessage(changeName.error)}</FormMessage>
        )}
        <Actions
          label={t(m.save)}
          pendingLabel={t(m.savingName)}
          pending={changeName.isPending}
          success={changeName.data?.message}
        />
      </form>
    </Section>
  );
}

/** The current password, then the new one twice, under the reset's rules. */
function PasswordSection() {
  const t = useT();
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
    <Section title={t(m.passwordTitle)} intro={t(m.passwordIntro)}>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.passwordFields}>
          <Field
            label={t(m.currentPassword)}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword', { onChange: forgetAnswer })}
          />
          <Field
            label={t(m.newPassword)}
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
            label={t(m.confirmNewPassword)}
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
          label={t(m.changePassword)}
          pendingLabel={t(m.changingPassword)}
          pending={changePassword.isPending}
          success={changePassword.data?.message}
        />
      </form>
    </Section>
  );
}

/** The other Settings & privacy pages. */
function MoreSettings() {
  const t = useT();
  const titleId = useId();
  return (
    <nav className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t(m.privacyAndPeople)}
      </h2>
      <ul className={styles.links}>
        {MORE_SETTINGS.map(({ name, to }) => (
          <li key={to}>
            <Link to={to} className={styles.linkRow}>
              <span className={styles.linkText}>{t(name)}</span>
              <ChevronRightIcon className={styles.chevron} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
