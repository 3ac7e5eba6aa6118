import { keysetPage } from '../../db/keyset.js';

// The zip's JSON files are written as they are read: a page of rows at a time becomes a chunk
// of text, so a file of any length costs the memory of one page.

/** One named list of a JSON file: its items, a page at a time. */
export type JsonList = readonly [name: string, pages: AsyncIterable<readonly unknown[]>];

/**
 * `{ "name": [items…], … }`, indented as JSON.stringify(…, null, 2) would write it, as UTF-8
 * chunks: one per page of items.
 */
export async function* jsonDocument(lists: readonly JsonList[]): AsyncGenerator<Buffer> {
  let text = '{';
  for (const [index, [name, pages]] of lists.entries()) {
    text += `${index === 0 ? '' : ','}\n  ${JSON.stringify(name)}: [`;
    let empty = true;
    for await (const page of pages) {
      for (const item of page) {
        text += `${empty ? '' : ','}\n${indented(JSON.stringify(item, null, 2))}`;
        empty = false;
      }
      yield Buffer.from(text);
      text = '';
    }
    text += empty ? ']' : '\n  ]';
  }
  yield Buffer.from(`${text}\n}\n`);
}

/** An item's JSON, four spaces in: JSON text holds no raw line break inside a string. */
function indented(json: string): string {
  return json
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

/**
 * Every row of a list, a keyset page at a time (db/keyset.ts): `fetch` reads up to `limit` rows
 * after the cursor (from the start without one), `cursorOf` names a row's place. Each page goes
 * through `shape` (which may read what the page's rows need, in one query per page).
 */
export async function* keysetPages<Row, Item>(
  pageSize: number,
  fetch: (cursor: string | undefined, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => string,
  shape: (rows: Row[]) => Item[] | Promise<Item[]>,
): AsyncGenerator<Item[]> {
  let cursor: string | undefined;
  do {
    const after = cursor;
    const page = await keysetPage(pageSize, (limit) => fetch(after, limit), cursorOf);
    if (page.items.length > 0) yield await shape(page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
}
