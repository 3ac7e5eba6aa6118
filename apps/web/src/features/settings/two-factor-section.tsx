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
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import formStyles from './account-settings.module.css';
import { Actions, Field, Section } from './settings-form-parts';
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
  const account = useAccountQuery();
  const [flow, setFlow] = useState<Flow>({ kind: 'idle' });
  const done = (notice?: string) => setFlow(notice ? { kind: 'idle', notice } : { kind: 'idle' });

  return (
    <Section
      title="Two-factor sign-in"
      intro="Besides your password, logging in asks for a code from an authenticator app on your phone, so your password alone is not enough to get in."
    >
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
  // Shown once, whatever the account now says: it is on by the time they show.
  if (flow.kind === 'codes') {
    return <RecoveryCodes message={flow.message} codes={flow.codes} onDone={() => done()} />;
  }
  if (account.isPending) return <Spinner label="Loading two-factor sign-in" />;
  if (account.isError) return <FormMessage tone="error">{errorMessage(account.error)}</FormMessage>;
  const notice = flow.kind === 'idle' ? flow.notice : undefined;

  if (account.data.twoFactor.enabled) {
    if (flow.kind === 'turnOff') return <TurnOffForm onCancel={() => done()} onOff={done} />;
    const left = account.data.twoFactor.recoveryCodesLeft;
    return (
      <div className={styles.state}>
        <p className={styles.stateLine}>
          <span className={styles.on}>On.</span>{' '}
          <span>{left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}</span>
        </p>
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => setFlow({ kind: 'turnOff' })}
          >
            Turn off
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
      <p className={styles.stateLine}>Off.</p>
      <div className={styles.buttons}>
        <button
          type="button"
          className={formStyles.primary}
          onClick={() => setFlow({ kind: 'password' })}
        >
          Turn on
        </button>
      </div>
      <p role="status" className={formStyles.status}>
        {notice}
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
  const first = useFocusOnShow<HTMLInputElement>();
  return (
    <Field
      label="Your password"
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
          Cancel
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
        label="Continue"
        pendingLabel="Making your key"
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
        Scan this QR code with your authenticator app.
      </p>
      <img
        className={styles.qr}
        src={image}
        width={184}
        height={184}
        alt="QR code of your two-factor key, for your authenticator app to scan"
      />
      <p className={styles.keyLine}>
        Cannot scan it? Type this key into the app instead:{' '}
        <code className={styles.key}>{grouped(setup.secret)}</code>
      </p>
      <div className={formStyles.passwordFields}>
        <Field
          label="6-digit code from the app"
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
        label="Turn on"
        pendingLabel="Checking your code"
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
  const [copied, setCopied] = useState<string | undefined>();
  const heading = useFocusOnShow<HTMLParagraphElement>();

  const copy = () => {
    const text = `${codes.join('\n')}\n`;
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      setCopied('Copying is not available here: write the codes down instead.');
      return;
    }
    clipboard.writeText(text).then(
      () => setCopied('Copied.'),
      () => setCopied('They could not be copied: write them down instead.'),
    );
  };

  return (
    <div className={styles.scan}>
      <p ref={heading} tabIndex={-1} className={styles.stepTitle}>
        {message}
      </p>
      <p className={styles.keyLine}>
        If you lose your phone, each of these codes logs you in once instead of a code from the app.
        They are shown only now: copy them or write them down, and keep them somewhere safe.
      </p>
      <ol className={styles.codes} aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actionsRow}>
        <button type="button" className={styles.secondary} onClick={copy}>
          Copy
        </button>
        <button type="button" className={formStyles.primary} onClick={onDone}>
          I saved them
        </button>
        <p role="status" className={formStyles.status}>
          {copied}
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
          label="Code from your app, or a recovery code"
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
        label="Turn off"
        pendingLabel="Turning two-factor sign-in off"
        onCancel={onCancel}
      />
    </form>
  );
}
