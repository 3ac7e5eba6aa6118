import { Outlet } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import { LoginPage } from './lazy-pages';

/**
 * The logged-in area (spec section 2). Without a session user the login screen is shown in
 * place, and a login there stays on the route, so e.g. an activation link opened while
 * logged out activates right after the login.
 */
export function LoggedInArea() {
  const { user } = useSession();
  return user ? <Outlet /> : <LoginPage />;
}
