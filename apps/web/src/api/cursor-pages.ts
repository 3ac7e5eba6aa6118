import { NEXT_CURSOR_HEADER } from '@hearth/contract';
import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { ApiResponse } from './client';

/** One page of a list read through `X-Next-Cursor`: its items and the next page's cursor, if any. */
export interface CursorPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/** What a paged list's query holds: the pages read so far. */
export type CursorPages<Item> = InfiniteData<CursorPage<Item>, string | null>;

/**
 * The query of a list read page by page: `fetchPage` asks for the page at `cursor` (undefined
 * for the first), and its answer's `X-Next-Cursor` header names the next (none on the last).
 */
export function cursorPagesOptions<Item, Key extends QueryKey>(
  queryKey: Key,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<ApiResponse<Item[]>>,
) {
  return infiniteQueryOptions<CursorPage<Item>, Error, CursorPages<Item>, Key, string | null>({
    queryKey,
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) => {
      const { data, headers } = await fetchPage(pageParam ?? undefined, signal);
      return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Every item of the pages read so far, in order. */
export function itemsOf<Item>(data: CursorPages<Item> | undefined): Item[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** The cached pages with each page's items changed the same way; nothing cached stays so. */
export function mapPageItems<Item>(
  data: CursorPages<Item> | undefined,
  change: (items: Item[]) => Item[],
): CursorPages<Item> | undefined {
  return data
    ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) }
    : data;
}
