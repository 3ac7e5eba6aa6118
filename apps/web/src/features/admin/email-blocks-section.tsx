import type { EmailBlock } from '@hearth/contract';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useEmailBlocksQuery, useLiftEmailBlockMutation } from '../../api/moderation';
import { T, translate, useT } from '../../i18n';
import { ErrorBox } from '../../ui/error-box';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { adminMessages as a } from './admin.messages';
import styles from './admin.module.css';
import { emailBlocksMessages as m } from './admin-settings-page.messages';

/**
 * Refused addresses (on the settings page, admins): the addresses of accounts an admin deleted,
 * which cannot sign up again, listed by the deleted member's name (the server keeps only a hash
 * of the address). 'Allow this address again' lets it sign up.
 */
export function EmailBlocksSection() {
  const t = useT();
  const blocks = useEmailBlocksQuery();
  // The call lives here, not in the row: the row leaves the list as the call succeeds.
  const lift = useLiftEmailBlockMutation();
  const [failure, setFailure] = useState<{ blockId: string; message: string } | null>(null);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [allowed, setAllowed] = useState('');
  // An allowed address leaves: focus goes to the button of the one that took its place.
  const focusAfterRemoval = useFocusAfterRemoval(
    blocks.data?.map((block) => block._id) ?? [],
    () => [...(listRef.current?.querySelectorAll<HTMLElement>('button') ?? [])],
    () => headingRef.current?.focus(),
  );

  return (
    <section aria-labelledby={headingId} className={styles.blocks}>
      <div className={styles.field}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.subheading}>
          {t(m.heading)}
        </h2>
        <p className={styles.hint}>{t(m.hint)}</p>
      </div>
      <p role="status" className={styles.rowDone}>
        {allowed}
      </p>
      {blocks.isPending ? (
        <div className={styles.loading}>
          <Spinner label={t(m.loading)} />
        </div>
      ) : blocks.isError ? (
        <ErrorBox message={errorMessage(blocks.error)} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <p className={styles.empty}>{t(m.empty)}</p>
      ) : (
        <ul
          ref={listRef}
          className={styles.list}
          aria-label={t(m.heading)}
          data-testid="email-blocks"
        >
          {blocks.data.map((block, index) => (
            <EmailBlockRow
              key={block._id}
              block={block}
              pending={lift.isPending && lift.variables === block._id}
              error={failure?.blockId === block._id ? failure.message : null}
              onAllow={() => {
                setFailure(null);
                setAllowed('');
                lift.mutate(block._id, {
                  onSuccess: () => {
                    focusAfterRemoval(block._id, index);
                    setAllowed(translate(m.allowedNote, { name: block.name }));
                  },
                  onError: (error) =>
                    setFailure({ blockId: block._id, message: errorMessage(error) }),
                });
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function EmailBlockRow({
  block,
  pending,
  error,
  onAllow,
}: {
  block: EmailBlock;
  pending: boolean;
  /** Why allowing it failed, in the server's words. */
  error: string | null;
  onAllow: () => void;
}) {
  const t = useT();
  const nameId = useId();
  return (
    <li className={styles.row} data-testid="email-block">
      <div className={styles.who}>
        <span id={nameId} className={styles.name} dir="auto">
          {block.name}
        </span>
        <span className={styles.detail}>
          <T
            message={m.accountDeleted}
            components={{ 0: <RelativeTime iso={block.createdAt} /> }}
          />
        </span>
        {block.reason && (
          <span className={styles.detail}>{t(a.reasonLine, { reason: block.reason })}</span>
        )}
        {error && (
          <p role="alert" className={styles.rowError}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          aria-describedby={nameId}
          disabled={pending}
          onClick={onAllow}
        >
          {pending ? t(m.allowing) : t(m.allow)}
        </button>
      </div>
    </li>
  );
}
