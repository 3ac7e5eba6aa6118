import {
  type About,
  birthYearChoices,
  daysInMonth,
  type GENDERS,
  isAcceptableBirthDate,
  JOIN_REASON_MAX,
  REDIRECT_DELAY_MS,
  REGISTER_MESSAGES,
  type RegisterInput,
  registerSchema,
  type SessionUser,
  SIGNUP_MESSAGES,
  type SignupMode,
} from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAboutQuery } from '../../api/about';
import { useRegisterMutation } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { formatLocale, type MessageDescriptor, pseudoMarked, useT } from '../../i18n';
import { contractMessages } from '../../i18n/server.messages';
import { useNavigate } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import { storeSessionUser } from '../../session/session-cookie';
import buttons from '../../ui/button.module.css';
import { Dialog } from '../../ui/dialog';
import { FieldError, TextAreaField, TextField, useErrorPlacement } from '../../ui/form-field';
import { ErrorIcon } from '../../ui/icons';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import { useAfterDelay } from '../../ui/use-after-delay';
import { registerMessages as m } from './register-modal.messages';
import styles from './register-modal.module.css';

/**
 * The schema reports an impossible birth date on `birthDate`, beside the three selects;
 * `agreeRules` is the 'I agree to the server rules' box, which only the form checks.
 */
type RegisterFormValues = z.input<typeof registerSchema> & {
  birthDate?: string;
  agreeRules?: boolean;
};

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

/** What the server asks of a newcomer beside the spec's fields (GET /about). */
interface SignupNeeds {
  mode: SignupMode;
  /** The server has rules: the newcomer ticks that they agree to them. */
  agreement: boolean;
}

/**
 * The spec's checks, then what the sign-up mode asks: an invite code (invite), a reason
 * (approval), and agreeing to the rules when there are any. The server checks them too.
 */
function signupResolver(
  needs: RefObject<SignupNeeds>,
): Resolver<RegisterFormValues, unknown, RegisterInput> {
  return async (values, context, options) => {
    const result = await registerResolver(values, context, options);
    const { mode, agreement } = needs.current;
    const extra: FieldErrors<RegisterFormValues> = {};
    if (mode === 'invite' && !values.invite?.trim()) {
      extra.invite = { type: 'required', message: SIGNUP_MESSAGES.inviteRequired };
    }
    if (mode === 'approval' && !values.reason?.trim()) {
      extra.reason = { type: 'required', message: SIGNUP_MESSAGES.reasonRequired };
    }
    if (agreement && !values.agreeRules) {
      extra.agreeRules = { type: 'required', message: SIGNUP_MESSAGES.rulesRequired };
    }
    if (Object.keys(extra).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...extra } };
  };
}

/** The input as the mode wants it: the invite code only by invite, the reason only by approval. */
function forMode(input: RegisterInput, mode: SignupMode): RegisterInput {
  const { invite, reason, ...fields } = input;
  return {
    ...fields,
    ...(mode === 'invite' && invite ? { invite } : {}),
    ...(mode === 'approval' && reason ? { reason } : {}),
  };
}

const GENDER_LABELS: Record<(typeof GENDERS)[number], MessageDescriptor> = {
  female: m.female,
  male: m.male,
  custom: m.custom,
};
const GENDER_ORDER = [
  'female',
  'male',
  'custom',
] as const satisfies readonly (typeof GENDERS)[number][];

/** The months' short names, in the app's language ('Jan' … 'Dec' in English). */
function monthsIn(locale: string) {
  const monthName = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: pseudoMarked(monthName.format(new Date(Date.UTC(2000, i, 1)))),
  }));
}

interface RegisterModalProps {
  onClose: () => void;
  /** The code of the invite link the page was opened with (`?invite=CODE`). */
  inviteCode?: string | undefined;
}

/**
 * Sign Up: what the server asks of a newcomer comes from GET /about. Closed, the modal says so
 * instead of showing the form; in approval mode the answer is a request waiting, not a session.
 */
export function RegisterModal({ onClose, inviteCode }: RegisterModalProps) {
  const t = useT();
  const titleId = useId();
  const about = useAboutQuery();
  const [waiting, setWaiting] = useState(false);
  // Unreadable, the server's settings are the server's business: the form is sent as it is and
  // the server answers what it asks for.
  const known = about.data ?? (about.isError ? null : undefined);
  return (
    <Dialog
      title={t(m.title)}
      titleId={titleId}
      look="banner"
      subtitle={t(m.subtitle)}
      onClose={onClose}
      className={styles.modal}
    >
      {known === undefined ? (
        <div className={styles.notice}>
          <Spinner label={t(m.loading)} />
        </div>
      ) : known?.signupMode === 'closed' ? (
        <SignupNotice onClose={onClose}>{t(contractMessages.signup.closed)}</SignupNotice>
      ) : waiting ? (
        <SignupNotice onClose={onClose}>{t(contractMessages.signup.awaitingApproval)}</SignupNotice>
      ) : (
        <RegisterForm
          titleId={titleId}
          about={known}
          inviteCode={inviteCode}
          onWaiting={() => setWaiting(true)}
        />
      )}
    </Dialog>
  );
}

/** A sentence in place of the form (closed, or the application sent), and OK to close. */
function SignupNotice({ onClose, children }: { onClose: () => void; children: string }) {
  const t = useT();
  const ref = useRef<HTMLParagraphElement>(null);
  // The form (and the button pressed) just left: the sentence takes the focus, so it is read.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className={styles.notice}>
      <p ref={ref} role="status" tabIndex={-1} className={styles.noticeText} data-autofocus="">
        {children}
      </p>
      <button type="button" className={buttons.primary} onClick={onClose}>
        {t(m.ok)}
      </button>
    </div>
  );
}

function RegisterForm({
  titleId,
  about,
  inviteCode,
  onWaiting,
}: {
  titleId: string;
  about: About | null;
  inviteCode: string | undefined;
  onWaiting: () => void;
}) {
  const t = useT();
  const { dispatch } = useSession();
  const navigate = useNavigate();
  const signUp = useRegisterMutation();
  const [registered, setRegistered] = useState<SessionUser | null>(null);
  const [dateTouched, setDateTouched] = useState(false);
  const today = useMemo(() => new Date(), []);
  const years = useMemo(() => birthYearChoices(today), [today]);
  const locale = formatLocale();
  const months = useMemo(() => monthsIn(locale), [locale]);
  const mode: SignupMode = about?.signupMode ?? 'open';
  const rules = about?.rules ?? [];
  const needs = useRef<SignupNeeds>({ mode, agreement: rules.length > 0 });
  needs.current = { mode, agreement: rules.length > 0 };
  const [resolver] = useState(() => signupResolver(needs));

  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setFocus,
    trigger,
    formState: { errors, isSubmitted },
  } = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      bYear: String(today.getFullYear()),
      bMonth: String(today.getMonth() + 1),
      bDay: String(today.getDate()),
      invite: inviteCode ?? '',
      reason: '',
      agreeRules: false,
    },
  });

  // The form may come after a moment of loading, once the dialog has taken the focus.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active.getAttribute('role') === 'dialog' || active === document.body) {
      setFocus('first_name');
    }
  }, [setFocus]);
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
    signUp.mutate(forMode(input, mode), {
      onSuccess: (answer) => {
        // Approval mode: no token, no session; the request waits for a moderator.
        if ('pending' in answer) onWaiting();
        else setRegistered(storeSessionUser(answer));
      },
    });
  });

  // Wide screens alternate sides, so long messages of neighbouring rows never overlap.
  const datePlacement = useErrorPlacement('right', 'below');
  const genderPlacement = useErrorPlacement('left', 'below');
  const dateError = showDateError ? errors.birthDate?.message : undefined;
  const genderError = errors.gender?.message;
  const busy = signUp.isPending || registered !== null;
  const agreeError = errors.agreeRules?.message;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.row}>
        <TextField
          label={t(m.firstName)}
          autoComplete="given-name"
          side="left"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label={t(m.surname)}
          autoComplete="family-name"
          side="right"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <TextField
        label={t(m.email)}
        type="email"
        side="right"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t(m.newPassword)}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          {t(m.dateOfBirth)}
          {dateError && <ErrorIcon className={styles.legendIcon} width={16} height={16} />}
        </legend>
        <div className={styles.groupBody}>
          {dateError && datePlacement === 'above' && (
            <FieldError id={`${titleId}-date`} message={dateError} placement="above" />
          )}
          <div className={styles.choices}>
            <select
              aria-label={t(m.day)}
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
              aria-label={t(m.month)}
              className={dateError ? `${styles.select} ${styles.invalid}` : styles.select}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? `${titleId}-date` : undefined}
              {...register('bMonth', { onChange: onDateChange, onBlur: onDateBlur })}
            >
              {months.map((month) => (
                <option key={month.value} value={month.value}>
                  {month.label}
                </option>
              ))}
            </select>
            <select
              aria-label={t(m.year)}
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
          {t(m.gender)}
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
                {t(GENDER_LABELS[gender])}
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

      {mode === 'invite' && (
        <TextField
          label={t(m.inviteCode)}
          autoComplete="off"
          spellCheck={false}
          error={errors.invite?.message}
          {...register('invite')}
        />
      )}
      {mode === 'approval' && (
        <TextAreaField
          label={t(m.whyJoin)}
          rows={3}
          maxLength={JOIN_REASON_MAX}
          error={errors.reason?.message}
          {...register('reason')}
        />
      )}
      {rules.length > 0 && (
        <section className={styles.rules} aria-labelledby={`${titleId}-rules`}>
          <h3 id={`${titleId}-rules`} className={styles.rulesTitle}>
            {t(m.serverRules)}
          </h3>
          <ol className={styles.rulesList}>
            {rules.map((rule, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rules are plain lines in their order; two may read alike.
              <li key={index} dir="auto">
                {rule}
              </li>
            ))}
          </ol>
          <label className={agreeError ? `${styles.agree} ${styles.agreeInvalid}` : styles.agree}>
            <input
              type="checkbox"
              aria-invalid={agreeError ? true : undefined}
              aria-describedby={agreeError ? `${titleId}-agree` : undefined}
              {...register('agreeRules')}
            />
            {t(m.agreeRules)}
          </label>
          {agreeError && (
            <FieldError id={`${titleId}-agree`} message={agreeError} placement="below" />
          )}
        </section>
      )}

      <p className={styles.terms}>{t(m.terms)}</p>
      <div className={styles.submit}>
        <SubmitButton className={`${buttons.success} ${styles.signUp}`} disabled={busy}>
          {t(m.signUp)}
        </SubmitButton>
        {signUp.isPending && <Spinner label={t(m.signingUp)} />}
        {signUp.isSuccess && <FormMessage tone="success">{signUp.data.message}</FormMessage>}
        {signUp.isError && <FormMessage tone="error">{errorMessage(signUp.error)}</FormMessage>}
      </div>
    </form>
  );
}
