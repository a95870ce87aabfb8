import type { Interval } from '@app/shared/slots';
import { slotFitsWish, WAITLIST_CLAIM_MINUTES } from '@app/shared/waitlist-rules';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { waitlistClaims, waitlistEntries, waitlistOpenings } from '../../db/schema/index.ts';
import { appLink, emailParties, renderActionEmail } from '../../platform/action-email.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { SlotsOpenedEvent } from '../../platform/events.ts';
import { formatWhen } from '../../platform/format-when.ts';
import { translate } from '../../platform/i18n.ts';
import { rawRows } from '../../platform/prepared.ts';
import { freeSlotsBetween } from '../availability/slots-service.ts';
import { notificationLink } from '../notifications/views.ts';

/** The job that offers opened slots, passes lapsed claims on and ends entries (jobs.ts). */
export const WAITLIST_JOB = 'waitlist-offers';

/** Openings one run takes at most (the rest wait for the next run). */
const OPENINGS_PER_RUN = 100;

/**
 * The slotsOpened reaction (wired in app.ts): queues the window for the job, inside the change's
 * transaction, when someone waits for this provider (one indexed lookup otherwise), and wakes
 * the job to run once the change committed.
 */
export function queueOpening(deps: Pick<AppDeps, 'jobs'>) {
  return async (tx: Tx, event: SlotsOpenedEvent): Promise<void> => {
    const [waiting] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.providerId, event.providerId), eq(waitlistEntries.status, 'waiting')))
      .limit(1);
    if (!waiting) return;
    await tx.insert(waitlistOpenings).values({
      providerId: event.providerId,
      fromAt: event.from ?? event.at,
      // The whole bookable future: the job bounds it by the entries' dates and the booking window.
      toAt: event.to ?? new Date(event.at.getTime() + 400 * 86_400_000),
      createdAt: event.at,
    });
    deps.jobs?.wake(WAITLIST_JOB);
  };
}

/** One slot offered to one client: told after the commit. */
export interface Offer {
  claimId: string;
  clientId: string;
  providerId: string;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
  email: boolean;
}

/**
 * Ends what is over, in one transaction: entries past their date (expired); entries whose client
 * since paid a session with the provider (booked); claims that ran out or whose entry ended. A
 * claim its client booked ends as booked (and its entry with it); any other goes back to the
 * queue as an opening, for the next person waiting.
 */
async function settle(tx: Tx, now: Date): Promise<void> {
  const at = now.toISOString();
  await rawRows(
    tx,
    sql`UPDATE waitlist_entries SET status = 'expired', ended_at = ${at}::timestamptz
      WHERE status = 'waiting' AND before_at <= ${at}::timestamptz`,
  );
  await rawRows(
    tx,
    sql`UPDATE waitlist_entries e SET status = 'booked', ended_at = ${at}::timestamptz
      WHERE e.status = 'waiting' AND EXISTS (SELECT 1 FROM bookings b WHERE b.client_id = e.client_id
        AND b.provider_id = e.provider_id AND b.status = 'confirmed' AND b.paid_at >= e.created_at)`,
  );
  const ended = await rawRows<{
    provider_id: string;
    starts_at: Date | string;
    ends_at: Date | string;
    status: string;
  }>(
    tx,
    sql`WITH due AS (
        SELECT c.id FROM waitlist_claims c JOIN waitlist_entries e ON e.id = c.entry_id
        WHERE c.status = 'offered' AND (c.expires_at <= ${at}::timestamptz OR e.status <> 'waiting')
        ORDER BY c.expires_at LIMIT ${OPENINGS_PER_RUN} FOR UPDATE OF c SKIP LOCKED
      )
      UPDATE waitlist_claims c SET status = CASE
          WHEN EXISTS (SELECT 1 FROM bookings b WHERE b.client_id = c.client_id AND b.provider_id = c.provider_id
            AND b.status IN ('pending', 'confirmed') AND b.starts_at = c.starts_at) THEN 'booked'
          WHEN c.expires_at <= ${at}::timestamptz THEN 'lapsed'
          ELSE 'released' END
      FROM due WHERE c.id = due.id
      RETURNING c.provider_id, c.starts_at, c.ends_at, c.status, c.entry_id`,
  );
  const reopened = ended.filter((claim) => claim.status !== 'booked');
  if (reopened.length > 0) {
    await tx.insert(waitlistOpenings).values(
      reopened.map((claim) => ({
        providerId: claim.provider_id,
        fromAt: new Date(claim.starts_at),
        toAt: new Date(claim.ends_at),
        createdAt: now,
      })),
    );
  }
  await rawRows(
    tx,
    sql`UPDATE waitlist_entries e SET status = 'booked', ended_at = ${at}::timestamptz
      FROM waitlist_claims c WHERE c.entry_id = e.id AND c.status = 'booked' AND e.status = 'waiting'`,
  );
}

/**
 * Offers the free slots of one opening, under the provider's waitlist lock (so two processes
 * offering for one provider take turns and each sees the other's claims): each waiting entry in
 * join order gets the earliest free slot of the opening that fits its wish, is not offered to
 * anyone, and was not offered to it before; one offered claim per entry and per slot (the unique
 * indexes stand behind it). The slots come from availability's engine with every claim counted
 * as held, so a claimed slot is never offered twice.
 */
async function offerOpening(
  tx: Tx,
  deps: Pick<AppDeps, 'events'>,
  opening: { providerId: string; fromAt: Date; toAt: Date },
  now: Date,
): Promise<Offer[]> {
  await rawRows(
    tx,
    sql`SELECT pg_advisory_xact_lock(hashtextextended('waitlist:provider:' || ${opening.providerId}, 0))`,
  );
  const entries = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.providerId, opening.providerId),
        eq(waitlistEntries.status, 'waiting'),
        sql`${waitlistEntries.beforeAt} > ${now.toISOString()}::timestamptz`,
        sql`NOT EXISTS (SELECT 1 FROM waitlist_claims c WHERE c.entry_id = ${waitlistEntries.id} AND c.status = 'offered')`,
      ),
    )
    .orderBy(asc(waitlistEntries.seq));
  if (entries.length === 0) return [];
  const fromMs = Math.max(opening.fromAt.getTime(), now.getTime());
  const toMs = Math.min(opening.toAt.getTime(), Math.max(...entries.map((entry) => entry.beforeAt.getTime())));
  if (toMs <= fromMs) return [];
  const offeredBefore = await tx
    .select({ entryId: waitlistClaims.entryId, startsAt: waitlistClaims.startsAt })
    .from(waitlistClaims)
    .where(
      inArray(
        waitlistClaims.entryId,
        entries.map((entry) => entry.id),
      ),
    );
  const before = new Set(offeredBefore.map((claim) => `${claim.entryId}|${claim.startsAt.getTime()}`));
  const slotsByCalendar = new Map<string, Interval[]>();
  const taken = new Set<number>();
  const offers: Offer[] = [];
  const expiresAt = new Date(now.getTime() + WAITLIST_CLAIM_MINUTES * 60_000);
  for (const entry of entries) {
    const key = entry.categoryId ?? '';
    let slots = slotsByCalendar.get(key);
    if (!slots) {
      slots = await freeSlotsBetween(tx, {
        providerId: opening.providerId,
        categoryId: entry.categoryId,
        fromMs,
        toMs,
        now,
      }).catch(() => []);
      slotsByCalendar.set(key, slots);
    }
    const slot = slots.find(
      (candidate) =>
        !taken.has(candidate.startMs) &&
        !before.has(`${entry.id}|${candidate.startMs}`) &&
        slotFitsWish(candidate, {
          beforeDate: entry.beforeDate,
          timezone: entry.timezone,
          days: entry.days,
          fromTime: entry.fromTime,
          toTime: entry.toTime,
        }),
    );
    if (!slot) continue;
    const [claim] = await tx
      .insert(waitlistClaims)
      .values({
        entryId: entry.id,
        clientId: entry.clientId,
        providerId: entry.providerId,
        categoryId: entry.categoryId,
        startsAt: new Date(slot.startMs),
        endsAt: new Date(slot.endMs),
        expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: waitlistClaims.id });
    taken.add(slot.startMs);
    if (!claim) continue;
    const answer = await deps.events.notify(tx, {
      userId: entry.clientId,
      kind: 'waitlist.offered',
      actorId: entry.providerId,
      subjectId: claim.id,
      data: {
        startAt: new Date(slot.startMs).toISOString(),
        endAt: new Date(slot.endMs).toISOString(),
        providerId: entry.providerId,
        expiresAt: expiresAt.toISOString(),
      },
      at: now,
    });
    offers.push({
      claimId: claim.id,
      clientId: entry.clientId,
      providerId: entry.providerId,
      startsAt: new Date(slot.startMs),
      endsAt: new Date(slot.endMs),
      expiresAt,
      email: answer.email,
    });
  }
  return offers;
}

/**
 * The waitlist job's work: ends what is over (settle), then takes the queued openings one at a
 * time (FOR UPDATE SKIP LOCKED: processes running it at once take different ones) and offers
 * each in its own transaction; the clients are emailed after each commit. Answers how many
 * slots were offered.
 */
export async function processWaitlist(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'mailer' | 'config' | 'log'>,
): Promise<{ offered: number }> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => settle(tx, now));
  let offered = 0;
  for (let run = 0; run < OPENINGS_PER_RUN; run++) {
    const offers = await deps.db.transaction(async (tx) => {
      const [opening] = await rawRows<{ provider_id: string; from_at: Date | string; to_at: Date | string }>(
        tx,
        sql`DELETE FROM waitlist_openings WHERE id = (
            SELECT id FROM waitlist_openings ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING provider_id, from_at, to_at`,
      );
      if (!opening) return null;
      return offerOpening(
        tx,
        deps,
        { providerId: opening.provider_id, fromAt: new Date(opening.from_at), toAt: new Date(opening.to_at) },
        now,
      );
    });
    if (offers === null) break;
    offered += offers.length;
    for (const offer of offers) {
      if (!offer.email) continue;
      await sendOfferEmail(deps, offer).catch((error: unknown) =>
        deps.log.error({ err: error, claimId: offer.claimId }, 'waitlist offer email failed'),
      );
    }
  }
  return { offered };
}

/** Tells the client by email, in their language and zone, with the link to book the slot. */
async function sendOfferEmail(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, offer: Offer): Promise<void> {
  const parties = await emailParties(deps.db, { recipientId: offer.clientId, otherId: offer.providerId });
  if (!parties) return;
  const { recipient: client, otherName: providerName } = parties;
  const { language } = client;
  const params = {
    provider: providerName,
    when: formatWhen(offer.startsAt, language, client.timezone) ?? offer.startsAt.toISOString(),
    zone: client.timezone,
    minutes: WAITLIST_CLAIM_MINUTES,
  };
  const t = (key: string, extra: Record<string, unknown> = {}) =>
    translate(language, `emails.waitlist.${key}`, { ...params, ...extra });
  const { text, html } = renderActionEmail({
    greeting: client.firstName ? t('greeting', { name: client.firstName }) : t('greetingNoName'),
    intro: t('offered.intro'),
    action: t('offered.action'),
    link: appLink(
      deps.config,
      language,
      notificationLink('waitlist.offered', offer.claimId, {
        providerId: offer.providerId,
        startAt: offer.startsAt.toISOString(),
      }) ?? '/waitlist/',
    ),
    signature: t('signature'),
  });
  await deps.mailer.send({
    to: client.email,
    subject: t('offered.subject'),
    text,
    html,
    language,
    template: 'waitlist.offered',
  });
}
