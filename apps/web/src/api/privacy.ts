import { type Privacy, type PrivacyInput, ROUTES } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../session/session-context';

/** Only the member changes their settings: what was read a little while ago still holds. */
export const PRIVACY_STALE_TIME_MS = 30_000;

export const privacyKeys = {
  all: ['privacy'] as const,
  /** GET /users/privacy: the member's own settings. */
  settings: () => [...privacyKeys.all, 'settings'] as const,
};

/** Every change of a setting: they go to the server one after another, in the member's order. */
const changeKey = [...privacyKeys.all, 'change'] as const;

/**
 * The member's privacy settings (Settings & privacy → Privacy Shortcut): who sees their new posts
 * by default, who may send them friend requests, who sees their friends list.
 */
export function usePrivacy() {
  const api = useApi();
  return useQuery({
    queryKey: privacyKeys.settings(),
    queryFn: ({ signal }) => api.call(ROUTES.getPrivacy, {}, { signal }),
    staleTime: PRIVACY_STALE_TIME_MS,
  });
}

/**
 * Changes one or more settings: the choice shows at once, then goes to the server. Changes are
 * sent one at a time (a later choice never lands before an earlier one); the server's answer
 * replaces the shown settings once no other change is on its way, so a quick run of choices
 * never flickers back through the earlier ones. A refusal puts back what the setting was.
 */
export function useUpdatePrivacyMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = privacyKeys.settings();
  return useMutation({
    mutationKey: changeKey,
    scope: { id: 'privacy' },
    mutationFn: (change: PrivacyInput) => api.call(ROUTES.updatePrivacy, { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Privacy>(key);
      queryClient.setQueryData<Privacy>(key, (settings) =>
        settings ? { ...settings, ...change } : settings,
      );
      return { before };
    },
    onSuccess: (settings) => {
      // This change is still counted as on its way here: others are too if the count is higher.
      if (queryClient.isMutating({ mutationKey: changeKey }) <= 1) {
        queryClient.setQueryData<Privacy>(key, settings);
      }
    },
    onError: (_error, change, context) => {
      const before = context?.before;
      // Another change on its way shows its own choice: the read below settles the rest.
      if (before && queryClient.isMutating({ mutationKey: changeKey }) <= 1) {
        const restored = Object.fromEntries(
          Object.keys(change).map((name) => [name, before[name as keyof Privacy]]),
        );
        queryClient.setQueryData<Privacy>(key, (settings) =>
          settings ? { ...settings, ...restored } : settings,
        );
      }
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
