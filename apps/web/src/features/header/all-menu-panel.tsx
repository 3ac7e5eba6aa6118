import { useEffect, useId, useRef, useState } from 'react';
import { type MessageDescriptor, translate, useT } from '../../i18n';
import { SearchIcon } from '../../ui/icons';
import { allMenuMessages as m } from './all-menu.messages';
import styles from './all-menu.module.css';
import { type AllMenuItem, CREATE_ITEMS, filterAllMenu } from './all-menu-items';

/**
 * The all-menu's content (spec 'All-menu panel'), loaded when the menu first opens. Every item
 * is static; 'Search Menu' narrows the groups to the items whose name holds what is typed.
 */
export function AllMenuPanel() {
  const t = useT();
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  // The first opening waits for this code: focus goes to the search once it is here.
  useEffect(() => searchRef.current?.focus(), []);
  const groups = filterAllMenu(query);
  const matches = groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <>
      <h2 className={styles.title}>{t(m.title)}</h2>
      <div className={styles.columns}>
        <div className={styles.card}>
          <div className={styles.search}>
            <SearchIcon className={styles.searchIcon} />
            <input
              ref={searchRef}
              type="search"
              className={styles.searchInput}
              placeholder={t(m.searchMenu)}
              aria-label={t(m.searchMenu)}
              dir="auto"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              data-autofocus
            />
          </div>
          <p role="status" className={matches === 0 ? styles.empty : 'visually-hidden'}>
            {searchSummary(query.trim(), matches)}
          </p>
          {groups.map((group) => (
            <MenuGroup key={group.id} title={group.title} items={group.items} />
          ))}
        </div>
        <div className={`${styles.card} ${styles.create}`}>
          <h3 className={styles.groupTitle}>{t(m.create)}</h3>
          <ul className={styles.list} aria-label={t(m.create)}>
            {CREATE_ITEMS.map((item) => (
              <li key={item.name.id}>
                <button type="button" className={styles.createItem}>
                  <span className={styles.createIcon}>{item.icon}</span>
                  {t(item.name)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}

/** Read out as the list narrows; shown only when nothing matches. */
function searchSummary(query: string, matches: number): string {
  if (query === '') return '';
  if (matches === 0) return translate(m.nothingFound, { query });
  return translate(m.found, { count: matches });
}

function MenuGroup({ title, items }: { title: MessageDescriptor; items: readonly AllMenuItem[] }) {
  const t = useT();
  const titleId = useId();
  return (
    <div className={styles.group}>
      <h3 id={titleId} className={styles.groupTitle}>
        {t(title)}
      </h3>
      <ul className={styles.list} aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.name.id}>
            <Item item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Item({ item }: { item: AllMenuItem }) {
  const t = useT();
  const nameId = useId();
  const descriptionId = useId();
  return (
    <button
      type="button"
      className={styles.item}
      aria-labelledby={nameId}
      aria-describedby={descriptionId}
    >
      <span className={styles.itemIcon}>{item.icon}</span>
      <span className={styles.itemText}>
        <span id={nameId} className={styles.itemName}>
          {t(item.name)}
        </span>
        <span id={descriptionId} className={styles.itemDescription}>
          {t(item.description)}
        </span>
      </span>
    </button>
  );
}
