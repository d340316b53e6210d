/**
 * What each route's first visit downloads, named by source module (keys of the Vite manifest): the
 * app the bootstrap starts (the light app on `/`, `/auth`, `/forgot-password`, the full app
 * elsewhere, decision 0022), the page, and the parts the page loads as soon as it opens (decision
 * 0023's "later parts" that a first screen starts at once). Each module counts with everything it
 * imports statically.
 *
 * One list, three readers:
 * - the server names these chunks in the page it serves (`<link rel="modulepreload">`), so they all
 *   download beside the bootstrap instead of one after the other (src/server/lib/route-preloads.ts);
 * - `npm run bench:check` budgets their size (bench/bundle-size.ts);
 * - e2e/first-visit-chunks.test.ts opens each route in Chromium and fails when it loads a script this
 *   list does not name, or does not load one it names.
 */

const LIGHT_APP = 'src/client/app/light.tsx';
const FULL_APP = 'src/client/app/full.tsx';
const STUDENT_PROFILE = '/api/student/profile';
const INTERVIEW_PROFILE = '/api/interview/profile';

/** Who a route is for: the server names its chunks only to that visitor (a signed-out visitor on /admin is sent to /auth). */
export type FirstVisitVisitor = 'anyone' | 'student' | 'admin';

export interface FirstVisitRoute {
  /** As in the router: `:id` is one path segment. */
  route: string;
  visitor: FirstVisitVisitor;
  modules: readonly string[];
  /**
   * The page's first GETs, exactly as it sends them (`:id` as in `route`): the bootstrap starts them
   * beside the code (src/client/lib/early-data.ts), and the page takes their answers.
   */
  data?: readonly string[];
}

export const FIRST_VISIT_ROUTES: readonly FirstVisitRoute[] = [
  { route: '/', visitor: 'anyone', modules: [LIGHT_APP, 'src/client/features/landing/LandingPage.tsx'] },
  { route: '/auth', visitor: 'anyone', modules: [LIGHT_APP, 'src/client/features/auth/SignInPage.tsx'] },
  { route: '/forgot-password', visitor: 'anyone', modules: [LIGHT_APP, 'src/client/features/auth/ForgotPasswordPage.tsx'] },
  { route: '/student', visitor: 'student', modules: [FULL_APP, 'src/client/features/student/StudentPage.tsx'], data: [STUDENT_PROFILE] },
  { route: '/test', visitor: 'student', modules: [FULL_APP, 'src/client/features/speaking-test/TestPage.tsx', 'src/client/features/speaking-test/TestSession.tsx'] },
  { route: '/interview-dashboard', visitor: 'student', modules: [FULL_APP, 'src/client/features/interview/InterviewDashboardPage.tsx', 'src/client/features/interview/dashboard/Dashboard.tsx'], data: [INTERVIEW_PROFILE, STUDENT_PROFILE] },
  { route: '/interview-simulator', visitor: 'student', modules: [FULL_APP, 'src/client/features/interview/InterviewSimulatorPage.tsx'], data: [INTERVIEW_PROFILE, STUDENT_PROFILE] },
  { route: '/admin', visitor: 'admin', modules: [FULL_APP, 'src/client/features/admin/AdminPage.tsx', 'src/client/features/admin/students/StudentsTable.tsx'], data: ['/api/admin/students?page=1&limit=10&search='] },
  { route: '/admin/courses', visitor: 'admin', modules: [FULL_APP, 'src/client/features/courses/CoursesPage.tsx'], data: ['/api/admin/courses?page=1'] },
  { route: '/admin/attempts/:id', visitor: 'admin', modules: [FULL_APP, 'src/client/features/admin/attempts/AttemptReviewPage.tsx', 'src/client/features/admin/attempts/AttemptReview.tsx'], data: ['/api/admin/attempts/:id'] },
  // The URL as studentAttemptsUrl (shared/api/admin-student-attempts-limits.ts) writes the first page's.
  { route: '/admin/students/:id', visitor: 'admin', modules: [FULL_APP, 'src/client/features/admin/student-page/StudentPage.tsx', 'src/client/features/admin/student-page/StudentPageBody.tsx'], data: ['/api/admin/students/:id/attempts?page=1&limit=10'] },
];

const normalise = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/**
 * The route a path opens, matched as React Router matches it (case-insensitive, trailing slash
 * ignored), with its parameters (`{ id: '42' }`, as typed); undefined for any other path.
 */
export function firstVisitRouteFor(pathname: string): { route: FirstVisitRoute; params: Record<string, string> } | undefined {
  const typed = (pathname.replace(/\/+$/, '') || '/').split('/');
  const segments = normalise(pathname).split('/');
  for (const route of FIRST_VISIT_ROUTES) {
    const pattern = route.route.toLowerCase().split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      if (!part.startsWith(':')) return part === segments[index];
      params[part.slice(1)] = typed[index] ?? '';
      return (segments[index] ?? '') !== '';
    });
    if (matches) return { route, params };
  }
  return undefined;
}
