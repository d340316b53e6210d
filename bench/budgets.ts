/** The budgets `npm run bench:check` holds the project to (issue: proof of quality). */
export const FIRST_VISIT_JS_BUDGET_BYTES = 150 * 1024;
export const FIRST_VISIT_BUDGET_ROUTES = ['/', '/auth'];
