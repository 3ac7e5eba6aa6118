import { INVITE_DAYS_MAX, INVITE_USES_MAX, type Invite, inviteInputSchema } from '@hearth/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  useCreateInviteMutation,
  useInvitesQuery,
  useRevokeInviteMutation,
} from '../../api/moderation';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { useSessionUser } from '../../session/session-context';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { FormMessage } from '../../ui/message';
import { PageCard } from '../../ui/page-card';
import { fullDate } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { adminMessages as a } from './admin.messages';
import styles from './admin.module.css';
import { invitesMessages as m } from './invites-page.messages';

/** The invite's address to share: the server's, made absolute if it came as a path. */
function shareUrl(invite: Invite): string {
  return new URL(invite.url, window.location.origin).href;
}

/** Puts `text` on the clipboard; false where the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Invites (/admin/invites): admins, and members while the admin lets them. Make an invite link
 * for a number of sign-ups and days, copy it, see how it was used, revoke it.
 */
export function InvitesPage() {
  const t = useT();
  const user = useSessionUser();
  const invites = useInvitesQuery();
  const isAdmin = user.role === 'admin';
  return (
    <PageCard
      title={isAdmin ? t(m.titleAdmin) : t(m.titleMember)}
      intro={isAdmin ? t(m.introAdmin) : t(m.introMember)}
    >
      <NewInvite />
      <h2 className={styles.subheading}>{isAdmin ? t(m.links) : t(m.yourLinks)}</h2>
      {invites.isPending ? (
        <div className={styles.loading}>
          <Spinner label={t(m.loading)} />
        </div>
      ) : invites.isError ? (
        <ErrorBox message={errorMessage(invites.error)} onRetry={() => void invites.refetch()} />
      ) : invites.data.length === 0 ? (
        <p className={styles.empty}>{t(m.empty)}</p>
      ) : (
        <ul className={styles.list} aria-label={t(m.links)}>
          {invites.data.map((invite) => (
            <InviteRow key={invite.code} invite={invite} showMaker={isAdmin} />
          ))}
        </ul>
      )}
    </PageCard>
  );
}

/** The number in a box as typed; an empty box is none (Number('') would read 0). */
function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function NewInvite() {
  const t = useT();
  const create = useCreateInviteMutation();
  const [uses, setUses] = useState('1');
  const [days, setDays] = useState('7');
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<Invite | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const parsed = inviteInputSchema.safeParse({
      uses: typedNumber(uses),
      expiresInDays: typedNumber(days),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: setMade,
      onError: (failure) => setProblem(errorMessage(failure)),
    });
  }

  return (
    <form className={styles.inviteForm} onSubmit={onSubmit} noValidate aria-label={t(m.newLink)}>
      <div className={styles.inviteFields}>
        <NumberField label={t(m.signUps)} max={INVITE_USES_MAX} value={uses} onChange={setUses} />
        <NumberField label={t(m.days)} max={INVITE_DAYS_MAX} value={days} onChange={setDays} />
        <button type="submit" className={styles.primary} disabled={create.isPending}>
          {create.isPending ? t(m.making) : t(m.make)}
        </button>
      </div>
      {problem && <FormMessage tone="error">{serverText(problem)}</FormMessage>}
      {made && <MadeInvite key={made.code} invite={made} />}
    </form>
  );
}

/** A whole number from 1 to `max`, kept as typed: the form checks it on submit. */
function NumberField({
  label,
  max,
  value,
  onChange,
}: {
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The link just made, ready to copy. */
function MadeInvite({ invite }: { invite: Invite }) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const linkId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const url = shareUrl(invite);
  // Each new link (a new mount: see its key) takes the focus, selected, ready to copy.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  return (
    <div className={styles.made}>
      <label htmlFor={linkId} className={styles.label}>
        {t(m.yourNewLink)}
      </label>
      <div className={styles.copyRow}>
        <input
          ref={inputRef}
          id={linkId}
          className={styles.input}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className={styles.secondary}
          onClick={() =>
            void copyText(url).then((done) => {
              setCopied(done);
              if (!done) inputRef.current?.select();
            })
          }
        >
          {t(m.copyLink)}
        </button>
      </div>
      {copied === true && <FormMessage tone="success">{t(m.copied)}</FormMessage>}
      {copied === false && <FormMessage tone="error">{t(m.copyFailed)}</FormMessage>}
    </div>
  );
}

function InviteRow({ invite, showMaker }: { invite: Invite; showMaker: boolean }) {
  const t = useT();
  const revoke = useRevokeInviteMutation();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const url = shareUrl(invite);
  const expired = new Date(invite.expiresAt).getTime() <= Date.now();
  const usedUp = invite.used >= invite.uses;
  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <span className={`${styles.name} ${styles.code}`}>{url}</span>
        <span className={styles.detail}>
          {t(m.used, { used: invite.used, uses: invite.uses })}
          {usedUp ? ` ${t(m.usedUp)}` : ''}
          {' · '}
          {t(expired ? m.expired : m.expires, { date: fullDate(new Date(invite.expiresAt)) })}
        </span>
        {showMaker && (
          <span className={styles.detail}>
            {t(m.madeBy, {
              name: invite.createdBy ? fullName(invite.createdBy) : t(a.deletedAccount),
            })}
          </span>
        )}
        {error && (
          <p role="alert" className={styles.rowError}>
            {error}
          </p>
        )}
        {copied && (
          <p role="status" className={styles.rowDone}>
            {t(m.copied)}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {!expired && !usedUp && (
          <button
            type="button"
            className={styles.secondary}
            aria-label={t(m.copyCode, { code: invite.code })}
            onClick={() => void copyText(url).then(setCopied)}
          >
            {t(m.copy)}
          </button>
        )}
        <button
          type="button"
          className={styles.secondary}
          aria-label={t(m.revokeCode, { code: invite.code })}
          disabled={revoke.isPending}
          onClick={() => {
            setError(null);
            revoke.mutate(invite.code, { onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          {t(m.revoke)}
        </button>
      </div>
    </li>
  );
}
