import { type PublicUser, ROUTES, type SearchHistoryEntry } from '@hearth/contract';
import {
  type QueryClient,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../session/session-context';

/** A term typed again within this time shows its earlier answer without asking again. */
export const SEARCH_STALE_TIME_MS = 30_000;

export const searchKeys = {
  all: ['search'] as const,
  /** Answers are kept per term, so an answer can only ever show for its own term. */
  results: (term: string) => [...searchKeys.all, 'results', term] as const,
  history: () => [...searchKeys.all, 'history'] as const,
};

const historyMutationKey = [...searchKeys.all, 'history', 'change'] as const;

/** The term as the server matches it: no outer spaces; runs of spaces or control characters made one space. */
export function normalizeSearchTerm(input: string): string {
  return input.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * Members matching `term`, ranked by the server; nothing is asked for an empty term. Each key
 * release asks (spec 'Search panel'); the request a new term replaces is aborted, since its
 * query loses its last observer and react-query aborts the signal it was given.
 */
export function useSearchQuery(term: string) {
  const api = useApi();
  return useQuery({
    queryKey: searchKeys.results(term),
    queryFn: ({ signal }) => api.call(ROUTES.search, { params: { searchTerm: term } }, { signal }),
    enabled: term !== '',
    staleTime: SEARCH_STALE_TIME_MS,
  });
}

/** The member's recent searches, newest first; read again each time `open` turns on. */
export function useSearchHistoryQuery(open: boolean) {
  const api = useApi();
  // A read while a change is on its way could bring back what it changed; the change's own
  // reload comes once it has landed.
  const changing = useIsMutating({ mutationKey: historyMutationKey }) > 0;
  return useQuery({
    queryKey: searchKeys.history(),
    queryFn: () => api.call(ROUTES.getSearchHistory),
    enabled: open && !changing,
  });
}

function patchHistory(
  queryClient: QueryClient,
  change: (entries: SearchHistoryEntry[]) => SearchHistoryEntry[],
) {
  queryClient.setQueryData<SearchHistoryEntry[]>(searchKeys.history(), (entries) =>
    entries ? change(entries) : entries,
  );
}

/** The history is read again once no other change to it is still on its way. */
function reloadHistoryWhenSettled(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: historyMutationKey }) === 1) {
    void queryClient.invalidateQueries({ queryKey: searchKeys.history() });
  }
}

/** Records a chosen member: they move to the top of the history at once. */
export function useAddToSearchHistoryMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: historyMutationKey,
    mutationFn: (member: PublicUser) =>
      api.call(ROUTES.addToSearchHistory, { body: { searchUser: member._id } }),
    onMutate: async (member) => {
      await queryClient.cancelQueries({ queryKey: searchKeys.history() });
      patchHistory(queryClient, (entries) => {
        const earlier = entries.find((entry) => entry.user._id === member._id);
        const entry: SearchHistoryEntry = {
          _id: earlier?._id ?? `pending-${member._id}`,
          createdAt: new Date().toISOString(),
          user: member,
        };
        return [entry, ...entries.filter((other) => other.user._id !== member._id)];
      });
    },
    onSettled: () => reloadHistoryWhenSettled(queryClient),
  });
}

/** Removes a member from the history at once, then reads the history again (spec section 7). */
export function useRemoveFromSearchMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: historyMutationKey,
    mutationFn: (memberId: string) =>
      api.call(ROUTES.removeFromSearch, { body: { searchUser: memberId } }),
    onMutate: async (memberId) => {
      await queryClient.cancelQueries({ queryKey: searchKeys.history() });
      patchHistory(queryClient, (entries) =>
        entries.filter((entry) => entry.user._id !== memberId),
      );
    },
    onSettled: () => reloadHistoryWhenSettled(queryClient),
  });
}
