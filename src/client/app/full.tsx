import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { User } from '../../shared/api/auth';
import { seedCurrentUser } from '../lib/auth/current-user';
import { querySession } from '../lib/auth/mutations';
import { firstRenderInputs } from '../lib/first-render';
import { SessionContext } from '../lib/auth/session';
import { createQueryClient } from '../lib/query-client';
import { Providers } from './Providers';
import { createRouter, loadOpenedPage } from './router';

/**
 * The full app: React Router's data router (route guards, `useBlocker` on the test and interview
 * pages), TanStack Query and every page. It starts on any path the light app does not show
 * (decision 0022), and takes over from the light app when a light page leads to one of them.
 */
export async function loadFull(pathname: string): Promise<void> {
  await loadOpenedPage({ pathname });
  // The page's first GETs (started by the bootstrap) and the parts it starts as it opens are usually
  // in by now; if not, wait a moment for them, so that the first render draws the page with its data
  // and parts (lib/early-data.ts, lib/later-part.tsx) instead of their loading states and then, as
  // each lands, the page again, in one long task each.
  await firstRenderInputs(FIRST_RENDER_WAIT_MS);
}

/** How long the first render waits for those once the page's code is in; what comes later finds the page drawn with its loading state. */
const FIRST_RENDER_WAIT_MS = 1000;

/** Renders the app for the current URL; `user` is who the page or the light app knew to be signed in (undefined: ask). */
export function renderFull(root: Root, user: User | null | undefined): void {
  const queryClient = createQueryClient();
  seedCurrentUser(queryClient, user);
  const session = querySession(queryClient);
  const router = createRouter();
  // The first render is a transition: React renders in slices of a few milliseconds, and the page,
  // already painted, stays responsive to the hand (no long task while the page is built).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <QueryClientProvider client={queryClient}>
            <SessionContext value={session}>
              <RouterProvider router={router} />
            </SessionContext>
          </QueryClientProvider>
        </Providers>
      </StrictMode>,
    );
  });
}
