import { MAX_UPLOAD_BYTES } from '@app/shared/constants';
import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  AvatarSchema,
  BookingFeeSchema,
  ClientProfileSchema,
  ClientProfileUpdateSchema,
  EmergencyContactSchema,
  GeneralFeeUpdateSchema,
  LicenseStatesSchema,
  LicenseStatesUpdateSchema,
  PhotoSchema,
  PreferencesSchema,
  PreferencesUpdateSchema,
  ProviderInfoUpdateSchema,
  ProviderProfileSchema,
  ProviderSetupSchema,
  TherapyFeeUpdateSchema,
} from '@app/shared/schemas/profiles';
import { z } from '@app/shared/zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth-guard.ts';
import { rateLimit } from '../../platform/rate-limits.ts';
import { publicStorage } from '../../platform/storage.ts';
import { billingDetailsRoutes } from './billing-routes.ts';
import { getClientProfile, setEmergencyContact, updateClientProfile } from './client-service.ts';
import type { ProfilesDeps } from './deps.ts';
import {
  chooseAvatar,
  deleteClientPicture,
  listAvatars,
  readUploadedFile,
  uploadClientPicture,
  uploadProviderPhoto,
} from './pictures.ts';
import { getPreferences, updatePreferences } from './preferences.ts';
import { setGeneralFee, setTherapyFee } from './provider-fees.ts';
import { getLicenseStates, setLicenseStates } from './provider-license-states.ts';
import { getProviderProfile, setupProvider, updateProviderInfo } from './provider-service.ts';

const security = [{ bearer: [] }];
const multipartBody = { consumes: ['multipart/form-data'] };

/**
 * Client and provider profiles, pictures, avatars, preferences, fees and licence states
 * (SPEC.md §7 "Client" and "Provider"). @fastify/multipart is registered in this plugin's
 * scope only, with the 10 MB (+1 byte) file limit.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 20, headerPairs: 100 },
  });

  await app.register(billingDetailsRoutes);

  const deps: ProfilesDeps = {
    db: app.deps.db,
    clock: app.deps.clock,
    storage: publicStorage(app.deps.config),
    log: app.log,
  };
  const { db } = deps;

  const uploadLimit = rateLimit(app, [
    { name: 'profileUpload', keyOf: (request) => request.actor?.userId ?? request.ip },
  ]);

  const client = { onRequest: requireRole('client') };
  const clientUpload = { onRequest: requireRole('client'), preHandler: uploadLimit };
  const provider = { onRequest: requireRole('provider') };
  const providerUpload = { onRequest: requireRole('provider'), preHandler: uploadLimit };
  const clientTags = ['client'];
  const providerTags = ['provider'];

  // -- Client ---------------------------------------------------------------------------

  app.get(
    '/client',
    { ...client, schema: { tags: clientTags, security, response: { 200: ClientProfileSchema } } },
    (request) => getClientProfile(deps, { actor: request.actor }),
  );

  app.put(
    '/client',
    {
      ...client,
      schema: { tags: clientTags, security, body: ClientProfileUpdateSchema, response: { 200: ClientProfileSchema } },
    },
    (request) => updateClientProfile(deps, { actor: request.actor, update: request.body }),
  );

  app.post(
    '/client/emergency-contact',
    {
      ...client,
      schema: { tags: clientTags, security, body: EmergencyContactSchema, response: { 200: EmergencyContactSchema } },
    },
    (request) => setEmergencyContact(deps, { actor: request.actor, contact: request.body }),
  );

  app.post(
    '/client/profile-picture',
    { ...clientUpload, schema: { tags: clientTags, security, ...multipartBody, response: { 200: PhotoSchema } } },
    async (request) => uploadClientPicture(deps, { actor: request.actor, file: await readUploadedFile(request) }),
  );

  app.delete(
    '/client/profile-picture',
    { ...client, schema: { tags: clientTags, security, response: { 200: PhotoSchema } } },
    (request) => deleteClientPicture(deps, { actor: request.actor }),
  );

  app.get(
    '/client/avatars',
    { ...client, schema: { tags: clientTags, security, response: { 200: z.array(AvatarSchema) } } },
    () => listAvatars(db),
  );

  app.post(
    '/client/avatar/:id',
    {
      ...client,
      schema: {
        tags: clientTags,
        security,
        params: IdParamsSchema,
        response: { 200: z.object({ photoUrl: z.string() }) },
      },
    },
    (request) => chooseAvatar(deps, { actor: request.actor, avatarId: request.params.id }),
  );

  app.get(
    '/client/preferences',
    { ...client, schema: { tags: clientTags, security, response: { 200: PreferencesSchema } } },
    (request) => getPreferences(db, { actor: request.actor, role: 'client', language: request.language }),
  );

  app.put(
    '/client/preferences',
    {
      ...client,
      schema: { tags: clientTags, security, body: PreferencesUpdateSchema, response: { 200: PreferencesSchema } },
    },
    (request) =>
      updatePreferences(db, { actor: request.actor, role: 'client', language: request.language, update: request.body }),
  );

  // -- Provider -------------------------------------------------------------------------

  app.get(
    '/provider',
    { ...provider, schema: { tags: providerTags, security, response: { 200: ProviderProfileSchema } } },
    (request) => getProviderProfile(deps, { actor: request.actor, language: request.language }),
  );

  app.post(
    '/provider/update/info',
    {
      ...provider,
      schema: {
        tags: providerTags,
        security,
        body: ProviderInfoUpdateSchema,
        response: { 200: ProviderProfileSchema },
      },
    },
    (request) => updateProviderInfo(deps, { actor: request.actor, language: request.language, update: request.body }),
  );

  app.post(
    '/provider/update/photo',
    { ...providerUpload, schema: { tags: providerTags, security, ...multipartBody, response: { 200: PhotoSchema } } },
    async (request) => uploadProviderPhoto(deps, { actor: request.actor, file: await readUploadedFile(request) }),
  );

  app.post(
    '/provider/setup',
    {
      ...provider,
      schema: { tags: providerTags, security, body: ProviderSetupSchema, response: { 200: ProviderProfileSchema } },
    },
    (request) => setupProvider(deps, { actor: request.actor, language: request.language, setup: request.body }),
  );

  app.post(
    '/provider/booking-fee/general',
    {
      ...provider,
      schema: { tags: providerTags, security, body: GeneralFeeUpdateSchema, response: { 200: BookingFeeSchema } },
    },
    (request) => setGeneralFee(deps, { actor: request.actor, language: request.language, update: request.body }),
  );

  app.post(
    '/provider/booking-fee/therapy',
    {
      ...provider,
      schema: { tags: providerTags, security, body: TherapyFeeUpdateSchema, response: { 200: BookingFeeSchema } },
    },
    (request) => setTherapyFee(deps, { actor: request.actor, language: request.language, update: request.body }),
  );

  app.get(
    '/provider/license-states',
    { ...provider, schema: { tags: providerTags, security, response: { 200: LicenseStatesSchema } } },
    (request) => getLicenseStates(deps, { actor: request.actor, language: request.language }),
  );

  app.post(
    '/provider/license-states',
    {
      ...provider,
      schema: {
        tags: providerTags,
        security,
        body: LicenseStatesUpdateSchema,
        response: { 200: LicenseStatesSchema },
      },
    },
    (request) =>
      setLicenseStates(deps, {
        actor: request.actor,
        language: request.language,
        stateIds: request.body.stateIdentifiers,
      }),
  );

  app.get(
    '/provider/preferences',
    { ...provider, schema: { tags: providerTags, security, response: { 200: PreferencesSchema } } },
    (request) => getPreferences(db, { actor: request.actor, role: 'provider', language: request.language }),
  );

  app.put(
    '/provider/preferences',
    {
      ...provider,
      schema: { tags: providerTags, security, body: PreferencesUpdateSchema, response: { 200: PreferencesSchema } },
    },
    (request) =>
      updatePreferences(db, {
        actor: request.actor,
        role: 'provider',
        language: request.language,
        update: request.body,
      }),
  );
};
