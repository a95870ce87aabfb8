import {
  ConsentSettingsSchema,
  ConsentVersionSchema,
  OwnConsentSchema,
  SaveConsentBodySchema,
} from '@app/shared/schemas/consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../../platform/rate-limits.ts';
import { getOwnConsent, setConsentSettings } from '../documents.ts';
import { publishConsent } from '../requests.ts';
import { security, tags } from './common.ts';

/** The provider's consent and practice policy: its versions, a new version, the room setting. */
export const consentDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const provider = requireRole('provider');
  const writes = rateLimit(app, [{ name: 'consentWrites', keyOf: byUser }]);

  app.get(
    '/consent/documents',
    { onRequest: provider, schema: { tags, security, response: { 200: OwnConsentSchema } } },
    (request) => getOwnConsent(deps, { actor: request.actor }),
  );

  app.post(
    '/consent/documents',
    {
      onRequest: provider,
      preHandler: writes,
      schema: { tags, security, body: SaveConsentBodySchema, response: { 201: ConsentVersionSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return publishConsent(deps, { actor: request.actor, body: request.body });
    },
  );

  app.put(
    '/consent/settings',
    {
      onRequest: provider,
      schema: { tags, security, body: ConsentSettingsSchema, response: { 200: ConsentSettingsSchema } },
    },
    (request) => setConsentSettings(deps, { actor: request.actor, settings: request.body }),
  );
};
