import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentDocumentRoutes } from './routes/documents.ts';
import { consentSignatureRoutes } from './routes/signatures.ts';

/** Telehealth consent and practice policy: the provider's versions, and clients' signatures of them. */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(consentDocumentRoutes);
  await app.register(consentSignatureRoutes);
};
