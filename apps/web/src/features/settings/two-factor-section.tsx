import {
  type TwoFactorDisableInput,
  type TwoFactorEnableInput,
  type TwoFactorSetupAnswer,
  type TwoFactorSetupInput,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
} from '@hearth/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useAccountQuery } from '../../api/account';
import { errorMessage } from '../../api/client';
import {
  useTwoFactorDisableMutation,
  useTwoFactorEnableMutation,
  useTwoFactorSetupMutation,
} from '../../api/two-factor';
import { type MessageDescriptor, T, useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import formStyles from './account-settings.module.css';
import { Actions, Field, Section } from './settings-form-parts';
import { twoFactorMessages as m } from './two-factor-section.messages';
import styles from './two-factor-section.module.css';

/** Where turning it on or off has got to; the account query says whether it is on. */
type Flow =
  | { kind: 'idle'; notice?: string }
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetupAnswer }
  | { kind: 'codes'; message: string; codes: string[] }
  | { kind: 'turnOff' };

/**
 * Settings → Two-factor sign-in (API.md, One's own account). Off: 'Turn on' asks the password,
 * then shows the QR code and the key to type, and a first code from the app turns it on; the ten
 * recovery codes show this once, to copy and keep. On: the recovery codes left, and 'Turn off'
 * with the password and a code.
 */
export function TwoFactorSection() {
  const t = useT();
  const account = useAccountQuery();
  const [flow, setFlow] = useState<Flow>({ kind: 'idle' });
  const done = (notice?: string) => setFlow(notice ? { kind: 'idle', notice } : { kind: 'idle' });

  return (
    <Section title={t(m.title)} intro={t(m.intro)}>
      <TwoFactorBody account={account} flow={flow} setFlow={setFlow} done={done} />
    </Section>
  );
}

function TwoFactorBody({
  account,
  flow,
  setFlow,
  done,
}: {
  account: ReturnType<typeof useAccountQuery>;
  flow: Flow;
  setFlow: (flow: Flow) => void;
  done: (notice?: string) => void;
}) {
  const t = useT();
  // Shown once, whatever the account now says: it is on by the time they show.
  if (flow.kind === 'codes') {
    return <RecoveryCodes message={flow.message} codes={flow.codes} onDone={() => done()} />;
  }
  if (account.isPending) return <Spinner label={t(m.loading)} />;
  if (account.isError) return <FormMessage tone="error">{errorMessage(account.error)}</FormMessage>;
  const notice = flow.kind === 'idle' ? flow.notice : undefined;

  if (account.data.twoFactor.enabled) {
    if (flow.kind === 'turnOff') return <TurnOffForm onCancel={() => done()} onOff={done} />;
    const left = account.data.twoFactor.recoveryCodesLeft;
    return (
      <div className={styles.state}>
        <p className={styles.stateLine}>
          <span className={styles.on}>{t(m.on)}</span>{' '}
          <span>{t(m.codesLeft, { count: left })}</span>
        </p>
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => setFlow({ kind: 'turnOff' })}
          >
            {t(m.turnOff)}
          </button>
        </div>
      </div>
    );
  }
  if (flow.kind === 'password') {
    return (
      <PasswordStep onSetup={(setup) => setFlow({ kind: 'scan', setup })} onCancel={() => done()} />
    );
  }
  if (flow.kind === 'scan') {
    return (
      <ScanStep
        setup={flow.setup}
        onEnabled={(message, codes) => setFlow({ kind: 'codes', message, codes })}
        onCancel={() => done()}
      />
    );
  }
  return (
    <div className={styles.state}>
      <p className={styles.stateLine}>{t(m.off)}</p>
      <div className={styles.buttons}>
        <button
          type="button"
          className={formStyles.primary}
          onClick={() => setFlow({ kind: 'password' })}
        >
          {t(m.turnOn)}
        </button>
      </div>
      <p role="status" className={formStyles.status}>
        {notice && serverText(notice)}
      </p>
    </div>
  );
}

/** Moves the focus to the step's first field once it shows: the step replaced what was there. */
function useFocusOnShow<T extends HTMLElement>() {
  const element = useRef<T | null>(null);
  useEffect(() => element.current?.focus(), []);
  return element;
}

/** The member's password, the step's first field: it takes the focus once it shows. */
function PasswordField({
  error,
  ref,
  ...field
}: { error: string | undefined } & UseFormRegisterReturn<'currentPassword'>) {
  const t = useT();
  const first = useFocusOnShow<HTMLInputElement>();
  return (
    <Field
      label={t(m.yourPassword)}
      type="password"
      autoComplete="current-password"
      error={error}
      ref={(input) => {
        ref(input);
        first.current = input;
      }}
      {...field}
    />
  );
}

/** The end of each step's form: the call's error if it failed, its button, and Cancel. */
function StepActions({
  call,
  label,
  pendingLabel,
  onCancel,
}: {
  call: { isError: boolean; isPending: boolean; error: unknown };
  label: string;
  pendingLabel: string;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <>
      {call.isError && <FormMessage tone="error">{errorMessage(call.error)}</FormMessage>}
      <div className={styles.actionsRow}>
        <Actions
          label={label}
          pendingLabel={pendingLabel}
          pending={call.isPending}
          success={undefined}
        />
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t(m.cancel)}
        </button>
      </div>
    </>
  );
}

/** The password first: a new secret is made only for the member themselves. */
function PasswordStep({
  onSetup,
  onCancel,
}: {
  onSetup: (setup: TwoFactorSetupAnswer) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const setup = useTwoFactorSetupMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TwoFactorSetupInput>({
    resolver: zodResolver(twoFactorSetupSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '' },
  });

  return (
    <form
      onSubmit={handleSubmit((input) => setup.mutate(input, { onSuccess: onSetup }))}
      noValidate
    >
      <div className={formStyles.passwordFields}>
        <PasswordField
          error={errors.currentPassword?.message}
          {...register('currentPassword', {
            onChange: () => {
              if (setup.isError) setup.reset();
            },
          })}
        />
      </div>
      <StepActions
        call={setup}
        label={t(m.continue)}
        pendingLabel={t(m.makingKey)}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The base32 key in groups of four, as apps ask it typed. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The QR code (or the key to type) for the app, then a first code from it. */
function ScanStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupAnswer;
  onEnabled: (message: string, codes: string[]) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const enable = useTwoFactorEnableMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TwoFactorEnableInput>({
    resolver: zodResolver(twoFactorEnableSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });
  const image = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;
  const heading = useFocusOnShow<HTMLParagraphElement>();

  return (
    <form
      onSubmit={handleSubmit((input) =>
        enable.mutate(input, {
          onSuccess: ({ message, recoveryCodes }) => onEnabled(message, recoveryCodes),
        }),
      )}
      noValidate
      className={styles.scan}
    >
      <p ref={heading} tabIndex={-1} className={styles.stepTitle}>
        {t(m.scan)}
      </p>
      <img className={styles.qr} src={image} width={184} height={184} alt={t(m.qrAlt)} />
      <p className={styles.keyLine}>
        <T
          message={m.typeKey}
          values={{ key: grouped(setup.secret) }}
          components={{ 0: <code className={styles.key} dir="ltr" /> }}
        />
      </p>
      <div className={formStyles.passwordFields}>
        <Field
          label={t(m.appCode)}
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={12}
          error={errors.code?.message}
          {...register('code', {
            onChange: () => {
              if (enable.isError) enable.reset();
            },
          })}
        />
      </div>
      <StepActions
        call={enable}
        label={t(m.turnOn)}
        pendingLabel={t(m.checkingCode)}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The ten recovery codes, shown this once: each signs in once if the phone is lost. */
function RecoveryCodes({
  message,
  codes,
  onDone,
}: {
  message: string;
  codes: string[];
  onDone: () => void;
}) {
  const t = useT();
  const [copied, setCopied] = useState<MessageDescriptor | undefined>();
  const heading = useFocusOnShow<HTMLParagraphElement>();

  const copy = () => {
    const text = `${codes.join('\n')}\n`;
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      setCopied(m.copyUnavailable);
      return;
    }
    clipboard.writeText(text).then(
      () => setCopied(m.copied),
      () => setCopied(m.copyFailed),
    );
  };

  return (
    <div className={styles.scan}>
      <p ref={heading} tabIndex={-1} className={styles.stepTitle}>
        {serverText(message)}
      </p>
      <p className={styles.keyLine}>{t(m.codesExplain)}</p>
      <ol className={styles.codes} aria-label={t(m.codesLabel)}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actionsRow}>
        <button type="button" className={styles.secondary} onClick={copy}>
          {t(m.copy)}
        </button>
        <button type="button" className={formStyles.primary} onClick={onDone}>
          {t(m.savedThem)}
        </button>
        <p role="status" className={formStyles.status}>
          {copied && t(copied)}
        </p>
      </div>
    </div>
  );
}

/** The password and a code (from the app, or a recovery code) turn it off. */
function TurnOffForm({
  onCancel,
  onOff,
}: {
  onCancel: () => void;
  onOff: (notice: string) => void;
}) {
  const t = useT();
  const disable = useTwoFactorDisableMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TwoFactorDisableInput>({
    resolver: zodResolver(twoFactorDisableSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', code: '' },
  });
  const forget = () => {
    if (disable.isError) disable.reset();
  };

  return (
    <form
      onSubmit={handleSubmit((input) =>
        disable.mutate(input, { onSuccess: ({ message }) => onOff(message) }),
      )}
      noValidate
    >
      <div className={formStyles.passwordFields}>
        <PasswordField
          error={errors.currentPassword?.message}
          {...register('currentPassword', { onChange: forget })}
        />
        <Field
          label={t(m.turnOffCode)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          error={errors.code?.message}
          {...register('code', { onChange: forget })}
        />
      </div>
      <StepActions
        call={disable}
        label={t(m.turnOff)}
        pendingLabel={t(m.turningOff)}
        onCancel={onCancel}
      />
    </form>
  );
}
