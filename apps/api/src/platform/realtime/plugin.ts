import websocket from '@fastify/websocket';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { authSessions, users } from '../../db/schema/index.ts';
import { verifyAccessToken } from '../tokens.ts';
import { createInProcessBus, createPgliteBus, createPostgresBus, type RealtimeBus } from './bus.ts';
import { createRealtimeHub, type RealtimeHub } from './hub.ts';
import { notePresence } from './presence.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/**
 * Decorates the app with `realtime` (publish to users, per-user subscriptions, frame handlers)
 * and registers @fastify/websocket. The socket route itself is `realtimeRoutes` under /api.
 * On PostgreSQL events cross processes through LISTEN/NOTIFY; on PGlite (one process) in memory.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const { deps } = app;
  const bus: RealtimeBus =
    deps.database.driver === 'pg'
      ? await createPostgresBus((deps.db as unknown as { $client: pg.Pool }).$client, app.log)
      : deps.database.pglite
        ? await createPgliteBus(deps.database.pglite, app.log)
        : createInProcessBus();
  const hub = createRealtimeHub({
    bus,
    log: app.log,
    now: () => deps.clock.now(),
    notePresence: (userIds) => notePresence(deps.db, userIds, deps.clock.now()),
    verifyToken: (token) => verifyAccessToken({ secret: deps.config.APP_SECRET, now: deps.clock.now() }, token),
    async liveSessions(sessionIds) {
      const rows = await deps.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            inArray(authSessions.id, sessionIds),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, deps.clock.now()),
            isNull(users.deletedAt),
            isNull(users.suspendedAt),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  });
  app.decorate('realtime', hub);
  app.addHook('onClose', async () => {
    await hub.close();
  });
});

/** GET /api/ws: the live socket. Authenticated by a first frame `{type:'auth', token}`, never the URL. */
export async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    app.realtime.accept(socket);
  });
}
