import { MantineProvider, mergeThemeOverrides, VisuallyHidden } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import type { User } from '../../shared/api/auth';
import type { DeviceInfo } from '../../shared/device';
import { androidFrameKey, APP_TITLE_MARKER, deviceMarker, routeOfFrame, STUDENT_NAME_MARKER, USERNAME_MARKER, YEAR_MARKER } from '../../shared/index-page';
import { AppLayout, AppShellFrame } from '../components/AppLayout';
import AdminPage from '../features/admin/AdminPage';
import CoursesPage from '../features/courses/CoursesPage';
import { DashboardSkeleton } from '../features/interview/dashboard/DashboardSkeleton';
import InterviewSimulatorPage from '../features/interview/InterviewSimulatorPage';
import { SetupScreen } from '../features/speaking-test/TestPage';
import { seedCurrentUser } from '../lib/auth/current-user';
import { querySession } from '../lib/auth/mutations';
import { SessionContext } from '../lib/auth/session';
import { createQueryClient } from '../lib/query-client';
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

/** The signed-in teacher, as a frame draws them: the server puts the visitor's own name in place of the marker. */
const FRAME_ADMIN: User = { id: 0, username: USERNAME_MARKER, isAdmin: true, displayName: USERNAME_MARKER, mustChangePassword: false, actingStudent: null };
/** A signed-in student, as a frame that shows nothing of theirs draws them. */
const FRAME_STUDENT: User = { id: 0, username: '', isAdmin: false, displayName: '', mustChangePassword: false, actingStudent: null };

/**
 * A page as its first render draws it, before its data has come (a query never runs here), for the
 * signed-in `user` at `pathname`: the page's own components, so the frame cannot drift from the page.
 * Nothing in it can be used before the scripts have run (inert: the app's render replaces it), and a
 * screen reader hears `loading`.
 */
function PageBeforeData({ pathname, user, loading, children }: { pathname: string; user: User; loading: string; children: ReactNode }) {
  const queryClient = createQueryClient();
  seedCurrentUser(queryClient, user);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionContext value={querySession(queryClient)}>
        <StaticRouter location={pathname}>
          <VisuallyHidden role="status">{loading}</VisuallyHidden>
          <div inert>{children}</div>
        </StaticRouter>
      </SessionContext>
    </QueryClientProvider>
  );
}

/**
 * The visitor's device in /test's frame: each field a marker the server fills in from the request's
 * user agent (src/shared/device.ts, as the page reads it), on Android or elsewhere. An Android's model
 * is not in its user agent: the page never shows one.
 */
function frameDevice(isAndroid: boolean): DeviceInfo {
  const marker = (field: keyof DeviceInfo) => deviceMarker(field);
  return {
    isAndroid,
    isApple: false,
    isMobile: isAndroid,
    osName: marker('osName'),
    osVersion: marker('osVersion'),
    platformType: marker('platformType'),
    browserName: marker('browserName'),
    browserVersion: marker('browserVersion'),
    model: '',
  };
}
const testFrame = (isAndroid: boolean) => (
  <PageBeforeData pathname="/test" user={FRAME_STUDENT} loading="Loading the test…">
    <SetupScreen device={frameDevice(isAndroid)} studentName={STUDENT_NAME_MARKER} />
  </PageBeforeData>
);

/**
 * A route's first frame: what its page draws before its data and code are in. The server puts it in
 * the page in place of the bare frame for the route's own visitor (src/server/lib/route-preloads.ts),
 * so the page's heading is painted with the first paint; the page's first render then draws the same
 * frame, or the page in its place, at the same size. A frame may show the visitor's name (a marker the
 * server fills in) and, on /test, their device as their browser's user agent tells it (the server
 * sends the Android frame to Android devices), nothing else of theirs.
 */
const ROUTE_FRAMES: Record<string, ReactNode> = {
  '/test': testFrame(false),
  [androidFrameKey('/test')]: testFrame(true),
  '/interview-dashboard': <DashboardSkeleton />,
  '/interview-simulator': (
    <PageBeforeData pathname="/interview-simulator" user={FRAME_STUDENT} loading="Loading the interview…">
      <InterviewSimulatorPage />
    </PageBeforeData>
  ),
  '/admin': (
    <PageBeforeData pathname="/admin" user={FRAME_ADMIN} loading="Loading the students…">
      <AdminPage />
    </PageBeforeData>
  ),
  '/admin/courses': (
    <PageBeforeData pathname="/admin/courses" user={FRAME_ADMIN} loading="Loading the courses…">
      <CoursesPage />
    </PageBeforeData>
  ),
};

/**
 * A frame's placeholders stand still (Mantine's Skeleton without its shimmer): each shimmer is an
 * animation the compositor starts after the first paint, and starting a frame's dozens of them held
 * the main thread for 25-65 ms (100-260 ms on Lighthouse's slowed phone) just as the scripts began
 * (measured with `npx tsx bench/profile-page.ts`). The page's own first render, when its data is still on its way,
 * draws the same placeholders shimmering.
 */
const FRAME_THEME = mergeThemeOverrides(theme, { components: { Skeleton: { defaultProps: { animate: false } } } });

export function renderRouteFrames(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ROUTE_FRAMES).map(([key, page]) => [
      key,
      renderToStaticMarkup(
        <MantineProvider theme={FRAME_THEME} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          <AppLayout pathname={routeOfFrame(key)} appTitle={APP_TITLE_MARKER} year={YEAR_MARKER}>
            {page}
          </AppLayout>
        </MantineProvider>,
      ),
    ]),
  );
}
