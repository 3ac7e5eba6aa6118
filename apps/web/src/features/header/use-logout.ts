import { useNavigate } from 'react-router';
import { useSession } from '../../session/session-context';

/** Logout: the session and its cookie are cleared, then the login screen shows. */
export function useLogout(): () => void {
  const { dispatch } = useSession();
  const navigate = useNavigate();
  return () => {
    dispatch({ type: 'LOGOUT' });
    navigate('/login', { replace: true });
  };
}
