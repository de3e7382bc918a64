// The app's router: the few pieces of react-router's API the pages use (routes with `:params` and `*`, links,
// navigate, the query string), written here because react-router cost the guest page's first load 14 KB gzip
// of its 120 KB budget (issue 31, tests/lint/guest-first-load.test.ts); this is under 1 KB.
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

interface Place {
  pathname: string;
  search: string;
}
type Params = Readonly<Partial<Record<string, string>>>;
interface NavigateOptions {
  replace?: boolean;
}

const MOVED = 'momentbox:navigate';
const here = (): Place => ({ pathname: location.pathname, search: location.search });
const PlaceContext = createContext<Place>({ pathname: '/', search: '' });
const ParamsContext = createContext<Params>({});

/** Goes to `to` inside the app (a new history entry, or in place of the current one). */
function go(to: string, { replace = false }: NavigateOptions = {}) {
  history[replace ? 'replaceState' : 'pushState'](null, '', to);
  window.dispatchEvent(new Event(MOVED));
}

/** The current place; a move repaints in a transition, so the page stays until the next one's chunk is here. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const moved = () => startTransition(() => setPlace(here()));
    window.addEventListener('popstate', moved);
    window.addEventListener(MOVED, moved);
    return () => {
      window.removeEventListener('popstate', moved);
      window.removeEventListener(MOVED, moved);
    };
  }, []);
  return <PlaceContext.Provider value={place}>{children}</PlaceContext.Provider>;
}

/** A route's params when `pattern` (`/event/:code`, `*`) matches `pathname` (a trailing slash aside, letters in any case). */
export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const seg = have[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(seg);
      } catch {
        return null;
      }
    } else if (part.toLowerCase() !== seg.toLowerCase()) return null;
  }
  return params;
}

interface RouteProps {
  path: string;
  element: ReactNode;
}
/** One row of <Routes>; drawn by <Routes>, never on its own. */
export function Route(_: RouteProps): null {
  return null;
}

/** The element of the first <Route> whose path matches. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useContext(PlaceContext);
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const { path, element } = (child as ReactElement<RouteProps>).props;
    const params = matchPath(path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{element}</ParamsContext.Provider>;
  }
  return null;
}

export function Navigate({ to, replace }: { to: string } & NavigateOptions) {
  useEffect(() => {
    go(to, { replace });
  }, [to, replace]);
  return null;
}

/** An <a> that moves inside the app on a plain click (a new tab, a modifier key or another target stay the browser's). */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    go(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}

export const useNavigate = () => useCallback((to: string, options?: NavigateOptions) => go(to, options), []);

export const useParams = (): Params => useContext(ParamsContext);

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { pathname, search } = useContext(PlaceContext);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      const query = next.toString();
      go(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [pathname],
  );
  return [params, set];
}
