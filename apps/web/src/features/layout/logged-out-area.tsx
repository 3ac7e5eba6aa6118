import { Navigate, Outlet } from '../../routing/routing';
import { useSession } from '../../session/session-context';

/** The logged-out area (spec section 2) sends a member who is logged in to /. */
export function LoggedOutArea() {
  const { user } = useSession();
  return user ? <Navigate to="/" replace /> : <Outlet />;
}
