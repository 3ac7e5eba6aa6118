import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  createMemoryLocation,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './routing';

function Layout({ name }: { name: string }) {
  return (
    <section aria-label={name}>
      <Outlet />
    </section>
  );
}

function Profile() {
  const { username } = useParams<'username'>();
  return <p>profile of {username ?? 'me'}</p>;
}

function Notice() {
  const { state, search } = useLocation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div>
      <p>state: {JSON.stringify(state)}</p>
      <p>search: {search}</p>
      <p>tab: {params.get('tab') ?? 'none'}</p>
      <button type="button" onClick={() => setParams({ tab: 'resolved' })}>
        resolved
      </button>
      <button type="button" onClick={() => navigate('/profile', { state: { from: 'notice' } })}>
        go
      </button>
    </div>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout name="app" />,
    children: [
      { index: true, element: <p>home</p> },
      { path: 'profile', element: <Profile /> },
      { path: 'profile/:username', element: <Profile /> },
      {
        path: 'admin',
        element: <Layout name="admin" />,
        children: [
          { index: true, element: <p>admin start</p> },
          { path: 'reports', element: <p>reports</p> },
        ],
      },
      { path: 'notice', element: <Notice /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

function App() {
  const { pathname } = useLocation();
  return (
    <>
      <nav>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/admin">Moderation</NavLink>
        <Link to="/profile/grace">Grace</Link>
      </nav>
      <Routes routes={routes} pathname={pathname} />
    </>
  );
}

function renderAt(path: string) {
  const location = createMemoryLocation(path);
  render(
    <MemoryRouter location={location}>
      <App />
    </MemoryRouter>,
  );
  return location;
}

describe('the app routing', () => {
  it('shows a page inside each layout that matched, the layouts outermost first', () => {
    renderAt('/admin/reports');
    const admin = screen.getByRole('region', { name: 'admin' });
    expect(screen.getByRole('region', { name: 'app' })).toContainElement(admin);
    expect(admin).toHaveTextContent('reports');
  });

  it("shows a layout's own page at its address (index)", () => {
    renderAt('/admin');
    expect(screen.getByRole('region', { name: 'admin' })).toHaveTextContent('admin start');
    renderAt('/');
    expect(screen.getAllByText('home')).toHaveLength(1);
  });

  it('gives the address parameters, decoded, and keeps a malformed one as written', () => {
    renderAt('/profile/Jos%C3%A9');
    expect(screen.getByText('profile of José')).toBeInTheDocument();
    renderAt('/profile/100%');
    expect(screen.getByText('profile of 100%')).toBeInTheDocument();
  });

  it('ignores a trailing slash and the case of the address, and sends an unknown one home', () => {
    const location = renderAt('/Admin/Reports/');
    expect(screen.getByText('reports')).toBeInTheDocument();
    const unknown = renderAt('/no/such/page');
    expect(unknown.pathname()).toBe('/');
    expect(location.pathname()).toBe('/Admin/Reports/');
  });

  it('marks the link that leads where the member is, below it too unless `end`', () => {
    renderAt('/admin/reports');
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('marks it whatever the case and trailing slash of the address, as the routes match', () => {
    renderAt('/Admin/Reports/');
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('navigates on a click without reloading, and carries a navigation state', async () => {
    const location = renderAt('/notice?tab=open');
    const person = userEvent.setup();
    expect(screen.getByText('tab: open')).toBeInTheDocument();
    expect(screen.getByText('search: ?tab=open')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'resolved' }));
    expect(location.search()).toBe('tab=resolved');
    expect(screen.getByText('tab: resolved')).toBeInTheDocument();
    await person.click(screen.getByRole('link', { name: 'Grace' }));
    expect(location.pathname()).toBe('/profile/grace');
    expect(screen.getByText('profile of grace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grace' })).toHaveAttribute('href', '/profile/grace');
    act(() => location.navigate('/notice'));
    await person.click(screen.getByRole('button', { name: 'go' }));
    expect(location.state()).toEqual({ from: 'notice' });
    expect(screen.getByText('profile of me')).toBeInTheDocument();
  });
});
