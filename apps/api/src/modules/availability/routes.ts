import {
  AvailabilitySettingsSchema,
  CalendarDaySchema,
  CategoryAvailabilitySettingSchema,
  CategoryQuerySchema,
  CustomDayInputSchema,
  CustomDaysQuerySchema,
  MonthParamsSchema,
  MonthSummarySchema,
  ProviderDateParamsSchema,
  ProviderMonthParamsSchema,
  ProviderMonthSchema,
  PublicSlotsQuerySchema,
  PublicTimeslotsSchema,
  RecurringDaysInputSchema,
  UpdateAvailabilitySettingsSchema,
  WeeklyDaySchema,
} from '@app/shared/schemas/availability';
import { IdParamsSchema } from '@app/shared/schemas/common';
import { canonicalTimeZone } from '@app/shared/slots';
import { isValidTimeZone } from '@app/shared/time-zones';
import { z } from '@app/shared/zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../platform/app-error.ts';
import { bearerToken, requireRole } from '../../platform/auth-guard.ts';
import { verifyAccessToken } from '../../platform/tokens.ts';
import {
  deleteCustomDay,
  getCategorySetting,
  getSettings,
  getWeeklyPattern,
  listCustomDays,
  saveCategorySetting,
  saveCustomDay,
  saveRecurringDays,
  updateSettings,
} from './service.ts';
import { providerMonth, publicDateSlots, publicMonthSummary } from './slots-service.ts';

const tags = ['availability'];
const security = [{ bearer: [] }];

/** The caller's zone from ?timezone= (validated by the schema) or the X-Timezone header. */
function explicitTimezone(request: FastifyRequest, fromQuery: string | undefined): string | undefined {
  if (fromQuery) return fromQuery;
  const header = request.headers['x-timezone'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (!isValidTimeZone(value)) throw fieldError('timezone', 'availability.invalidTimezone');
  return canonicalTimeZone(value);
}

/**
 * Whose zone a public answer uses: ?timezone=, else X-Timezone, else (service side) the signed-in
 * caller's, else the provider's. A bad or expired token is simply ignored here.
 */
async function callerZone(
  request: FastifyRequest,
  fromQuery: string | undefined,
): Promise<{ timezone?: string; viewerId: string | null }> {
  const timezone = explicitTimezone(request, fromQuery);
  if (timezone) return { timezone, viewerId: null };
  return { viewerId: await optionalViewerId(request) };
}

async function optionalViewerId(request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const { config, clock } = request.server.deps;
  try {
    return (await verifyAccessToken({ secret: config.APP_SECRET, now: clock.now() }, token)).userId;
  } catch {
    return null;
  }
}

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const provider = requireRole('provider');

  app.get(
    '/provider-availability/settings',
    { onRequest: provider, schema: { tags, security, response: { 200: AvailabilitySettingsSchema } } },
    (request) => getSettings(deps, { actor: request.actor }),
  );

  app.put(
    '/provider-availability/settings',
    {
      onRequest: provider,
      schema: { tags, security, body: UpdateAvailabilitySettingsSchema, response: { 200: AvailabilitySettingsSchema } },
    },
    (request) => updateSettings(deps, { actor: request.actor, input: request.body }),
  );

  app.get(
    '/provider/availability-setting',
    {
      onRequest: provider,
      schema: {
        tags,
        security,
        querystring: CategoryQuerySchema,
        response: { 200: CategoryAvailabilitySettingSchema },
      },
    },
    (request) => getCategorySetting(deps, { actor: request.actor, category: request.query.category }),
  );

  app.post(
    '/provider/availability-setting',
    {
      onRequest: provider,
      schema: {
        tags,
        security,
        querystring: CategoryQuerySchema,
        body: UpdateAvailabilitySettingsSchema,
        response: { 200: CategoryAvailabilitySettingSchema },
      },
    },
    (request) =>
      saveCategorySetting(deps, {
        actor: request.actor,
        category: request.query.category,
        input: request.body,
      }),
  );

  app.get(
    '/provider-availability/days/default',
    {
      onRequest: provider,
      schema: { tags, security, querystring: CategoryQuerySchema, response: { 200: z.array(WeeklyDaySchema) } },
    },
    (request) => getWeeklyPattern(deps, { actor: request.actor, category: request.query.category }),
  );

  app.post(
    '/provider-availability/days/recurring',
    {
      onRequest: provider,
      schema: { tags, security, body: RecurringDaysInputSchema, response: { 200: z.array(WeeklyDaySchema) } },
    },
    (request) => saveRecurringDays(deps, { actor: request.actor, input: request.body }),
  );

  app.get(
    '/provider-availability/days/custom',
    {
      onRequest: provider,
      schema: { tags, security, querystring: CustomDaysQuerySchema, response: { 200: z.array(CalendarDaySchema) } },
    },
    (request) =>
      listCustomDays(deps, {
        actor: request.actor,
        category: request.query.category,
        month: request.query.month,
      }),
  );

  app.post(
    '/provider-availability/days/custom',
    {
      onRequest: provider,
      schema: { tags, security, body: CustomDayInputSchema, response: { 200: CalendarDaySchema } },
    },
    (request) => saveCustomDay(deps, { actor: request.actor, input: request.body }),
  );

  app.delete(
    '/provider-availability/days/custom/:id',
    { onRequest: provider, schema: { tags, security, params: IdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteCustomDay(deps, { actor: request.actor, id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/provider-availability/timeslot/:month',
    {
      onRequest: provider,
      schema: {
        tags,
        security,
        params: MonthParamsSchema,
        querystring: CategoryQuerySchema,
        response: { 200: ProviderMonthSchema },
      },
      // The schema documents the answer; providerMonth builds it field by field (nothing to strip),
      // and checking a month of slots against the schema on every call was a seventh of its CPU.
      serializerCompiler: () => (month) => JSON.stringify(month),
    },
    (request) =>
      providerMonth(deps, {
        actor: request.actor,
        month: request.params.month,
        category: request.query.category,
      }),
  );

  app.get(
    '/providers-availability/:providerId/timeslot/:date',
    {
      schema: {
        tags,
        params: ProviderDateParamsSchema,
        querystring: PublicSlotsQuerySchema,
        response: { 200: PublicTimeslotsSchema },
      },
    },
    async (request) =>
      publicDateSlots(deps, {
        providerId: request.params.providerId,
        date: request.params.date,
        category: request.query.category,
        ...(await callerZone(request, request.query.timezone)),
      }),
  );

  app.get(
    '/providers-availability/:providerId/month/:month',
    {
      schema: {
        tags,
        params: ProviderMonthParamsSchema,
        querystring: PublicSlotsQuerySchema,
        response: { 200: MonthSummarySchema },
      },
    },
    async (request) =>
      publicMonthSummary(deps, {
        providerId: request.params.providerId,
        month: request.params.month,
        category: request.query.category,
        ...(await callerZone(request, request.query.timezone)),
      }),
  );
};
