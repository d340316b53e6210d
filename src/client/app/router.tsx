import { useMemo, type ComponentType } from 'react';
import { createBrowserRouter, Link, matchRoutes, Outlet, useLocation, useNavigate, type RouteObject } from 'react-router';
import { AppLayout } from '../components/AppLayout';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { StudentNav, useStudentNavShown } from '../components/StudentNav';
import { useSessionUser } from '../lib/auth/session';
import { NavContext, type Nav } from '../lib/nav';
import { RouteGuard, SET_PASSWORD_PATH } from './RouteGuard';

/** Each page is its own chunk: the first visit loads only the page it opens. */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

function Guarded({ adminOnly = false }: { adminOnly?: boolean }) {
  return (
    <RouteGuard adminOnly={adminOnly}>
      <Outlet />
    </RouteGuard>
  );
}

/** The frame around every page, and the router's links and navigation for the pages the light app shows too (decision 0022). */
function RouterLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<Nav>(() => ({ Link, navigate: (to, options) => void navigate(to, options) }), [navigate]);
  // Only where the links show: the header gives the name room beside them on a phone.
  const showNav = useStudentNavShown(pathname);
  const { user } = useSessionUser();
  return (
    <NavContext value={nav}>
      <AppLayout pathname={pathname} nav={showNav ? <StudentNav pathname={pathname} /> : undefined} reader={user ? (user.isAdmin ? 'teacher' : 'student') : undefined}>
        <Outlet />
      </AppLayout>
    </NavContext>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RouterLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', ...page(() => import('../features/landing/LandingPage')) },
      { path: '/auth', ...page(() => import('../features/auth/SignInPage')) },
      { path: '/forgot-password', ...page(() => import('../features/auth/ForgotPasswordPage')) },
      { path: '/under-construction', ...page(() => import('../features/student/UnderConstructionPage')) },
      { path: '/choose-password', ...page(() => import('../features/auth/ChoosePasswordPage')) },
      {
        element: <Guarded />,
        children: [
          { path: SET_PASSWORD_PATH, ...page(() => import('../features/auth/SetPasswordPage')) },
          { path: '/student', ...page(() => import('../features/student/StudentPage')) },
          { path: '/test', ...page(() => import('../features/speaking-test/TestPage')) },
          { path: '/interview-dashboard', ...page(() => import('../features/interview/InterviewDashboardPage')) },
          { path: '/interview-simulator', ...page(() => import('../features/interview/InterviewSimulatorPage')) },
          { path: '/progress', ...page(() => import('../features/progress/ProgressPage')) },
          { path: '/progress/attempts/:id', ...page(() => import('../features/progress/AttemptPage')) },
          // Not behind the admin-only guard: a student here sees the spec's Access Denied panel.
          { path: '/admin', ...page(() => import('../features/admin/AdminPage')) },
        ],
      },
      {
        element: <Guarded adminOnly />,
        children: [
          { path: '/admin/attempts/:id', ...page(() => import('../features/admin/attempts/AttemptReviewPage')) },
          { path: '/admin/students/:id', ...page(() => import('../features/admin/student-page/StudentPage')) },
          { path: '/admin/courses', ...page(() => import('../features/courses/CoursesPage')) },
        ],
      },
      { path: '*', ...page(() => import('../components/NotFoundPage')) },
    ],
  },
];

/**
 * Loads the page the browser opened before the app's first render, so that render shows the page
 * (in place of the prerendered header, shell.tsx) rather than an empty router waiting for its chunk.
 * The download starts at the same moment the router would have started it. A page that fails to
 * load is left to the router, which shows its error page.
 */
export async function loadOpenedPage(location: Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (typeof lazy !== 'function') return;
      try {
        Object.assign(route, await lazy());
        route.lazy = undefined;
      } catch {
        // The router tries again and shows the error page.
      }
    }),
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
