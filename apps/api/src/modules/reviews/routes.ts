import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewAdminRoutes } from './routes/admin.ts';
import { reviewRoutes } from './routes/reviews.ts';

/** Reviews (SPEC.md §7): the client's review of a session, the public lists, reports and the back office's decisions. */
export const reviewsModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(reviewRoutes);
  await app.register(reviewAdminRoutes);
};
