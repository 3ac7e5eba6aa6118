import { type ResetCodeInput, resetCodeSchema } from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useValidateResetCodeMutation } from '../../api/auth';
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

interface CodeStepProps {
  email: string;
  /** The server's answer to sending the code, shown in green. */
  sentMessage: string | null;
  onValid: () => void;
}

/** Step 2: the code from the e-mail. */
export function CodeStep({ email, sentMessage, onValid }: CodeStepProps) {
  const t = useT();
  const validate = useValidateResetCodeMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetCodeInput>({
    resolver: zodResolver(resetCodeSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(({ code }) =>
    validate.mutate({ email, code }, { onSuccess: () => onValid() }),
  );

  return (
    <ResetCard title={t(m.codeTitle)}>
      <form onSubmit={onSubmit} noValidate>
        {sentMessage && !validate.isError && (
          <FormMessage tone="success">{sentMessage}</FormMessage>
        )}
        <p className={styles.text}>{t(m.codeText)}</p>
        <TextField
          label={t(m.code)}
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...register('code')}
        />
        {validate.isError && <FormMessage tone="error">{errorMessage(validate.error)}</FormMessage>}
        <div className={styles.actions}>
          {validate.isPending && <Spinner label={t(m.checkingCode)} />}
          <Link to="/login" className={buttons.secondary}>
            {t(m.cancel)}
          </Link>
          <SubmitButton className={buttons.primary} disabled={validate.isPending}>
            {t(m.continue)}
          </SubmitButton>
        </div>
      </form>
    </ResetCard>
  );
}
