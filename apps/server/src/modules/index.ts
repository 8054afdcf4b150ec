import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authRoutes } from './auth/auth.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { measureRoutes } from './measure/measure.routes.js';
import { estimateRoutes } from './estimate/estimate.routes.js';
import { projectRoutes } from './projects/projects.routes.js';
import { supportRoutes } from './support/support.routes.js';

/** Every API module, mounted under /api. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await authRoutes(api, ctx);
  await projectRoutes(api, ctx);
  await billingRoutes(api, ctx);
  await supportRoutes(api, ctx);
  await measureRoutes(api, ctx);
  await estimateRoutes(api, ctx);
}
