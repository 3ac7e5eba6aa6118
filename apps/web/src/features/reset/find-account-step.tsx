import { type FindUserInput, findUserSchema, type ResetUserInfo } from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useFindUserMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useT } from '../../i18n';
import { Link } from '../../routing/routing';
import buttons from '../../ui/button.module.css';
import { TextField } from '../../ui/form-field';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import { resetMessages as m } from './reset.messages';
import { ResetCard } from './reset-card';
import styles from './reset-page.module.css';

/** Step 0: find the account by e-mail. */
export function FindAccountStep({ onFound }: { onFound: (account: ResetUserInfo) => void }) {
  const t = useT();
  const findUser = useFindUserMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FindUserInput>({
    resolver: zodResolver(findUserSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((input) => findUser.mutate(input, { onSuccess: onFound }));

  return (
    <ResetCard title={t(m.findTitle)}>
      <form onSubmit={onSubmit} noValidate>
        <p className={styles.text}>{t(m.findText)}</p>
        <TextField
          label={t(m.email)}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        {findUser.isError && <FormMessage tone="error">{errorMessage(findUser.error)}</FormMessage>}
        <div className={styles.actions}>
          {findUser.isPending && <Spinner label={t(m.searching)} />}
          <Link to="/login" className={buttons.secondary}>
            {t(m.cancel)}
          </Link>
          <SubmitButton className={buttons.primary} disabled={findUser.isPending}>
            {t(m.search)}
          </SubmitButton>
        </div>
      </form>
    </ResetCard>
  );
}
