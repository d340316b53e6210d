import { startTransition, StrictMode, useEffect, useState, useSyncExternalStore, type ComponentType, type MouseEvent } from 'react';
import type { Root } from 'react-dom/client';
import type { User } from '../../shared/api/auth';
import { AppLayout } from '../components/AppLayout';
import { PageError } from '../components/PageError';
import { SessionContext, type Session, type SessionState } from '../lib/auth/session';
import { fetchCurrentUser, userFromPage } from '../lib/auth/user-from-page';
import { NavContext, useAppNavigate, type LinkProps, type Nav } from '../lib/nav';
import { lightPageFor } from './light-pages';
import { Providers } from './Providers';

/**
 * The light app (decision 0022): the first visit to `/`, `/auth` or `/forgot-password` renders its page
 * with React and Mantine only. No React Router, no TanStack Query: who is signed in comes from the
 * page (`<meta name="parley-user">`), links and the back button are handled here. Going to any other
 * path loads the full app (router, queries, route guards), which then renders in place of this one
 * in the same React root, with the same URL and history a full-app visit would have.
 */

interface LightSession extends Session {
  current: () => User | null | undefined;
}

function createLightSession(fromPage: User | null | undefined): LightSession {
  let state: SessionState = { user: fromPage, isPending: fromPage === undefined };
  let settled = fromPage !== undefined;
  const listeners = new Set<() => void>();
  const set = (user: User | null | undefined) => {
    settled = true;
    state = { user, isPending: false };
    for (const listener of listeners) listener();
  };
  // The page did not say (dev server, or the server could not read the session): ask, as the full app's query would.
  if (!settled)
    fetchCurrentUser().then(
      (user) => settled || set(user),
      () => settled || set(undefined),
    );
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => state;
  return {
    useUser: () => useSyncExternalStore(subscribe, snapshot, snapshot),
    signedIn: set,
    signedOut: () => set(null),
    current: () => state.user,
  };
}

/** React Router's history entry: the full app, if it takes over, reads the state and position of entries written here. */
interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const historyIndex = () => (window.history.state as Partial<HistoryEntry> | null)?.idx ?? 0;

/** A left click without modifier keys on a link to this window: handled here, like React Router's Link. */
function LightLink({ to, replace, onClick, target, ...props }: LinkProps) {
  const navigate = useAppNavigate();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    navigate(to, { replace: replace ?? here === to });
  };
  return <a {...props} href={to} onClick={click} target={target} data-discover="true" />;
}

type Shown = { pathname: string; Page: ComponentType } | { pathname: string; error: unknown };

interface FullApp {
  loadFull: (pathname: string) => Promise<void>;
  renderFull: (root: Root, user: User | null | undefined) => void;
}

let fullApp: Promise<FullApp> | undefined;

/** The full app, loaded once: when leaving the light pages, or ahead of time once the person starts using the page. */
function loadFullApp(): Promise<FullApp> {
  fullApp ??= import('./full').catch((error: unknown) => {
    fullApp = undefined;
    throw error;
  });
  return fullApp;
}

function createNav(root: Root, session: LightSession, show: (shown: Shown) => void): Nav & { open: (url: URL, commit: () => void) => void } {
  let latest = 0;
  const open = (url: URL, commit: () => void) => {
    const ticket = ++latest;
    const page = lightPageFor(url.pathname);
    // Like the data router, the URL and the screen change once the next page is loaded.
    const loading: Promise<() => void> = page
      ? page().then(({ default: Page }) => () => show({ pathname: url.pathname, Page }))
      : loadFullApp().then(async (full) => {
          await full.loadFull(url.pathname);
          return () => full.renderFull(root, session.current());
        });
    loading.then(
      (render) => {
        if (ticket !== latest) return;
        commit();
        render();
      },
      (error: unknown) => {
        if (ticket !== latest) return;
        commit();
        show({ pathname: url.pathname, error });
      },
    );
  };
  return {
    open,
    navigate: (to, { replace = false, state = null } = {}) => {
      const url = new URL(to, window.location.href);
      open(url, () => {
        const entry: HistoryEntry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: historyIndex() + (replace ? 0 : 1) };
        if (replace) window.history.replaceState(entry, '', url);
        else window.history.pushState(entry, '', url);
      });
    },
    Link: LightLink,
  };
}

function LightApp({ root, session, first }: { root: Root; session: LightSession; first: Shown }) {
  const [shown, setShown] = useState(first);
  const [nav] = useState(() => createNav(root, session, setShown));
  useEffect(() => {
    const back = () => nav.open(new URL(window.location.href), () => {});
    window.addEventListener('popstate', back);
    // Once the person starts using the page, the full app (where signing in leads) loads in the background.
    const prefetch = () => {
      for (const type of ['focusin', 'pointerdown', 'pointerover'] as const) document.removeEventListener(type, prefetch);
      loadFullApp().catch(() => {});
    };
    for (const type of ['focusin', 'pointerdown', 'pointerover'] as const) document.addEventListener(type, prefetch, { passive: true });
    return () => {
      window.removeEventListener('popstate', back);
      for (const type of ['focusin', 'pointerdown', 'pointerover'] as const) document.removeEventListener(type, prefetch);
    };
  }, [nav]);
  return (
    <SessionContext value={session}>
      <NavContext value={nav}>
        <AppLayout pathname={shown.pathname}>{'Page' in shown ? <shown.Page /> : <PageError error={shown.error} />}</AppLayout>
      </NavContext>
    </SessionContext>
  );
}

/** The first render, once the opened page is loaded (the prerendered header shows until then, decision 0012). */
export function renderLight(root: Root, opened: { Page: ComponentType } | { error: unknown }): void {
  const first: Shown = { pathname: window.location.pathname, ...opened };
  const session = createLightSession(userFromPage());
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <LightApp root={root} session={session} first={first} />
        </Providers>
      </StrictMode>,
    );
  });
}
