import { IdParamsSchema } from '@app/shared/schemas/common';
import { RoomSchema } from '@app/shared/schemas/session-room';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../../platform/auth-guard.ts';
import { createPrivateStorage } from '../../../platform/uploads/private-storage.ts';
import type { MessagesDeps } from '../../messages/deps.ts';
import { getRoom } from '../room.ts';
import { registerRoomSignalling } from '../room-signalling.ts';
import { roomTags, security } from './common.ts';

/** The session room (either participant, /booking/{id}/room) and its signalling frames on the live socket. */
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
};
