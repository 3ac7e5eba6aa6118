import { type ChangeEmailInput, changeEmailSchema } from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useAccountQuery, useChangeEmailMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { T, useT } from '../../i18n';
import { ErrorBox } from '../../ui/error-box';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import styles from './account-settings.module.css';
import { emailSectionMessages as m } from './email-section.messages';
import own from './email-section.module.css';
import { Actions, Field, Section } from './settings-form-parts';

/**
 * The member's e-mail address, and a form for a new one with their password. Nothing changes
 * until the member opens the link sent to the new address; until then the page says it waits.
 */
export function EmailSection() {
  const t = useT();
  const account = useAccountQuery();
  const changeEmail = useChangeEmailMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    mode: 'onTouched',
    defaultValues: { email: '', currentPassword: '' },
  });

  // A change after an answer is a new attempt: the earlier answer no longer speaks for it.
  const forgetAnswer = () => {
    if (changeEmail.isSuccess || changeEmail.isError) changeEmail.reset();
  };

  // The password does not stay on screen once the link is sent; the address waiting shows above.
  const onSubmit = handleSubmit((input) => changeEmail.mutate(input, { onSuccess: () => reset() }));

  const pendingEmail = account.data?.pendingEmail;
  return (
    <Section title={t(m.title)} intro={t(m.intro)}>
      {account.data ? (
        <p className={own.address}>
          <T
            message={m.address}
            values={{ email: account.data.email }}
            components={{ 0: <strong dir="auto" /> }}
          />
        </p>
      ) : account.isError ? (
        <ErrorBox message={errorMessage(account.error)} onRetry={() => void account.refetch()} />
      ) : (
        <Spinner label={t(m.loading)} />
      )}
      {pendingEmail && (
        <p className={own.waiting}>
          <T
            message={m.waiting}
            values={{ email: pendingEmail }}
            components={{ 0: <strong dir="auto" /> }}
          />
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.passwordFields}>
          <Field
            label={t(m.newAddress)}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email', { onChange: forgetAnswer })}
          />
          <Field
            label={t(m.yourPassword)}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword', { onChange: forgetAnswer })}
          />
        </div>
        {changeEmail.isError && (
          <FormMessage tone="error">{errorMessage(changeEmail.error)}</FormMessage>
        )}
        <Actions
          label={t(m.sendLink)}
          pendingLabel={t(m.sending)}
          pending={changeEmail.isPending}
          success={changeEmail.data?.message}
        />
      </form>
    </Section>
  );
}
