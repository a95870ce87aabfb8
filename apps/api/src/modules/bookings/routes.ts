import type { Language } from '@app/shared/constants';
import {
  BookingDetailsSchema,
  BookingIdParamsSchema,
  BookingListQuerySchema,
  BookingPageSchema,
  BookingSchema,
  BookingSeriesSchema,
  CancelBookingBodySchema,
  CancellationPolicySchema,
  CancellationStatusSchema,
  CreateAppointmentBodySchema,
  CreateBookingBodySchema,
  CreateSeriesBodySchema,
  DirectoryPageSchema,
  DirectoryQuerySchema,
  MessageAnswerSchema,
  ParticipantStatusBodySchema,
  PayBookingAnswerSchema,
  PayBookingBodySchema,
  PublicProviderSchema,
  RejectBookingBodySchema,
  RescheduleActionParamsSchema,
  RescheduleApprovalSchema,
  ReschedulePermissionBodySchema,
  ReschedulePolicySchema,
  RescheduleUpdateBodySchema,
  ScheduleBookingBodySchema,
  ShareBookingBodySchema,
} from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, authenticate, requireRole } from '../../platform/auth-guard.ts';
import { byUser, rateLimit } from '../../platform/rate-limits.ts';
import { registerAccountDeletionHook } from '../auth/deletion-hooks.ts';
import { requestCountryCode } from '../auth/timezones.ts';
import { onPaymentSucceeded } from '../payments/hooks.ts';
import { idempotencyKeyOf, withIdempotency } from '../payments/idempotency.ts';
import { partyOf } from './booking-data.ts';
import { bookingsDeletionHook, cancelBooking } from './cancel-booking.ts';
import { createAppointment, createBooking } from './create-booking.ts';
import { getPublicProvider, listProviders } from './directory.ts';
import {
  getBooking,
  getBookingDetails,
  getBookingSeries,
  listAppointments,
  listBookings,
  listClientAppointments,
} from './list-bookings.ts';
import { acknowledgeAsProvider, answerAsClient, getParticipantBooking, rejectAsProvider } from './participant.ts';
import { confirmCardPaidBooking, payBooking } from './pay-booking.ts';
import { getCancellationPolicy, getReschedulePolicy } from './policies.ts';
import { answerReschedule, rescheduleBooking } from './reschedule-booking.ts';
import { setReschedulePermission } from './reschedule-permission.ts';
import { scheduleBooking } from './schedule-booking.ts';
import { createSeries } from './series.ts';
import { shareBooking } from './share-booking.ts';

const security = [{ bearer: [] }];

/** Share emails go to any address: a few per user per hour. */
export const SHARE_RATE_LIMIT = { max: 10, windowSeconds: 60 * 60 };

/**
 * Bookings (client, /booking…), appointments (provider, /appointment…), policies, sharing,
 * paying for a booking and the public provider directory (SPEC.md §7 "Appointments and
 * bookings"). Every {id} is a booking of the caller's: anyone else's answers 404; the other
 * role's routes answer 403.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const client = requireRole('client');
  const provider = requireRole('provider');

  registerAccountDeletionHook('bookings', bookingsDeletionHook());
  onPaymentSucceeded('booking', confirmCardPaidBooking);

  const bookingsTags = ['bookings'];
  const appointmentTags = ['appointments'];

  // ------------------------------------------------------------ client: bookings
  app.post(
    '/booking',
    {
      preHandler: client,
      schema: { tags: bookingsTags, security, body: CreateBookingBodySchema, response: { 200: BookingSchema } },
    },
    (request) => createBooking(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  app.get(
    '/booking',
    {
      preHandler: client,
      schema: {
        tags: bookingsTags,
        security,
        querystring: BookingListQuerySchema,
        response: { 200: BookingPageSchema },
      },
    },
    (request) => listBookings(deps, { actor: request.actor, language: request.language, query: request.query }),
  );

  app.post(
    '/booking/series',
    {
      preHandler: client,
      schema: { tags: bookingsTags, security, body: CreateSeriesBodySchema, response: { 200: BookingSeriesSchema } },
    },
    (request) => createSeries(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  app.get(
    '/booking/participant/:id',
    {
      preHandler: client,
      schema: { tags: bookingsTags, security, params: IdParamsSchema, response: { 200: BookingSchema } },
    },
    (request) =>
      getParticipantBooking(deps, { actor: request.actor, language: request.language, bookingId: request.params.id }),
  );

  app.post(
    '/booking/participant/:id/status',
    {
      preHandler: client,
      schema: {
        tags: bookingsTags,
        security,
        params: IdParamsSchema,
        body: ParticipantStatusBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      answerAsClient(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        status: request.body.status,
        note: request.body.note,
      }),
  );

  app.post(
    '/booking/reschedule/:id/:action',
    {
      preHandler: client,
      schema: { tags: bookingsTags, security, params: RescheduleActionParamsSchema, response: { 200: BookingSchema } },
    },
    (request) =>
      answerReschedule(deps, {
        actor: request.actor,
        party: 'client',
        language: request.language,
        bookingId: request.params.id,
        accept: request.params.action === 'accept',
      }),
  );

  app.post(
    '/booking/:id/schedule',
    {
      preHandler: client,
      schema: {
        tags: bookingsTags,
        security,
        params: IdParamsSchema,
        body: ScheduleBookingBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      scheduleBooking(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        body: request.body,
      }),
  );

  // Either party: what the rules allow the caller now.
  app.get(
    '/booking/:id/cancellation-status',
    {
      preHandler: authenticate,
      schema: { tags: bookingsTags, security, params: IdParamsSchema, response: { 200: CancellationStatusSchema } },
    },
    async (request) => {
      const policy = await getCancellationPolicy(deps.db, {
        actor: request.actor,
        bookingId: request.params.id,
        now: deps.clock.now(),
      });
      return {
        isRefundable: policy.isRefundable,
        refundAmount: policy.refundAmount,
        currencyCode: policy.currencyCode,
      };
    },
  );

  app.get(
    '/booking/:id/reschedule-approval',
    {
      preHandler: authenticate,
      schema: { tags: bookingsTags, security, params: IdParamsSchema, response: { 200: RescheduleApprovalSchema } },
    },
    async (request) => {
      const policy = await getReschedulePolicy(deps.db, {
        actor: request.actor,
        bookingId: request.params.id,
        now: deps.clock.now(),
      });
      return { needsApproval: policy.needsApproval };
    },
  );

  // ------------------------------------------------------------ either side: one of my bookings
  // The same services serve the client's /booking/{id}… and the provider's /appointment/{id}…:
  // each side reads and changes its bookings as that party.
  const sides = [
    { party: 'client', prefix: '/booking', preHandler: client, tags: bookingsTags },
    { party: 'provider', prefix: '/appointment', preHandler: provider, tags: appointmentTags },
  ] as const;
  for (const { party, prefix, preHandler, tags } of sides) {
    const mine = (request: { actor: Actor; language: Language; params: { id: string } }) => ({
      actor: request.actor,
      party,
      language: request.language,
      bookingId: request.params.id,
    });

    app.get(
      `${prefix}/:id`,
      { preHandler, schema: { tags, security, params: IdParamsSchema, response: { 200: BookingSchema } } },
      (request) => getBooking(deps, mine(request)),
    );

    app.get(
      `${prefix}/:id/details`,
      { preHandler, schema: { tags, security, params: IdParamsSchema, response: { 200: BookingDetailsSchema } } },
      (request) => getBookingDetails(deps, mine(request)),
    );

    app.get(
      `${prefix}/:id/series`,
      { preHandler, schema: { tags, security, params: IdParamsSchema, response: { 200: BookingSeriesSchema } } },
      (request) => getBookingSeries(deps, mine(request)),
    );

    app.post(
      `${prefix}/:id/reschedule`,
      {
        preHandler,
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: ScheduleBookingBodySchema,
          response: { 200: BookingSchema },
        },
      },
      (request) => rescheduleBooking(deps, { ...mine(request), body: request.body }),
    );

    app.post(
      `${prefix}/:id/cancel`,
      {
        preHandler,
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          body: CancelBookingBodySchema,
          response: { 200: BookingSchema },
        },
      },
      (request) => cancelBooking(deps, { ...mine(request), reason: request.body.note }),
    );
  }

  // ------------------------------------------------------------ provider: appointments
  app.post(
    '/appointment',
    {
      preHandler: provider,
      schema: { tags: appointmentTags, security, body: CreateAppointmentBodySchema, response: { 200: BookingSchema } },
    },
    (request) => createAppointment(deps, { actor: request.actor, language: request.language, body: request.body }),
  );

  app.get(
    '/appointment',
    {
      preHandler: provider,
      schema: {
        tags: appointmentTags,
        security,
        querystring: BookingListQuerySchema,
        response: { 200: BookingPageSchema },
      },
    },
    (request) => listAppointments(deps, { actor: request.actor, language: request.language, query: request.query }),
  );

  app.get(
    '/appointment/client/:id',
    {
      preHandler: provider,
      schema: {
        tags: appointmentTags,
        security,
        params: IdParamsSchema,
        querystring: BookingListQuerySchema,
        response: { 200: BookingPageSchema },
      },
    },
    (request) =>
      listClientAppointments(deps, {
        actor: request.actor,
        language: request.language,
        clientId: request.params.id,
        query: request.query,
      }),
  );

  app.get(
    '/appointment/policy/:id/cancellation',
    {
      preHandler: authenticate,
      schema: { tags: appointmentTags, security, params: IdParamsSchema, response: { 200: CancellationPolicySchema } },
    },
    (request) =>
      getCancellationPolicy(deps.db, { actor: request.actor, bookingId: request.params.id, now: deps.clock.now() }),
  );

  app.get(
    '/appointment/policy/:id/reschedule',
    {
      preHandler: authenticate,
      schema: { tags: appointmentTags, security, params: IdParamsSchema, response: { 200: ReschedulePolicySchema } },
    },
    (request) =>
      getReschedulePolicy(deps.db, { actor: request.actor, bookingId: request.params.id, now: deps.clock.now() }),
  );

  app.post(
    '/appointment/participant/:id/acknowledge',
    {
      preHandler: provider,
      schema: { tags: appointmentTags, security, params: IdParamsSchema, response: { 200: BookingSchema } },
    },
    (request) =>
      acknowledgeAsProvider(deps, { actor: request.actor, language: request.language, bookingId: request.params.id }),
  );

  app.post(
    '/appointment/participant/:id/reject-booking',
    {
      preHandler: provider,
      schema: {
        tags: appointmentTags,
        security,
        params: IdParamsSchema,
        body: RejectBookingBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      rejectAsProvider(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        note: request.body?.note ?? null,
      }),
  );

  app.post(
    '/appointment/:id/reschedule-update',
    {
      preHandler: provider,
      schema: {
        tags: appointmentTags,
        security,
        params: IdParamsSchema,
        body: RescheduleUpdateBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      answerReschedule(deps, {
        actor: request.actor,
        party: 'provider',
        language: request.language,
        bookingId: request.params.id,
        accept: request.body.status === 'accepted',
      }),
  );

  app.post(
    '/appointment/:id/reschedule-permission',
    {
      preHandler: provider,
      schema: {
        tags: appointmentTags,
        security,
        params: IdParamsSchema,
        body: ReschedulePermissionBodySchema,
        response: { 200: BookingSchema },
      },
    },
    (request) =>
      setReschedulePermission(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.params.id,
        allow: request.body.allow,
      }),
  );

  // ------------------------------------------------------------ sharing and paying
  const shareLimit = rateLimit(app, [{ name: 'shareBooking', rule: SHARE_RATE_LIMIT, keyOf: byUser }]);

  app.post(
    '/share-booking',
    {
      preHandler: [
        authenticate,
        async (request) => {
          partyOf(request.actor);
        },
        shareLimit,
      ],
      schema: { tags: bookingsTags, security, body: ShareBookingBodySchema, response: { 200: MessageAnswerSchema } },
    },
    (request) =>
      shareBooking(deps, {
        actor: request.actor,
        language: request.language,
        bookingId: request.body.bookingIdentifier,
        email: request.body.email,
      }),
  );

  app.post(
    '/payment/booking/:bookingId',
    {
      preHandler: client,
      schema: {
        tags: ['payments'],
        security,
        params: BookingIdParamsSchema,
        body: PayBookingBodySchema,
        response: { 200: PayBookingAnswerSchema },
      },
    },
    (request) =>
      withIdempotency(
        deps,
        {
          userId: request.actor.userId,
          scope: `payment.booking:${request.params.bookingId}`,
          key: idempotencyKeyOf(request),
          payload: request.body,
        },
        () =>
          payBooking(deps, {
            actor: request.actor,
            language: request.language,
            bookingId: request.params.bookingId,
            body: request.body,
          }),
      ),
  );

  // ------------------------------------------------------------ public directory
  app.get(
    '/providers',
    { schema: { tags: ['providers'], querystring: DirectoryQuerySchema, response: { 200: DirectoryPageSchema } } },
    (request) =>
      listProviders(deps, {
        language: request.language,
        countryCode: request.query.countryCode,
        visitorCountryCode: requestCountryCode(request, deps.config.TRUSTED_COUNTRY_HEADER),
        page: request.query.page,
        perPage: request.query.perPage,
      }),
  );

  app.get(
    '/providers/:id',
    { schema: { tags: ['providers'], params: IdParamsSchema, response: { 200: PublicProviderSchema } } },
    (request) =>
      getPublicProvider(deps, {
        language: request.language,
        providerId: request.params.id,
        visitorCountryCode: requestCountryCode(request, deps.config.TRUSTED_COUNTRY_HEADER),
      }),
  );
};
