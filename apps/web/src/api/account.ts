import { type ChangeNameInput, type ChangePasswordInput, ROUTES } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../session/session-context';
import { postKeys as onePostKeys } from './notification-keys';
import { postKeys } from './post-cache';
import { profileKeys } from './profile-keys';

/**
 * Changes the member's first and last name (Settings → Name). The session user takes the name
 * as the server stored it, so the header and the account menu show it at once; the cached
 * posts, comments and profiles carry the old name in their author fields and are read again
 * (those on screen at once, the others when next shown).
 */
export function useChangeNameMutation() {
  const api = useApi();
  const { user, dispatch } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeNameInput) => api.call(ROUTES.changeName, { body: input }),
    onSuccess: ({ first_name, last_name }) => {
      // The session has no action of its own for a name: LOGIN with the same session and the
      // new name stores it in the `user` cookie too, as a picture change does (token unchanged).
      if (user) dispatch({ type: 'LOGIN', payload: { ...user, first_name, last_name } });
      for (const queryKey of [postKeys.all, onePostKeys.one('').slice(0, 1), profileKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

/**
 * Changes the member's password (Settings → Password): the current one is required. The server
 * ends the member's other sessions; this one goes on with its token.
 */
export function useChangePasswordMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.call(ROUTES.changePassword, { body: input }),
  });
}
