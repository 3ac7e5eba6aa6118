import type { EmailBlock } from '@hearth/contract';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useEmailBlocksQuery, useLiftEmailBlockMutation } from '../../api/moderation';
import { ErrorBox } from '../../ui/error-box';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import styles from './admin.module.css';

/**
 * Refused addresses (on the settings page, admins): the addresses of accounts an admin deleted,
 * which cannot sign up again, listed by the deleted member's name (the server keeps only a hash
 * of the address). 'Allow this address again' lets it sign up.
 */
export function EmailBlocksSection() {
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
          Refused addresses
        </h2>
        <p className={styles.hint}>
          The e-mail address of an account an admin deleted cannot sign up again until you allow it
          here. Only the member's name is shown: the address itself is not kept.
        </p>
      </div>
      <p role="status" className={styles.rowDone}>
        {allowed}
      </p>
      {blocks.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading refused addresses" />
        </div>
      ) : blocks.isError ? (
        <ErrorBox message={errorMessage(blocks.error)} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <p className={styles.empty}>
          No refused addresses: every deleted account's address may sign up again.
        </p>
      ) : (
        <ul
          ref={listRef}
          className={styles.list}
          aria-label="Refused addresses"
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
                    setAllowed(`The address of ${block.name} may sign up again.`);
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
  const nameId = useId();
  return (
    <li className={styles.row} data-testid="email-block">
      <div className={styles.who}>
        <span id={nameId} className={styles.name}>
          {block.name}
        </span>
        <span className={styles.detail}>
          Account deleted <RelativeTime iso={block.createdAt} />
        </span>
        {block.reason && <span className={styles.detail}>Reason: {block.reason}</span>}
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
          {pending ? 'Allowing…' : 'Allow this address again'}
        </button>
      </div>
    </li>
  );
}
