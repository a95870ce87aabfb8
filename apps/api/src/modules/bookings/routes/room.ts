import { BookingSchema } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import {
  NoShowCountPageSchema,
  NoShowCountsQuerySchema,
  RebookBodySchema,
  RoomSchema,
  SessionOutcomeSchema,
} from '@app/shared/schemas/session-room';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, requireRole } from '../../../platform/auth-guard.ts';
import { createPrivateStorage } from '../../../platform/uploads/private-storage.ts';
import type { MessagesDeps } from '../../messages/deps.ts';
import { markClientNoShow } from '../mark-no-show.ts';
import { listNoShowCounts } from '../no-show-counts.ts';
import { rebookMissedSession } from '../rebook-missed.ts';
import { getRoom } from '../room.ts';
import { roomDevRoutes } from '../room-dev.ts';
import { registerRoomSignalling } from '../room-signalling.ts';
import { getSessionOutcome } from '../session-outcome.ts';
import { appointmentTags, bookingsTags, client, provider, security } from './common.ts';

const roomTags = ['session room'];
const admin = requireRole('admin');

/**
 * The session room and what happened: the room (either participant, /booking/{id}/room), its
 * signalling frames on the live socket, the outcome (either participant), the provider's
 * client-no-show record, the client's replacement booking, and the back office's no-show counts.
 */
export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const messages: MessagesDeps = {
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    storage: createPrivateStorage(deps.config),
    realtime: app.realtime,
    log: app.log,
    events: deps.events,
  };
  registerRoomSignalling({ db: deps.db, clock: deps.clock, realtime: app.realtime, log: deps.log });

  app.get(
    '/booking/:id/room',
    {
      onRequest: authenticate,
      schema: { tags: roomTags, security, params: IdParamsSchema, response: { 200: RoomSchema } },
    },
    (request) =>
      getRoom(
        { ...deps, messages },
        { actor: request.actor, language: request.language, bookingId: request.params.id },
      ),
  );

  app.get(
    '/booking/:id/outcome',
    {
      onRequest: authenticate,
      schema: { tags: roomTags, security, params: IdParamsSchema, response: { 200: SessionOutcomeSchema } },
    },
    (request) => getSessionOutcome(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.post(
    '/appointment/:id/client-no-show',
    {
      onRequest: provider,
      schema: { tags: appointmentTags, security, params: IdParamsSchema, response: { 200: SessionOutcomeSchema } },
    },
    (request) => markClientNoShow(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.post(
    '/booking/:id/rebook',
    {
      onRequest: client,
      schema: {
        tags: bookingsTags,
        security,
        params: IdParamsSchema,
        body: RebookBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      rebookMissedSession(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        body: request.body,
      }),
  );

  app.get(
    '/admin/no-shows',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        security,
        querystring: NoShowCountsQuerySchema,
        response: { 200: NoShowCountPageSchema },
      },
    },
    (request) => listNoShowCounts(deps.db, request.query),
  );

  if (deps.config.DEV_TOOLS) await app.register(roomDevRoutes);
};
