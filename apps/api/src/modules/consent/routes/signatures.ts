import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  BookingConsentSchema,
  ClientConsentStateSchema,
  ConsentSignatureSchema,
  PendingConsentsSchema,
  SignConsentBodySchema,
} from '@app/shared/schemas/consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, ownerOnlyNotInViewMode, requireRole } from '../../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';
import { signedConsentPdf } from '../pdf.ts';
import { clientConsentState, getBookingConsent, pendingConsents, signConsent } from '../signatures.ts';
import { security, tags } from './common.ts';

/**
 * Signing: the consent of a booking's provider (either party reads it, the client signs it), the
 * client's pending consents, a client's signatures for their provider, and the signed copy as PDF.
 * What shows a signature (name, IP) is the two parties' own: never read in view mode.
 */
export const consentSignatureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const writes = rateLimit(app, [{ name: 'consentWrites', keyOf: byUser }]);
  const renders = rateLimit(app, [{ name: 'documentRenders', keyOf: byUser }]);
  const ownOnly = [authenticate, ownerOnlyNotInViewMode];

  app.get(
    '/booking/:id/consent',
    { onRequest: ownOnly, schema: { tags, security, params: IdParamsSchema, response: { 200: BookingConsentSchema } } },
    (request) => getBookingConsent(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.post(
    '/booking/:id/consent',
    {
      onRequest: requireRole('client'),
      preHandler: writes,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: SignConsentBodySchema,
        response: { 200: ConsentSignatureSchema, 201: ConsentSignatureSchema },
      },
    },
    async (request, reply) => {
      const { signature, created } = await signConsent(deps, {
        actor: request.actor,
        bookingId: request.params.id,
        body: request.body,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.code(created ? 201 : 200);
      return signature;
    },
  );

  app.get(
    '/consent/pending',
    { onRequest: requireRole('client'), schema: { tags, security, response: { 200: PendingConsentsSchema } } },
    (request) => pendingConsents(deps, { actor: request.actor }),
  );

  app.get(
    '/consent/clients/:id',
    {
      onRequest: [...requireRole('provider'), ownerOnlyNotInViewMode],
      schema: { tags, security, params: IdParamsSchema, response: { 200: ClientConsentStateSchema } },
    },
    (request) => clientConsentState(deps, { actor: request.actor, clientId: request.params.id }),
  );

  app.get(
    '/consent/signatures/:id/pdf',
    { onRequest: ownOnly, preHandler: renders, schema: { tags, security, params: IdParamsSchema } },
    async (request, reply) => {
      const file = await signedConsentPdf(deps, {
        actor: request.actor,
        signatureId: request.params.id,
        language: request.language,
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.pdf);
    },
  );
};
