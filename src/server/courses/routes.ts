import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

/** Course management (spec section 7: /api/admin/courses..., /api/courses/active). */
export async function courseRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
