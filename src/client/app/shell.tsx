import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { APP_TITLE_MARKER, YEAR_MARKER } from '../../shared/index-page';
import { AppLayout, AppShellFrame } from '../components/AppLayout';
import { DashboardSkeleton } from '../features/interview/dashboard/DashboardSkeleton';
import { cssVariablesResolver, theme } from './theme';

/**
 * The page frame and header as HTML, written into index.html's #root at build time (vite.config.ts).
 * The browser paints it as soon as the HTML and CSS are in, well before the scripts; the app's first
 * render then replaces it with the same header and the page. The title is a marker the server fills in.
 */
export function renderShell(): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <AppShellFrame appTitle={APP_TITLE_MARKER} />
    </MantineProvider>,
  );
}

/**
 * A route's first frame: what its page draws before its data and code are in, when that is the same
 * for every visitor (no name, no data). The server puts it in the page in place of the bare frame
 * for the route's own visitor (src/server/lib/route-preloads.ts), so the page's heading is painted
 * with the first paint; the page's first render then draws the same frame, or the form in its
 * place, at the same size.
 */
const ROUTE_FRAMES: Record<string, ReactNode> = {
  '/interview-dashboard': <DashboardSkeleton />,
};

export function renderRouteFrames(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ROUTE_FRAMES).map(([route, page]) => [
      route,
      renderToStaticMarkup(
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <AppLayout pathname={route} appTitle={APP_TITLE_MARKER} year={YEAR_MARKER}>
            {page}
          </AppLayout>
        </MantineProvider>,
      ),
    ]),
  );
}
