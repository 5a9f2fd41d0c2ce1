/**
 * The store's router: where the page is (path, query, hash) and how the shopper got there, in
 * context, with navigation through the History API. The store's pages are fixed paths under one
 * layout, reached by its own links and the browser's back and forward buttons; it behaves as
 * react-router's BrowserRouter and path matching did for them, without that library's weight.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/** How the current entry was reached: POP (the first page, back, forward), PUSH or REPLACE (a link). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface StoreLocation {
  pathname: string;
  search: string;
  hash: string;
}

interface RouterState {
  location: StoreLocation;
  navigationType: NavigationType;
}

interface Router extends RouterState {
  /** Shows `path` (with its query and hash), as a new history entry unless `replace`. */
  navigate(path: string, replace: boolean): void;
}

const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router)
    throw new Error('The store router is missing: render inside BrowserRouter or MemoryRouter');
  return router;
}

export function useLocation(): StoreLocation {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

export function useNavigate(): Router['navigate'] {
  return useRouter().navigate;
}

/** The path, query and hash, as a link's `to` or the address bar has them after the origin. */
export function pathOf({ pathname, search, hash }: StoreLocation): string {
  return `${pathname}${search}${hash}`;
}

function locationOf({ pathname, search, hash }: StoreLocation): StoreLocation {
  return { pathname, search, hash };
}

/** Any origin will do: only the path, query and hash of the result are read. */
const PARSING_BASE = 'http://store.invalid';

function parsePath(path: string): StoreLocation {
  return locationOf(new URL(path, PARSING_BASE));
}

function decodeSegments(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * Whether `pathname` is the page at `pagePath`: in any letter case and with any trailing slashes,
 * once decoded (how react-router matched the same routes).
 */
export function isPathOf(pathname: string, pagePath: string): boolean {
  const normalise = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';
  return normalise(decodeSegments(pathname)) === normalise(pagePath);
}

interface RouterProviderProps {
  state: RouterState;
  navigate: Router['navigate'];
  children: ReactNode;
}

function RouterProvider({ state, navigate, children }: RouterProviderProps) {
  const router = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** The page's own address, in step with the browser's history (back, forward, a hash link). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({
    location: locationOf(window.location),
    navigationType: 'POP',
  }));
  useLayoutEffect(() => {
    const onPopState = () =>
      startTransition(() =>
        setState({ location: locationOf(window.location), navigationType: 'POP' }),
      );
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback((path: string, replace: boolean) => {
    try {
      if (replace) window.history.replaceState(null, '', path);
      else window.history.pushState(null, '', path);
    } catch {
      // A browser may refuse too many history entries: load the page the ordinary way.
      if (replace) window.location.replace(path);
      else window.location.assign(path);
      return;
    }
    // As a transition: a page whose code is still loading leaves the current one on screen.
    startTransition(() =>
      setState({
        location: locationOf(window.location),
        navigationType: replace ? 'REPLACE' : 'PUSH',
      }),
    );
  }, []);
  return (
    <RouterProvider state={state} navigate={navigate}>
      {children}
    </RouterProvider>
  );
}

/** An address held in memory, starting at `path`: the build's pre-render and the tests. */
export function MemoryRouter({ path, children }: { path: string; children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({
    location: parsePath(path),
    navigationType: 'POP',
  }));
  const navigate = useCallback((to: string, replace: boolean) => {
    startTransition(() =>
      setState({ location: parsePath(to), navigationType: replace ? 'REPLACE' : 'PUSH' }),
    );
  }, []);
  return (
    <RouterProvider state={state} navigate={navigate}>
      {children}
    </RouterProvider>
  );
}
