/** A page of a list and the cursor of the next one (undefined on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | undefined;
}

/**
 * One page of a keyset-paginated list: asks `fetch` for one row more than `limit`, so a row past
 * the page tells that there is a next page, whose cursor is that of the page's last row.
 */
export async function keysetPage<T>(
  limit: number,
  fetch: (limitPlusOne: number) => Promise<T[]>,
  cursorOf: (last: T) => string,
): Promise<Page<T>> {
  const rows = await fetch(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last !== undefined ? cursorOf(last) : undefined;
  return { items, nextCursor };
}
