import { type LanguageCode, ROUTES } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../api/account';
import { useApi, useSession } from '../../session/session-context';

/**
 * Keeps the member's language with their account (PUT /users/changeLanguage): their other
 * devices pick it up, and their mails follow it. The session user takes the language as the
 * server stored it, and the account is read again.
 */
export function useChangeLanguageMutation() {
  const api = useApi();
  const { user, dispatch } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: LanguageCode) => api.call(ROUTES.changeLanguage, { body: { language } }),
    onSuccess: ({ language }) => {
      if (user) dispatch({ type: 'LOGIN', payload: { ...user, language } });
      void queryClient.invalidateQueries({ queryKey: accountKeys.account });
    },
  });
}
