import { ROUTES } from '@hearth/contract';
import { useNavigate } from '../../routing/routing';
import { useApi, useSession } from '../../session/session-context';

/** How long logging out waits for the server before the member is logged out here anyway. */
export const LOGOUT_WAIT_MS = 5_000;

/**
 * Logout: the server ends the session (or, `everywhere`, every session of the member), then the
 * session and its cookie are cleared here, even when the server could not be reached, and the
 * login screen shows.
 */
export function useLogout({ everywhere = false } = {}): () => Promise<void> {
  const { dispatch } = useSession();
  const api = useApi();
  const navigate = useNavigate();
  return async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOGOUT_WAIT_MS);
    try {
      await api.call(everywhere ? ROUTES.logoutAll : ROUTES.logout, undefined, {
        signal: controller.signal,
      });
    } catch {
      // Ended, unreachable or slow: this device logs out all the same.
    } finally {
      clearTimeout(timer);
    }
    dispatch({ type: 'LOGOUT' });
    navigate('/login', { replace: true });
  };
}
