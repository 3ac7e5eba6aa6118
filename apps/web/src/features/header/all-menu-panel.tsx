import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '../../ui/icons';
import styles from './all-menu.module.css';
import { type AllMenuItem, CREATE_ITEMS, filterAllMenu } from './all-menu-items';

/**
 * The all-menu's content (spec 'All-menu panel'), loaded when the menu first opens. Every item
 * is static; 'Search Menu' narrows the groups to the items whose name holds what is typed.
 */
export function AllMenuPanel() {
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  // The first opening waits for this code: focus goes to the search once it is here.
  useEffect(() => searchRef.current?.focus(), []);
  const groups = filterAllMenu(query);
  const matches = groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <>
      <h2 className={styles.title}>Menu</h2>
      <div className={styles.columns}>
        <div className={styles.card}>
          <div className={styles.search}>
            <SearchIcon className={styles.searchIcon} />
            <input
              ref={searchRef}
              type="search"
              className={styles.searchInput}
              placeholder="Search Menu"
              aria-label="Search Menu"
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
          <h3 className={styles.groupTitle}>Create</h3>
          <ul className={styles.list} aria-label="Create">
            {CREATE_ITEMS.map((item) => (
              <li key={item.name}>
                <button type="button" className={styles.createItem}>
                  <span className={styles.createIcon}>{item.icon}</span>
                  {item.name}
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
  if (matches === 0) return `Nothing in the menu is called “${query}”.`;
  return `${matches} ${matches === 1 ? 'item' : 'items'} found`;
}

function MenuGroup({ title, items }: { title: string; items: readonly AllMenuItem[] }) {
  const titleId = useId();
  return (
    <div className={styles.group}>
      <h3 id={titleId} className={styles.groupTitle}>
        {title}
      </h3>
      <ul className={styles.list} aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.name}>
            <Item item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Item({ item }: { item: AllMenuItem }) {
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
          {item.name}
        </span>
        <span id={descriptionId} className={styles.itemDescription}>
          {item.description}
        </span>
      </span>
    </button>
  );
}
