import {
  type ComponentProps,
  createContext,
  forwardRef,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import {
  type BaseLocationHook,
  matchRoute,
  Redirect,
  useRouter,
  useSearch,
  useLocation as useWouterLocation,
  useSearchParams as useWouterSearchParams,
  Link as WouterLink,
  Router as WouterRouter,
} from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

/*
 * The app's routing: wouter (about 4 KB with its path parser, where React Router was 37 KB of the
 * entry's script) for the address, links and navigation, and the route table of router.tsx
 * matched here, layouts and their outlets included. The names are the ones the screens used
 * with React Router, which keep their meaning: `Link`, `NavLink`, `Navigate`, `Outlet`,
 * `useNavigate`, `useParams`, `useLocation`, `useSearchParams`.
 */

/** One route: a path (relative to its parent's, no leading slash), or none for a layout. */
export interface RouteObject {
  path?: string;
  /** The parent's own address (a layout's first screen). */
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

/** Where the app is: the address's path and query, and the state a navigation left. */
export interface Location {
  pathname: string;
  search: string;
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Reads the state of the last navigation: the browser's history, or the tests' memory router. */
const StateHookContext = createContext<() => unknown>(useHistoryState);

/** The current location; its state is what the navigation that led here carried. */
export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const readState = useContext(StateHookContext);
  const state = readState();
  return useMemo(
    () => ({ pathname, search: search ? `?${search}` : '', state }),
    [pathname, search, state],
  );
}

/** `navigate('/login', { replace: true, state })`, as React Router's. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  return navigate as (to: string, options?: NavigateOptions) => void;
}

export const useSearchParams = useWouterSearchParams;

/** Goes to `to` once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />;
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string } & NavigateOptions;

/** A link within the app: a real `<a href>`, which navigates without reloading the page. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  return <WouterLink ref={ref} {...props} />;
});

/**
 * A link that says when it leads where the member is (`aria-current="page"`, the `active`
 * class): at its address or below it, or only at it with `end` (and always so for `/`).
 */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps & { end?: boolean }>(
  function NavLink({ end, className, ...props }, ref) {
    // Compared as the routes match: whatever the letter case, with or without a trailing slash.
    const here = useLocation().pathname.replace(/\/+$/, '').toLowerCase() || '/';
    const to = props.to.replace(/\/+$/, '').toLowerCase() || '/';
    const active = here === to || (!end && to !== '/' && here.startsWith(`${to}/`));
    return (
      <Link
        ref={ref}
        {...props}
        className={active ? [className, 'active'].filter(Boolean).join(' ') : className}
        aria-current={active ? 'page' : undefined}
      />
    );
  },
);

const ParamsContext = createContext<Readonly<Record<string, string>>>({});
const OutletContext = createContext<ReactNode>(null);

/** The address's parameters (`:username`) of the routes that matched. */
export function useParams<T extends string = string>(): Readonly<Partial<Record<T, string>>> {
  return useContext(ParamsContext) as Readonly<Partial<Record<T, string>>>;
}

/** Where a layout shows the screen of the route below it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

interface Match {
  route: RouteObject;
  params: Record<string, string>;
}

type Parser = ReturnType<typeof useRouter>['parser'];

function joined(base: string, path: string | undefined): string {
  if (path === undefined || path === '') return base;
  return `${base.replace(/\/$/, '')}/${path}`;
}

/** The chain of routes, outermost first, whose last one is `pathname`'s screen; null when none. */
function matchRoutes(
  parser: Parser,
  routes: readonly RouteObject[],
  pathname: string,
  base = '/',
): Match[] | null {
  for (const route of routes) {
    const full = joined(base, route.path);
    if (route.children) {
      // A layout with a path matches its start (loosely); one without matches anything.
      const [found, params] =
        route.path === undefined ? [true, null] : matchRoute(parser, full, pathname, true);
      if (!found) continue;
      const below = matchRoutes(parser, route.children, pathname, full);
      if (below) return [{ route, params: named(params) }, ...below];
      continue;
    }
    if (route.index) {
      if (pathname.replace(/\/+$/, '') === base.replace(/\/+$/, '')) return [{ route, params: {} }];
      continue;
    }
    if (route.path === '*') return [{ route, params: {} }];
    const [found, params] = matchRoute(parser, full, pathname);
    if (found) return [{ route, params: named(params) }];
  }
  return null;
}

/** The named parameters only (wouter also gives each by position). */
function named(params: Record<string, string | undefined> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (!/^\d+$/.test(key) && value !== undefined) out[key] = decoded(value);
  }
  return out;
}

/** A parameter as written, when it is not valid percent-encoding (`/profile/100%`). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The screen for the current address: each matched layout around the next, down to the page. */
export function Routes({ routes, pathname }: { routes: readonly RouteObject[]; pathname: string }) {
  const { parser } = useRouter();
  const matches = matchRoutes(parser, routes, pathname) ?? [];
  let params: Record<string, string> = {};
  const layers = matches.map((match) => {
    params = { ...params, ...match.params };
    return { element: match.route.element ?? <Outlet />, params };
  });
  let screen: ReactNode = null;
  for (const layer of layers.reverse()) {
    screen = (
      <ParamsContext.Provider value={layer.params}>
        <OutletContext.Provider value={screen}>{layer.element}</OutletContext.Provider>
      </ParamsContext.Provider>
    );
  }
  return screen;
}

/**
 * The browser's address bar (main.tsx). On the server, which has none, `ssrPath` is the address
 * the page is drawn for (prerender/home-markup.tsx); the browser's first render, hydrating that
 * page, reads the same.
 */
export function BrowserRouter({ children, ssrPath }: { children: ReactNode; ssrPath?: string }) {
  return ssrPath === undefined ? (
    <WouterRouter>{children}</WouterRouter>
  ) : (
    <WouterRouter ssrPath={ssrPath}>{children}</WouterRouter>
  );
}

/**
 * An address held in memory (the tests): starts at `path`, and `navigate` moves it as a click
 * would, the navigation's state included.
 */
export function createMemoryLocation(path = '/') {
  let [pathname = '/', search = ''] = path.split('?');
  let state: unknown = null;
  const listeners = new Set<() => void>();
  const navigate = (to: string, options: NavigateOptions = {}) => {
    [pathname = '/', search = ''] = to.split('?');
    state = options.state ?? null;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    navigate,
    subscribe,
    pathname: () => pathname,
    search: () => search,
    state: () => state,
  };
}

export type MemoryLocation = ReturnType<typeof createMemoryLocation>;

/** The app's routing over a memory location (the tests' `MemoryRouter`). */
export function MemoryRouter({
  location,
  initialEntries,
  children,
}: {
  location?: MemoryLocation;
  initialEntries?: string[];
  children: ReactNode;
}) {
  const memory = useMemo(
    () => location ?? createMemoryLocation(initialEntries?.[0]),
    [location, initialEntries],
  );
  const hooks = useMemo(() => memoryHooks(memory), [memory]);
  return (
    <StateHookContext.Provider value={hooks.useState}>
      <WouterRouter hook={hooks.useLocation} searchHook={hooks.useSearch}>
        {children}
      </WouterRouter>
    </StateHookContext.Provider>
  );
}

function memoryHooks(memory: MemoryLocation) {
  const useStore = <T,>(read: () => T) => useSyncExternalStore(memory.subscribe, read, read);
  const useLocation: BaseLocationHook = () => [useStore(memory.pathname), memory.navigate];
  return {
    useLocation,
    useSearch: () => useStore(memory.search),
    useState: () => useStore(memory.state),
  };
}
