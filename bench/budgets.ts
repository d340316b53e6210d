/** The budgets `npm run bench:check` holds the project to (issue: proof of quality). */
/** Every route's first visit (bench/bundle-size.ts ROUTE_PAGES) loads at most 150.5 KB (decision 0042 and its last addendum) of gzipped JavaScript... */
export const FIRST_VISIT_JS_BUDGET_BYTES = 150 * 1024 + 512;
/** ...and the two pages a new visitor opens first at most 100 KB. */
/**
 * The attempt page's review form stands in the first screen beside the evidence (decision 0037): its
 * fields (~11 KB) come with the first visit; with the review's versions and evidence that adds up to
 * the band, and the rated range beside the estimate (decision 0040), that page's budget is 163 KB,
 * then 164 KB for the review form's keyboard and screen-reader focus and 165 KB for its leave guard
 * loaded with the form (its addenda).
 */
/**
 * The teachers' console's first page, 151 KB: its lists' distinct link names, the end of the heading
 * watch, and the shared computer's sign-in mark in the entry (decision 0042's addenda); the attempt
 * page 165.25 KB for the same mark.
 */
export const FIRST_VISIT_JS_BUDGET_BYTES_BY_ROUTE: Readonly<Record<string, number>> = { '/': 100 * 1024, '/auth': 100 * 1024, '/admin': 151 * 1024, '/admin/attempts/:id': 165 * 1024 + 256 };
export const firstVisitBudgetBytes = (route: string): number => FIRST_VISIT_JS_BUDGET_BYTES_BY_ROUTE[route] ?? FIRST_VISIT_JS_BUDGET_BYTES;
/** Every admin list endpoint's p99 latency at 50 connections on PostgreSQL (bench/lists.ts). */
export const LIST_P99_BUDGET_MS = 50;
/** The class view of one course (GET /api/admin/class?courseId=…, bench/lists.ts): p99 at 50 connections on PostgreSQL. */
export const CLASS_VIEW_P99_BUDGET_MS = 100;
/** How bench/check.ts tells the class view's row from the others. */
export const CLASS_VIEW_PATH_PREFIX = '/api/admin/class?';
/** Lighthouse (mobile preset, bench/lighthouse.ts) on these routes, each opened by the visitor it is for: performance at least this, accessibility exactly 100. */
export const LIGHTHOUSE_BUDGET_ROUTES: ReadonlyArray<{ route: string; visitor: 'signed out' | 'student' | 'admin' }> = [
  { route: '/', visitor: 'signed out' },
  { route: '/auth', visitor: 'signed out' },
  { route: '/student', visitor: 'student' },
  { route: '/test', visitor: 'student' },
  { route: '/interview-dashboard', visitor: 'student' },
  { route: '/interview-simulator', visitor: 'student' },
  { route: '/admin', visitor: 'admin' },
  { route: '/admin/courses', visitor: 'admin' },
];
export const LIGHTHOUSE_PERFORMANCE_BUDGET = 95;
export const LIGHTHOUSE_ACCESSIBILITY_BUDGET = 100;
/** The students list's p99 while 20 recordings of 10 MB upload at once (bench/uploads.ts), per driver. */
export const UPLOAD_LIST_P99_BUDGET_MS = { pglite: 100, postgres: 50 } as const;
/**
 * ...and the server's resident memory may grow by at most this much meanwhile, on a server that has taken a burst of
 * uploads before (bench/uploads.ts's warm-up round): a process's first burst raises the allocator's high-water mark
 * once (+90 to +120 MB measured), which is told beside the row, not budgeted.
 */
export const UPLOAD_RSS_GROWTH_BUDGET_MB = 100;
/** The examiner voice's choice among 13,000 voices (headless Chromium's espeak-ng list; bench/voices.ts): the median of 50 runs, in Node. Was a unit test's limit (voice.test.ts). */
export const VOICE_CHOICE_BUDGET_MS = 100;
/** Scoring one 15-minute speaking test on the server, first call and every later one (bench/scoring.ts; decision 0030). */
export const SCORING_BUDGET_MS = 200;
/** One 12-minute speaking test's analysis on one core (bench/analysis.ts), with and without word alignment, as a share of the recording's duration. */
export const ANALYSIS_SHARE_OF_DURATION_BUDGET = 0.05;
/** ...and the students list's p99 while 4 such recordings are analysed may be at most this much above its p99 just before, */
export const ANALYSIS_LIST_P99_GROWTH_BUDGET = 0.2;
/**
 * ...or this many milliseconds above it, whichever is more. Since the list's pages are kept in memory
 * (decision 0011), its p99 on a few connections is 2-4 ms, and 20 % of that is less than
 * one wait for a core: the load generator, the server and the analyses share two, and the kernel's
 * time slice on two cores is 1.5 ms. Below 10 ms the 20 % measured that wait, not the analyses
 * (measured: 2.34 -> 2.94 ms, 2.23 -> 3.52 ms, while the 50-connection row stayed within 5 %).
 */
export const ANALYSIS_LIST_P99_GROWTH_FLOOR_MS = 2;
