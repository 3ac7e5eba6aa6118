import { type ChangeEmailInput, changeEmailSchema } from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useAccountQuery, useChangeEmailMutation } from '../../api/account';
import { errorMessage } from '../../api/client';
import { ErrorBox } from '../../ui/error-box';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import styles from './account-settings.module.css';
import own from './email-section.module.css';
import { Actions, Field, Section } from './settings-form-parts';

/**
 * The member's e-mail address, and a form for a new one with their password. Nothing changes
 * until the member opens the link sent to the new address; until then the page says it waits.
 */
export function EmailSection() {
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
    <Section
      title="E-mail"
      intro="You log in with this address, and we write to it. A new address takes over once you open the link we send to it."
    >
      {account.data ? (
        <p className={own.address}>
          Your e-mail address is <strong>{account.data.email}</strong>
        </p>
      ) : account.isError ? (
        <ErrorBox message={errorMessage(account.error)} onRetry={() => void account.refetch()} />
      ) : (
        <Spinner label="Loading your e-mail address" />
      )}
      {pendingEmail && (
        <p className={own.waiting}>
          Waiting for you to open the link we sent to <strong>{pendingEmail}</strong>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.passwordFields}>
          <Field
            label="New e-mail address"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email', { onChange: forgetAnswer })}
          />
          <Field
            label="Your password"
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
          label="Send link"
          pendingLabel="Sending the link"
          pending={changeEmail.isPending}
          success={changeEmail.data?.message}
        />
      </form>
    </Section>
  );
}
