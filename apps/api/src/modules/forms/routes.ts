import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formAssignmentRoutes } from './routes/assignments.ts';
import { formRequestRoutes } from './routes/requests.ts';
import { formTemplateRoutes } from './routes/templates.ts';

/** Intake questionnaires and outcome measures: the provider's forms, what they send, and the sent forms. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(formTemplateRoutes);
  await app.register(formAssignmentRoutes);
  await app.register(formRequestRoutes);
};
