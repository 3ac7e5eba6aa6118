import {
  type LoginInput,
  loginSchema,
  REDIRECT_DELAY_MS,
  type SessionUser,
} from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useLoginMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useSession } from '../../session/session-context';
import { storeSessionUser } from '../../session/session-cookie';
import buttons from '../../ui/button.module.css';
import { TextField } from '../../ui/form-field';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import { useAfterDelay } from '../../ui/use-after-delay';
import styles from './login-page.module.css';

interface LoginFormProps {
  /** Where to go once logged in; without it the member stays on the current route. */
  redirectTo?: string | undefined;
  onCreateAccount: () => void;
}

export function LoginForm({ redirectTo, onCreateAccount }: LoginFormProps) {
  const { dispatch } = useSession();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [loggedIn, setLoggedIn] = useState<SessionUser | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  useAfterDelay(loggedIn !== null, REDIRECT_DELAY_MS.login, () => {
    if (!loggedIn) return;
    dispatch({ type: 'LOGIN', payload: loggedIn });
    if (redirectTo) navigate(redirectTo, { replace: true });
  });

  const onSubmit = handleSubmit((input) => {
    login.mutate(input, { onSuccess: (answer) => setLoggedIn(storeSessionUser(answer)) });
  });

  const busy = login.isPending || loggedIn !== null;
  return (
    <div className={styles.card}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Log in">
        <TextField
          label="Email address or phone number"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton className={`${buttons.primary} ${styles.loginButton}`} disabled={busy}>
          Log In
        </SubmitButton>
        {login.isPending && <Spinner label="Logging in" />}
        {login.isSuccess && <FormMessage tone="success">{login.data.message}</FormMessage>}
        {login.isError && <FormMessage tone="error">{errorMessage(login.error)}</FormMessage>}
      </form>
      <Link to="/reset" className={styles.forgotten}>
        Forgotten password?
      </Link>
      <hr className={styles.separator} />
      <button
        type="button"
        className={`${buttons.success} ${styles.createButton}`}
        onClick={onCreateAccount}
      >
        Create Account
      </button>
    </div>
  );
}
