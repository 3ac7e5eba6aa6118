import { type PublicUser, SEARCH_TERM_MAX, type SearchHistoryEntry } from '@hearth/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  type FocusEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { errorMessage } from '../../api/client';
import {
  normalizeSearchTerm,
  useAddToSearchHistoryMutation,
  useRemoveFromSearchMutation,
  useSearchHistoryQuery,
  useSearchQuery,
} from '../../api/search';
import { translate, useT } from '../../i18n';
import { useNavigate } from '../../routing/routing';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { ArrowLeftIcon, SearchIcon } from '../../ui/icons';
import { useFocusAfterRemoval } from '../../ui/use-focus-after-removal';
import { useOutsideClick } from '../../ui/use-outside-click';
import { searchMessages as m } from './search.messages';
import styles from './search-box.module.css';
import { MemberListbox, RemoveButtons } from './search-lists';

const NO_ENTRIES: SearchHistoryEntry[] = [];

/** What the results area says: searching, a failure, nobody found, or how many were found. */
function resultsStatus(results: UseQueryResult<PublicUser[]>, term: string): string {
  if (results.isError) return errorMessage(results.error);
  if (!results.isSuccess) return translate(m.searching);
  const count = results.data.length;
  if (count === 0) return translate(m.noResults, { term });
  return translate(m.results, { count });
}

/**
 * The header's search box and its panel (spec 'Search panel'). The box is the combobox: it
 * opens the panel, keeps focus while the arrow keys move through the results (or the recent
 * searches while nothing is typed), and gets focus back when the panel closes.
 */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const boxRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const historyRowsRef = useRef<HTMLDivElement>(null);
  /** Set while the app itself moves focus to the input, which must not reopen the panel. */
  const quietFocus = useRef(false);
  const baseId = useId();

  const term = normalizeSearchTerm(input);
  // Sent as typed, on each key release (spec 'Search panel').
  const sentTerm = term;
  const results = useSearchQuery(sentTerm);
  const history = useSearchHistoryQuery(open);
  const addToHistory = useAddToSearchHistoryMutation();
  const removeFromHistory = useRemoveFromSearchMutation();

  const showingResults = term !== '';
  const entries = history.data ?? NO_ENTRIES;
  const members: PublicUser[] = showingResults
    ? (results.data ?? [])
    : entries.map((entry) => entry.user);
  const listId = `${baseId}-${showingResults ? 'results' : 'history'}`;
  const optionId = (index: number) => `${listId}-${index}`;

  // The active option belongs to the list it was chosen in; a new list starts with none.
  const listKey = showingResults ? `results:${sentTerm}` : 'history';
  const [active, setActive] = useState({ listKey, index: -1 });
  const activeIndex = open && active.listKey === listKey ? active.index : -1;
  const activeId = activeIndex >= 0 && activeIndex < members.length ? optionId(activeIndex) : '';
  const expanded = open && members.length > 0;

  const focusInputQuietly = useCallback(() => {
    quietFocus.current = true;
    inputRef.current?.focus();
    quietFocus.current = false;
  }, []);

  const focusAfterRemoval = useFocusAfterRemoval(
    entries.map((entry) => entry.user._id),
    () => [...(historyRowsRef.current?.querySelectorAll('button') ?? [])],
    focusInputQuietly,
  );

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const close = useCallback(() => {
    setOpen(false);
    setInput('');
  }, []);
  useOutsideClick(boxRef, close, open);

  function choose(member: PublicUser) {
    addToHistory.mutate(member);
    close();
    navigate(`/profile/${member.username}`);
  }

  function remove(entry: SearchHistoryEntry, index: number) {
    focusAfterRemoval(entry.user._id, index);
    removeFromHistory.mutate(entry.user._id);
  }

  function move(step: 1 | -1) {
    const count = members.length;
    if (count === 0) return;
    const from = activeIndex < 0 ? (step === 1 ? -1 : count) : activeIndex;
    setActive({ listKey, index: (from + step + count) % count });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      else move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const member = members[activeIndex];
      if (open && member) {
        event.preventDefault();
        choose(member);
      }
    }
  }

  // Escape closes from anywhere in the panel, and focus goes back to the search box.
  function onBoxKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    close();
    focusInputQuietly();
  }

  // Tabbing away from the box closes it; a click inside keeps it open (no focus target).
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !boxRef.current?.contains(next)) close();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and Tab handling for the whole box.
    <div
      ref={boxRef}
      className={open ? `${styles.box} ${styles.open}` : styles.box}
      onBlur={onBlur}
      onKeyDown={onBoxKeyDown}
    >
      {open && (
        <button
          type="button"
          className={`${buttons.roundIcon} ${styles.back}`}
          aria-label={t(m.closeSearch)}
          onClick={() => {
            close();
            focusInputQuietly();
          }}
        >
          <ArrowLeftIcon />
        </button>
      )}
      <div className={styles.field}>
        <SearchIcon className={styles.icon} />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          className={styles.input}
          placeholder={t(m.searchHearth)}
          aria-label={t(m.searchHearth)}
          dir="auto"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={activeId || undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={SEARCH_TERM_MAX}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            if (!quietFocus.current) setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <div className={styles.panel}>
          {showingResults ? (
            <>
              <p
                role="status"
                className={
                  results.isSuccess && members.length > 0 ? 'visually-hidden' : styles.message
                }
              >
                {resultsStatus(results, sentTerm)}
              </p>
              {members.length > 0 && (
                <MemberListbox
                  id={listId}
                  label={t(m.searchResults)}
                  members={members}
                  activeIndex={activeIndex}
                  optionId={optionId}
                  onChoose={choose}
                />
              )}
            </>
          ) : (
            <section aria-labelledby={`${baseId}-recent`}>
              <div className={styles.head}>
                <h2 id={`${baseId}-recent`} className={styles.title}>
                  {t(m.recentSearches)}
                </h2>
                <button type="button" className={styles.edit} aria-disabled="true">
                  {t(m.edit)}
                </button>
              </div>
              {history.isError ? (
                <ErrorBox
                  compact
                  message={errorMessage(history.error)}
                  onRetry={() => void history.refetch()}
                />
              ) : history.isPending ? (
                <p role="status" className={styles.message}>
                  {t(m.loadingRecent)}
                </p>
              ) : entries.length === 0 ? (
                <p className={styles.message}>{t(m.noRecent)}</p>
              ) : (
                <div ref={historyRowsRef} className={styles.historyRows}>
                  <MemberListbox
                    id={listId}
                    labelledBy={`${baseId}-recent`}
                    className={styles.withRemove}
                    members={members}
                    activeIndex={activeIndex}
                    optionId={optionId}
                    onChoose={choose}
                  />
                  <RemoveButtons entries={entries} onRemove={remove} />
                </div>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
