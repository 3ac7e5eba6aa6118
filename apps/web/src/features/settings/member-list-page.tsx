import type { MessageDescriptor, PublicUser } from '@hearth/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { T, useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { Avatar } from '../../ui/avatar';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { fullName } from '../../ui/full-name';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { SettingsCard } from './settings-card';
import styles from './settings-page.module.css';

/** The call that takes a member off the list (Unmute, Unblock), as its mutation hook answers. */
export interface UndoMutation<Member> {
  isPending: boolean;
  variables?: { _id: string } | undefined;
  mutate: (member: Member, options: { onError: (failure: Error) => void }) => void;
}

/** A list page's messages (member-list.messages.ts), translated where they show. */
export interface MemberListTexts {
  title: MessageDescriptor;
  intro: MessageDescriptor;
  /** The list's accessible name. */
  listLabel: MessageDescriptor;
  /** The spinner's label: "Loading muted members". */
  loading: MessageDescriptor;
  empty: MessageDescriptor;
  /** Each member's time, `{time}`: "Muted 2 days ago". */
  since: MessageDescriptor;
  /** The undo button's text. */
  undo: MessageDescriptor;
  /** The undo button's label, with the member's `{name}`. */
  undoLabel: MessageDescriptor;
}

/**
 * A Settings & privacy list of members the member acted on (Muted, Blocking), most recent
 * first, each with a button that undoes it and takes them off the list.
 */
export function MemberListPage<Member extends PublicUser>({
  texts,
  query,
  useUndo,
  timeOf,
  nameLinksToProfile,
}: {
  texts: MemberListTexts;
  query: UseQueryResult<readonly Member[]>;
  useUndo: () => UndoMutation<Member>;
  timeOf: (member: Member) => string;
  /** False where the profile would not open for the member (one blocked). */
  nameLinksToProfile: boolean;
}) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <SettingsCard title={t(texts.title)} intro={t(texts.intro)} headingRef={headingRef}>
      {query.isPending ? (
        <div className={styles.loading}>
          <Spinner label={t(texts.loading)} />
        </div>
      ) : query.isError ? (
        <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <MemberList
          texts={texts}
          members={query.data}
          useUndo={useUndo}
          timeOf={timeOf}
          nameLinksToProfile={nameLinksToProfile}
          onEmptied={() => headingRef.current?.focus()}
        />
      )}
    </SettingsCard>
  );
}

function MemberList<Member extends PublicUser>({
  texts,
  members,
  useUndo,
  timeOf,
  nameLinksToProfile,
  onEmptied,
}: {
  texts: MemberListTexts;
  members: readonly Member[];
  useUndo: () => UndoMutation<Member>;
  timeOf: (member: Member) => string;
  nameLinksToProfile: boolean;
  onEmptied: () => void;
}) {
  const t = useT();
  const undo = useUndo();
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A row leaves with its button: focus goes to the next row's button (or the one above),
  // else, the list gone, to the page's heading.
  const focusAfterRemoval = useFocusAfterRemoval(
    members.map((member) => member._id),
    () => [...(listRef.current?.querySelectorAll('button') ?? [])],
    onEmptied,
  );
  const busyId = undo.isPending ? undo.variables?._id : undefined;

  function onUndo(member: Member, index: number) {
    setError(null);
    focusAfterRemoval(member._id, index);
    undo.mutate(member, { onError: (failure) => setError(errorMessage(failure)) });
  }

  return (
    <>
      {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
      {members.length === 0 ? (
        <p className={styles.empty}>{t(texts.empty)}</p>
      ) : (
        <ul ref={listRef} className={styles.list} aria-label={t(texts.listLabel)}>
          {members.map((member, index) => {
            const name = fullName(member);
            return (
              <li key={member._id} className={styles.row}>
                <Avatar src={member.picture} size={48} />
                <div className={styles.who}>
                  {nameLinksToProfile ? (
                    <Link to={`/profile/${member.username}`} className={styles.nameLink} dir="auto">
                      {name}
                    </Link>
                  ) : (
                    <span className={styles.name} dir="auto">
                      {name}
                    </span>
                  )}
                  <span className={styles.when}>
                    <T
                      message={texts.since}
                      values={{ time: <RelativeTime iso={timeOf(member)} /> }}
                    />
                  </span>
                </div>
                <button
                  type="button"
                  className={`${buttons.secondary} ${styles.rowButton}`}
                  aria-label={t(texts.undoLabel, { name })}
                  disabled={busyId === member._id}
                  onClick={() => onUndo(member, index)}
                >
                  {t(texts.undo)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
