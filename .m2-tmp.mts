import { measureRoutes } from './bench/bundle-size.ts';
import { firstVisitBudgetBytes } from './bench/budgets.ts';
for (const r of measureRoutes(process.argv[2]!)) console.log(r.route.padEnd(24), r.jsGzipBytes, 'left', firstVisitBudgetBytes(r.route) - r.jsGzipBytes);
