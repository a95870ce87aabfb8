import { BOOKING_PARTIES } from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import { IN_PERSON_MODALITY, ROOM_GRACE_MS } from '@app/shared/session-rules';
import { z } from '@app/shared/zod';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingEvents, bookings, sessionVisits, therapyCategories, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { fixedClock } from '../../platform/clock.ts';
import { lockProviderCalendar } from '../bookings/booking-data.ts';
import { withSlotRace } from '../bookings/take-slot.ts';
import { payFromWallet } from '../money/escrow.ts';
import { references } from '../money/references.ts';
import { completeSessions } from './complete-sessions.ts';

const DevSessionBodySchema = z.object({
  clientEmail: z.email(),
  providerEmail: z.email(),
  /** Minutes from now to the start (negative: already started). */
  startsInMinutes: z
    .number()
    .int()
    .min(-60 * 24 * 7)
    .max(60 * 24 * 14),
  durationMinutes: z.number().int().min(15).max(180).default(60),
  /** In person: no room, so the job settles it as held at its end (the provider's earning). */
  modalityKey: z.enum(['video-session', IN_PERSON_MODALITY]).default('video-session'),
  /** A paid session: the price leaves the client's wallet into escrow, as a wallet payment does. */
  price: z.object({ amountMinor: z.number().int().min(1), currencyCode: z.string().length(3) }).optional(),
  /**
   * Stays the room recorded, in minutes from the start (a session in the past that both attended,
   * without waiting an hour in the room): each a join and a leave.
   */
  attendance: z
    .array(
      z.object({
        party: z.enum(BOOKING_PARTIES),
        fromMinute: z.number().int().min(-60).max(240),
        toMinute: z.number().int().min(-60).max(240),
      }),
    )
    .max(10)
    .optional(),
});

/**
 * DEV_TOOLS only (never registered in production by default), like the sandbox gateway: POST
 * /dev/session-room creates a free, confirmed video session between two existing accounts
 * starting in `startsInMinutes`, outside the provider's calendar, so the room can be tried (and
 * the end-to-end journeys can meet in it) without waiting for a slot on the hour. The no-overlap
 * constraint still applies. With a `price` it is paid from the client's wallet (INSUFFICIENT_FUNDS
 * when short), so a journey can reach earnings in a currency the sandbox does not pay out (the
 * back office's manual payouts) without waiting days for a session. With `attendance` the room's
 * stays are recorded as given (a past session that both attended); POST
 * /dev/session-room/{id}/close settles a session as if its room had closed (the no-show and
 * dispute journeys). Only the journeys' server (scripts/e2e-server.mjs) and development turn
 * DEV_TOOLS on.
 */
export const roomDevRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.post(
    '/dev/session-room',
    {
      schema: {
        tags: ['dev'],
        body: DevSessionBodySchema,
        response: { 201: z.object({ bookingIdentifier: z.uuid(), startAt: z.string(), endAt: z.string() }) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const people = await db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(inArray(users.email, [body.clientEmail.toLowerCase(), body.providerEmail.toLowerCase()]));
      const client = people.find(
        (person) => person.email === body.clientEmail.toLowerCase() && person.role === 'client',
      );
      const provider = people.find(
        (person) => person.email === body.providerEmail.toLowerCase() && person.role === 'provider',
      );
      if (!client || !provider) throw new AppError('NOT_FOUND');
      const now = clock.now();
      const startsAt = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + body.startsInMinutes * 60_000);
      const endsAt = new Date(startsAt.getTime() + body.durationMinutes * 60_000);
      const [therapy] = await db
        .select({ id: therapyCategories.id })
        .from(therapyCategories)
        .where(eq(therapyCategories.key, 'individual-therapy'));
      const id = await withSlotRace(() =>
        db.transaction(async (tx) => {
          await lockProviderCalendar(tx, provider.id);
          const [row] = await tx
            .insert(bookings)
            .values({
              clientId: client.id,
              providerId: provider.id,
              therapyCategoryId: therapy?.id ?? null,
              modalityKey: body.modalityKey,
              status: 'confirmed',
              previousStatus: 'pending',
              startsAt,
              endsAt,
              priceMinor: body.price?.amountMinor ?? 0,
              currencyCode: body.price?.currencyCode ?? 'NGN',
              createdBy: 'client',
              paidAt: now,
              paymentMethod: body.price ? 'wallet' : 'free',
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: bookings.id });
          if (!row) throw new Error('dev session insert failed');
          if (body.price) {
            await payFromWallet(tx, {
              userId: client.id,
              amountMinor: body.price.amountMinor,
              currencyCode: body.price.currencyCode,
              reference: references.bookingPayment(row.id),
              bookingId: row.id,
              at: now,
            });
          }
          await tx
            .insert(bookingEvents)
            .values({ bookingId: row.id, type: 'confirmed', actorRole: 'system', data: { dev: true }, createdAt: now });
          const at = (minute: number) => new Date(startsAt.getTime() + minute * 60_000);
          for (const stay of body.attendance ?? []) {
            if (stay.toMinute <= stay.fromMinute) throw new AppError('BAD_REQUEST');
            await tx.insert(sessionVisits).values({
              bookingId: row.id,
              userId: stay.party === 'client' ? client.id : provider.id,
              party: stay.party,
              tab: `dev-${stay.party}-${stay.fromMinute}`,
              joinedAt: at(stay.fromMinute),
              lastSeenAt: at(stay.toMinute),
              leftAt: at(stay.toMinute),
            });
          }
          return row.id;
        }),
      );
      return reply.code(201).send({
        bookingIdentifier: id,
        startAt: startsAt.toISOString(),
        endAt: endsAt.toISOString(),
      });
    },
  );

  // Settles one confirmed video session as if its room had closed now (its outcome from the stays
  // recorded so far), so a journey need not wait out the session and the grace period.
  app.post(
    '/dev/session-room/:id/close',
    {
      schema: {
        tags: ['dev'],
        params: IdParamsSchema,
        response: { 200: z.object({ completed: z.number().int() }) },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ endsAt: bookings.endsAt })
        .from(bookings)
        .where(eq(bookings.id, request.params.id));
      if (!row?.endsAt) throw new AppError('NOT_FOUND');
      const closesAt = Math.max(clock.now().getTime(), row.endsAt.getTime() + ROOM_GRACE_MS);
      const { completed } = await completeSessions(
        { db, clock: fixedClock(new Date(closesAt)) },
        { bookingIds: [request.params.id] },
      );
      return { completed };
    },
  );
};
