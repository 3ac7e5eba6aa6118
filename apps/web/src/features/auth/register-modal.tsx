import {
  birthYearChoices,
  daysInMonth,
  type GENDERS,
  isAcceptableBirthDate,
  REDIRECT_DELAY_MS,
  REGISTER_MESSAGES,
  type RegisterInput,
  registerSchema,
  type SessionUser,
} from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useRegisterMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { useSession } from '../../session/session-context';
import { storeSessionUser } from '../../session/session-cookie';
import buttons from '../../ui/button.module.css';
import { Dialog } from '../../ui/dialog';
import { FieldError, TextField, useErrorPlacement } from '../../ui/form-field';
import { ErrorIcon } from '../../ui/icons';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import { useAfterDelay } from '../../ui/use-after-delay';
import styles from './register-modal.module.css';

/** The schema reports an impossible birth date on `birthDate`, beside the three selects. */
type RegisterFormValues = z.input<typeof registerSchema> & { birthDate?: string };

const schemaResolver = zodResolver(registerSchema) as Resolver<
  RegisterFormValues,
  unknown,
  RegisterInput
>;

/**
 * The schema's birth-date rule is a refinement, which zod runs only once every other field
 * is valid; the form checks it on its own too, so the date's error shows as soon as the date
 * is touched. Same rule (isAcceptableBirthDate), same message.
 */
const registerResolver: Resolver<RegisterFormValues, unknown, RegisterInput> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  const dateOk = isAcceptableBirthDate(
    Number(values.bYear),
    Number(values.bMonth),
    Number(values.bDay),
  );
  if (dateOk || result.errors.birthDate) return result;
  return {
    values: {},
    errors: {
      ...result.errors,
      birthDate: { type: 'custom', message: REGISTER_MESSAGES.birthDate },
    },
  };
};

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  custom: 'Custom',
};
const GENDER_ORDER = [
  'female',
  'male',
  'custom',
] as const satisfies readonly (typeof GENDERS)[number][];

const monthName = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' });
const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: monthName.format(new Date(Date.UTC(2000, i, 1))),
}));

export function RegisterModal({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const { dispatch } = useSession();
  const navigate = useNavigate();
  const signUp = useRegisterMutation();
  const [registered, setRegistered] = useState<SessionUser | null>(null);
  const [dateTouched, setDateTouched] = useState(false);
  const today = useMemo(() => new Date(), []);
  const years = useMemo(() => birthYearChoices(today), [today]);

  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    trigger,
    formState: { errors, isSubmitted },
  } = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: registerResolver,
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      bYear: String(today.getFullYear()),
      bMonth: String(today.getMonth() + 1),
      bDay: String(today.getDate()),
    },
  });

  const [bYear, bMonth] = watch(['bYear', 'bMonth']);
  const dayCount = daysInMonth(Number(bYear), Number(bMonth));
  const days = Array.from({ length: dayCount }, (_, i) => String(i + 1));

  // Day choices follow the month: a day the month lacks becomes its last day.
  useEffect(() => {
    if (Number(getValues('bDay')) > dayCount) setValue('bDay', String(dayCount));
  }, [dayCount, getValues, setValue]);

  const showDateError = dateTouched || isSubmitted;
  function onDateChange() {
    if (showDateError) void trigger('birthDate');
  }
  function onDateBlur() {
    setDateTouched(true);
    void trigger('birthDate');
  }

  useAfterDelay(registered !== null, REDIRECT_DELAY_MS.register, () => {
    if (!registered) return;
    dispatch({ type: 'LOGIN', payload: registered });
    navigate('/', { replace: true });
  });

  const onSubmit = handleSubmit((input) => {
    signUp.mutate(input, { onSuccess: (answer) => setRegistered(storeSessionUser(answer)) });
  });

  // Wide screens alternate sides, so long messages of neighbouring rows never overlap.
  const datePlacement = useErrorPlacement('right', 'below');
  const genderPlacement = useErrorPlacement('left', 'below');
  const dateError = showDateError ? errors.birthDate?.message : undefined;
  const genderError = errors.gender?.message;
  const busy = signUp.isPending || registered !== null;

  return (
    <Dialog
      title="Sign Up"
      titleId={titleId}
      look="banner"
      subtitle="It's quick and easy."
      onClose={onClose}
      className={styles.modal}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <TextField
            label="First name"
            autoComplete="given-name"
            side="left"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Surname"
            autoComplete="family-name"
            side="right"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <TextField
          label="Mobile number or email address"
          type="email"
          side="right"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />

        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            Date of birth
            {dateError && <ErrorIcon className={styles.legendIcon} width={16} height={16} />}
          </legend>
          <div className={styles.groupBody}>
            {dateError && datePlacement === 'above' && (
              <FieldError id={`${titleId}-date`} message={dateError} placement="above" />
            )}
            <div className={styles.choices}>
              <select
                aria-label="Day"
                className={dateError ? `${styles.select} ${styles.invalid}` : styles.select}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={dateError ? `${titleId}-date` : undefined}
                {...register('bDay', { onChange: onDateChange, onBlur: onDateBlur })}
              >
                {days.map((day) => (
                  <option key={day} value={day}>
                    {day}
                  </option>
                ))}
              </select>
              <select
                aria-label="Month"
                className={dateError ? `${styles.select} ${styles.invalid}` : styles.select}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={dateError ? `${titleId}-date` : undefined}
                {...register('bMonth', { onChange: onDateChange, onBlur: onDateBlur })}
              >
                {MONTHS.map((month) => (
                  <option key={month.value} value={month.value}>
                    {month.label}
                  </option>
                ))}
              </select>
              <select
                aria-label="Year"
                className={dateError ? `${styles.select} ${styles.invalid}` : styles.select}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={dateError ? `${titleId}-date` : undefined}
                {...register('bYear', { onChange: onDateChange, onBlur: onDateBlur })}
              >
                {years.map((year) => (
                  <option key={year} value={String(year)}>
                    {year}
                  </option>
                ))}
              </select>
              {dateError && (datePlacement === 'left' || datePlacement === 'right') && (
                <FieldError id={`${titleId}-date`} message={dateError} placement={datePlacement} />
              )}
            </div>
            {dateError && datePlacement === 'below' && (
              <FieldError id={`${titleId}-date`} message={dateError} placement="below" />
            )}
          </div>
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            Gender
            {genderError && <ErrorIcon className={styles.legendIcon} width={16} height={16} />}
          </legend>
          <div className={styles.groupBody}>
            {genderError && genderPlacement === 'above' && (
              <FieldError id={`${titleId}-gender`} message={genderError} placement="above" />
            )}
            <div className={styles.choices}>
              {GENDER_ORDER.map((gender) => (
                <label
                  key={gender}
                  className={genderError ? `${styles.radio} ${styles.invalid}` : styles.radio}
                >
                  {GENDER_LABELS[gender]}
                  <input
                    type="radio"
                    value={gender}
                    aria-invalid={genderError ? true : undefined}
                    aria-describedby={genderError ? `${titleId}-gender` : undefined}
                    {...register('gender')}
                  />
                </label>
              ))}
              {genderError && (genderPlacement === 'left' || genderPlacement === 'right') && (
                <FieldError
                  id={`${titleId}-gender`}
                  message={genderError}
                  placement={genderPlacement}
                />
              )}
            </div>
            {genderError && genderPlacement === 'below' && (
              <FieldError id={`${titleId}-gender`} message={genderError} placement="below" />
            )}
          </div>
        </fieldset>

        <p className={styles.terms}>
          People who use our service may have uploaded your contact information to Hearth. By
          clicking Sign Up, you agree to the terms and privacy policy of this Hearth community.
        </p>
        <div className={styles.submit}>
          <SubmitButton className={`${buttons.success} ${styles.signUp}`} disabled={busy}>
            Sign Up
          </SubmitButton>
          {signUp.isPending && <Spinner label="Signing up" />}
          {signUp.isSuccess && <FormMessage tone="success">{signUp.data.message}</FormMessage>}
          {signUp.isError && <FormMessage tone="error">{errorMessage(signUp.error)}</FormMessage>}
        </div>
      </form>
    </Dialog>
  );
}
