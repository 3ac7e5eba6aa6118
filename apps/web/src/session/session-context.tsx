import type { SessionUser } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useReducer } from 'react';
import { type ApiClient, createApiClient } from '../api/client';
import { forgetOfflineData } from '../pwa/offline-data';
import {
  clearSessionUser,
  patchSessionUser,
  readSessionUser,
  storeSessionUser,
} from './session-cookie';
import { type SessionAction, sessionReducer } from './session-reducer';

interface SessionContextValue {
  user: SessionUser | null;
  dispatch: (action: SessionAction) => void;
  api: ApiClient;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Keeps the `user` cookie in step with every session action. */
function persist(action: SessionAction): void {
  switch (action.type) {
    case 'LOGIN':
      storeSessionUser(action.payload);
      break;
    case 'LOGOUT':
      clearSessionUser();
      break;
    case 'UPDATEPICTURE':
      patchSessionUser({ picture: action.payload });
      break;
    case 'VERIFY':
      patchSessionUser({ verified: action.payload });
      break;
  }
}

/** The session of the `user` cookie; `initialUser` instead where there is none (the server). */
export function SessionProvider({
  children,
  initialUser,
}: {
  children: ReactNode;
  initialUser?: SessionUser;
}) {
  const queryClient = useQueryClient();
  const [state, reduce] = useReducer(sessionReducer, undefined, () => ({
    user: initialUser ?? readSessionUser(),
  }));

  const dispatch = useCallback(
    (action: SessionAction) => {
      persist(action);
      // One member's cached data never shows to the next: neither the app's nor what the
      // service worker kept for offline (pwa/offline-data.ts).
      if (action.type === 'LOGOUT') queryClient.clear();
      if (action.type === 'LOGOUT' || action.type === 'LOGIN') void forgetOfflineData();
      reduce(action);
    },
    [queryClient],
  );

  const token = state.user?.token;
  const api = useMemo(
    () => createApiClient({ token, onUnauthorized: () => dispatch({ type: 'LOGOUT' }) }),
    [token, dispatch],
  );

  const value = useMemo(() => ({ user: state.user, dispatch, api }), [state.user, dispatch, api]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('SessionProvider is missing above this component.');
  return value;
}

export function useSession() {
  const { user, dispatch } = useSessionContext();
  return { user, dispatch };
}

/** The member who is logged in; only for screens of the logged-in area. */
export function useSessionUser(): SessionUser {
  const { user } = useSessionContext();
  if (!user) throw new Error('useSessionUser is only for the logged-in area.');
  return user;
}

/** The API client of the current session (Bearer token included when logged in). */
export function useApi(): ApiClient {
  return useSessionContext().api;
}
