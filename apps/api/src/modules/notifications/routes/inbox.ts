import {
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationPreferencesSchema,
  NotificationSchema,
  ReadAllAnswerSchema,
  UnreadNotificationsSchema,
  UpdateNotificationPreferencesBodySchema,
} from '@app/shared/schemas/notifications';
import { z } from '@app/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../../platform/auth-guard.ts';
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../inbox.ts';
import { getNotificationPreferences, updateNotificationPreferences } from '../preferences.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const signedIn = { onRequest: authenticate };

/**
 * The signed-in person's in-app notifications (the bell, /notifications) and their per-category,
 * per-channel switches (/preference). New ones also arrive on the live socket (`notification.new`).
 */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/notifications',
    {
      ...signedIn,
      schema: { tags, security, querystring: NotificationListQuerySchema, response: { 200: NotificationPageSchema } },
    },
    (request) => listNotifications(deps, { actor: request.actor, ...request.query }),
  );
  app.get(
    '/notifications/unread-count',
    { ...signedIn, schema: { tags, security, response: { 200: UnreadNotificationsSchema } } },
    (request) => countUnreadNotifications(deps, { actor: request.actor }),
  );
  app.put(
    '/notifications/read-all',
    { ...signedIn, schema: { tags, security, response: { 200: ReadAllAnswerSchema } } },
    (request) => markAllNotificationsRead(deps, { actor: request.actor }),
  );
  app.put(
    '/notifications/:id/read',
    {
      ...signedIn,
      schema: { tags, security, params: z.object({ id: z.uuid() }), response: { 200: NotificationSchema } },
    },
    (request) => markNotificationRead(deps, { actor: request.actor, notificationId: request.params.id }),
  );
  app.get(
    '/notifications/preferences',
    { ...signedIn, schema: { tags, security, response: { 200: NotificationPreferencesSchema } } },
    (request) => getNotificationPreferences(deps, { actor: request.actor }),
  );
  app.put(
    '/notifications/preferences',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        body: UpdateNotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesSchema },
      },
    },
    (request) => updateNotificationPreferences(deps, { actor: request.actor, body: request.body }),
  );
};
