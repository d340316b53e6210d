import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';

/** The admin's student management endpoints (spec section 7: /api/admin/students...). */
export async function adminStudentRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
