import {
  type AccountSession,
  type AccountSessions,
  type ChangeEmailInput,
  type ChangeNameInput,
  type ChangePasswordInput,
  type DataExport,
  type DataExports,
  type DeleteAccountInput,
  type LanguageCode,
  ROUTES,
} from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setLanguage } from '../i18n';
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

/** The query key of the caller's account (GET /users/account). */
export const accountKeys = { account: ['account'] as const };

/**
 * The account as the Settings page shows it beyond the session's user: the e-mail address, one
 * waiting for its link, and whether two-factor sign-in is on. Every section that changes one of
 * these invalidates `accountKeys.account`.
 */
export function useAccountQuery() {
  const api = useApi();
  return useQuery({
    queryKey: accountKeys.account,
    queryFn: () => api.call(ROUTES.getAccount),
  });
}

/**
 * Asks for a link to a new e-mail address (Settings → E-mail); nothing changes until it is
 * opened. The account is read again, so the page shows the address waiting for its link.
 */
export function useChangeEmailMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => api.call(ROUTES.changeEmail, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.account }),
  });
}

/**
 * Opens the link that confirms a new e-mail address (/confirm-email/:token), signed in or not:
 * the link is the proof. A signed-in member's account is read again with the new address.
 */
export function useConfirmEmailMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.call(ROUTES.confirmEmail, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.account }),
  });
}

/** The query key of the member's sessions (GET /users/sessions). */
export const sessionKeys = { list: ['sessions'] as const };

/** Where you're logged in (Settings): the member's sessions, the most recently active first. */
export function useSessionsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: sessionKeys.list,
    queryFn: ({ signal }) => api.call(ROUTES.listSessions, undefined, { signal }),
  });
}

/**
 * Logs one of the member's other devices out. The session leaves the list once the server has
 * ended it; the list is read again either way, since a session already gone (ended from another
 * device, or expired) answers 404.
 */
export function useEndSessionMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: AccountSession) =>
      api.call(ROUTES.endSession, { params: { sessionId: session.id } }),
    onSuccess: (_answer, ended) => {
      queryClient.setQueryData<AccountSessions>(
        sessionKeys.list,
        (list) => list && { sessions: list.sessions.filter((session) => session.id !== ended.id) },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}

/**
 * Deletes the member's account (Settings → Delete my account): the password, and a code when
 * two-factor sign-in is on. The server ends every session of the member's, this one included,
 * so the caller logs out here once it answers.
 */
export function useDeleteAccountMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api.call(ROUTES.deleteAccount, { body: input }),
  });
}

/** The query key of the member's 'Download your information' zips (GET /users/exportData). */
export const exportKeys = { list: ['dataExports'] as const };

/** How often the zips are read again while one is on its way. */
export const EXPORT_POLL_MS = 3_000;

/** Whether the zip is still on its way: queued, or being built. */
export function isExportUnderWay(dataExport: DataExport): boolean {
  return dataExport.status === 'queued' || dataExport.status === 'building';
}

/**
 * The member's zips (Settings → Download your information), newest first; read again every
 * EXPORT_POLL_MS while one is queued or being built, so the list turns to 'ready' by itself.
 */
export function useExportsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: exportKeys.list,
    queryFn: ({ signal }) => api.call(ROUTES.listExports, undefined, { signal }),
    refetchInterval: (query) =>
      query.state.data?.exports.some(isExportUnderWay) ? EXPORT_POLL_MS : false,
  });
}

/** Asks for a zip: it joins the list as queued at once, then the list is read again. */
export function useRequestExportMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(ROUTES.requestExport),
    onSuccess: (queued) => {
      queryClient.setQueryData<DataExports>(exportKeys.list, (list) => ({
        exports: [queued, ...(list?.exports ?? []).filter((e) => e.id !== queued.id)],
      }));
    },
    // A 409 means one is on its way already (asked for elsewhere): the list shows it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.list }),
  });
}

/** A ready zip's short-lived signed address, which the browser then opens to download it. */
export function useExportLinkMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (exportId: string) => api.call(ROUTES.exportLink, { params: { exportId } }),
  });
}

/**
 * Keeps the member's language with their account (PUT /users/changeLanguage; the account menu's
 * Language and Settings → Language): their other devices pick it up at their next login, their
 * mails follow it. The account and the session's user take the language the server stored, and
 * the call counts as done once the app speaks it.
 */
export function useChangeLanguageMutation() {
  const api = useApi();
  const { user, dispatch } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: LanguageCode) => api.call(ROUTES.changeLanguage, { body: { language } }),
    onSuccess: async ({ language }) => {
      queryClient.setQueryData(accountKeys.account, (account: object | undefined) =>
        account ? { ...account, language } : account,
      );
      if (user) dispatch({ type: 'LOGIN', payload: { ...user, language } });
      await setLanguage(language);
    },
  });
}
