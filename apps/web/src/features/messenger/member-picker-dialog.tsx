import { CONVERSATION_MEMBERS_MAX, CONVERSATION_NAME_MAX, type PublicUser } from '@hearth/contract';
import { type FormEvent, useId, useState } from 'react';
import { normalizeSearchTerm, useSearchQuery } from '../../api/search';
import { useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { Dialog, DialogBody } from '../../ui/dialog';
import { fullName } from '../../ui/full-name';
import { CloseIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';

/**
 * Choose members through the member search: 'New message' (with a group name once there are
 * several) and 'Add people'. `already` members count toward the limit and are not offered.
 */
export function MemberPickerDialog({
  title,
  submitLabel,
  already = [],
  askName = false,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  already?: readonly string[];
  askName?: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (chosen: PublicUser[], name: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const user = useSessionUser();
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<PublicUser[]>([]);
  const term = normalizeSearchTerm(input);
  const search = useSearchQuery(term);
  const nameId = useId();
  const searchId = useId();
  // The viewer is a member too.
  const room = CONVERSATION_MEMBERS_MAX - Math.max(already.length, 1) - chosen.length;
  const excluded = new Set([user.id, ...already, ...chosen.map((member) => member._id)]);
  const results = (search.data ?? []).filter((member) => !excluded.has(member._id));

  function choose(member: PublicUser) {
    if (room <= 0) return;
    setChosen((list) => [...list, member]);
    setInput('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0 || pending) return;
    onSubmit(chosen, name.trim());
  }

  return (
    <Dialog title={title} onClose={onClose} className={styles.dialog} form={{ onSubmit: submit }}>
      <DialogBody className={styles.dialogBody}>
        {chosen.length > 0 && (
          <ul className={styles.chips} aria-label={t(m.chosenPeople)}>
            {chosen.map((member) => (
              <li key={member._id} className={styles.chip}>
                <span dir="auto">{fullName(member)}</span>
                <button
                  type="button"
                  aria-label={t(m.removePerson, { name: fullName(member) })}
                  onClick={() => setChosen((list) => list.filter((x) => x._id !== member._id))}
                >
                  <CloseIcon width={14} height={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {askName && chosen.length > 1 && (
          <div>
            <label htmlFor={nameId} className="visually-hidden">
              {t(m.groupName)}
            </label>
            <input
              id={nameId}
              className={styles.textField}
              value={name}
              maxLength={CONVERSATION_NAME_MAX}
              placeholder={t(m.groupName)}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
        )}
        <div>
          <label htmlFor={searchId} className="visually-hidden">
            {t(m.searchPeople)}
          </label>
          <input
            id={searchId}
            className={styles.textField}
            type="search"
            autoComplete="off"
            value={input}
            placeholder={t(m.searchPeople)}
            disabled={room <= 0}
            onChange={(event) => setInput(event.target.value)}
          />
        </div>
        {room <= 0 && (
          <p className={styles.note} role="status">
            {t(m.membersMax, { max: CONVERSATION_MEMBERS_MAX })}
          </p>
        )}
        {term !== '' &&
          (search.isPending ? (
            <Spinner label={t(m.searching)} size={20} />
          ) : results.length === 0 ? (
            <p className={styles.empty}>{t(m.noOneFound)}</p>
          ) : (
            <ul className={styles.results} aria-label={t(m.searchPeople)}>
              {results.map((member) => (
                <li key={member._id}>
                  <button type="button" className={styles.result} onClick={() => choose(member)}>
                    <Avatar src={member.picture} size={36} />
                    <span dir="auto">{fullName(member)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ))}
        {error && (
          <p className={styles.note} role="alert">
            {serverText(error)}
          </p>
        )}
        <div className={styles.footer}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t(m.cancel)}
          </button>
          <button
            type="submit"
            className={styles.primary}
            disabled={chosen.length === 0 || pending}
          >
            {submitLabel}
          </button>
        </div>
      </DialogBody>
    </Dialog>
  );
}
