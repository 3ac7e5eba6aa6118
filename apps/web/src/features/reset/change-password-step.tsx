import { type NewPasswordInput, newPasswordSchema, REDIRECT_DELAY_MS } from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useResetPasswordMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useT } from '../../i18n';
import { Link, useNavigate } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import buttons from '../../ui/button.module.css';
import { TextField } from '../../ui/form-field';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import { useAfterDelay } from '../../ui/use-after-delay';
import { resetMessages as m } from './reset.messages';
import { ResetCard } from './reset-card';
import styles from './reset-page.module.css';

/** Step 3: the new password; on success the member is logged out and sent to /login. */
export function ChangePasswordStep({ email }: { email: string }) {
  const t = useT();
  const { dispatch } = useSession();
  const navigate = useNavigate();
  const resetPassword = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confPassword: '' },
  });

  useAfterDelay(resetPassword.isSuccess, REDIRECT_DELAY_MS.reset, () => {
    dispatch({ type: 'LOGOUT' });
    navigate('/login', { replace: true });
  });

  const onSubmit = handleSubmit((input) => resetPassword.mutate({ email, ...input }));
  const done = resetPassword.isSuccess;

  return (
    <ResetCard title={t(m.passwordTitle)}>
      <form onSubmit={onSubmit} noValidate>
        <p className={styles.text}>{t(m.passwordText)}</p>
        <div className={styles.fields}>
          <TextField
            label={t(m.newPassword)}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password', {
              // The confirmation is compared again once it has been touched.
              onChange: () => {
                if (getFieldState('confPassword').isTouched) void trigger('confPassword');
              },
            })}
          />
          <TextField
            label={t(m.confirmPassword)}
            type="password"
            autoComplete="new-password"
            error={errors.confPassword?.message}
            {...register('confPassword')}
          />
        </div>
        {resetPassword.isSuccess && (
          <FormMessage tone="success">{resetPassword.data.message}</FormMessage>
        )}
        {resetPassword.isError && (
          <FormMessage tone="error">{errorMessage(resetPassword.error)}</FormMessage>
        )}
        <div className={styles.actions}>
          {resetPassword.isPending && <Spinner label={t(m.changingPassword)} />}
          <Link to="/login" className={buttons.secondary}>
            {t(m.cancel)}
          </Link>
          <SubmitButton className={buttons.primary} disabled={resetPassword.isPending || done}>
            {t(m.continue)}
          </SubmitButton>
        </div>
      </form>
    </ResetCard>
  );
}
