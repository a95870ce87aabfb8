import { addDays, zonedDate, zonedInstant } from '@app/shared/slots';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, reviews, therapyCategories, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { NO_DOMAIN_EVENTS } from '../../platform/events.ts';
import { createReview } from './write-review.ts';

/** Comments by language, picked in turn; ratings in turn; every third review anonymous. */
const COMMENTS = {
  en: [
    'Very warm and patient. I left with practical steps for the week.',
    'Helped me make sense of a difficult month. Easy to talk to.',
    'Structured sessions and useful exercises between them.',
    'Listened carefully and never rushed me. I feel calmer already.',
    'Good session, though the video dropped once. Would book again.',
  ],
  de: [
    'Sehr einfühlsam und geduldig. Ich habe konkrete Übungen mitgenommen.',
    'Hat mir geholfen, einen schwierigen Monat einzuordnen.',
    'Klare Struktur und hilfreiche Aufgaben zwischen den Sitzungen.',
    'Hat gut zugehört und mich nie gedrängt. Ich fühle mich ruhiger.',
  ],
} as const;
const RATINGS = [5, 4.5, 5, 4, 4.5, 3.5];

interface DemoPastSession {
  clientId: string;
  providerId: string;
  zone: string;
  daysAgo: number;
}

async function pastSession(tx: Tx, now: Date, session: DemoPastSession, therapyId: string | null): Promise<string> {
  const date = addDays(zonedDate(now.getTime(), session.zone), -session.daysAgo);
  const startsAt = new Date(zonedInstant(date, 10 * 60, session.zone, 'earlier'));
  const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
  const [row] = await tx
    .insert(bookings)
    .values({
      clientId: session.clientId,
      providerId: session.providerId,
      therapyCategoryId: therapyId,
      modalityKey: 'video-session',
      status: 'completed',
      previousStatus: 'confirmed',
      startsAt,
      endsAt,
      // Introductory sessions: free, so the demo ledger stays exactly what the money module seeds.
      priceMinor: 0,
      paymentMethod: 'free',
      paidAt: new Date(startsAt.getTime() - 2 * 24 * 3600_000),
      participantStatus: 'acknowledged',
      completedAt: endsAt,
      createdAt: new Date(startsAt.getTime() - 3 * 24 * 3600_000),
      updatedAt: endsAt,
    })
    .returning({ id: bookings.id, endsAt: bookings.endsAt });
  if (!row) throw new Error('demo session insert failed');
  return row.id;
}

/**
 * Demo history (docs/decisions/directory-demo-history.md): the demo client had four free introductory
 * sessions, with the demo provider and three others, and reviewed the first two (one of them
 * anonymously), so two wait for a review; every demo provider has 2-3 reviews by the demo
 * reviewers (every third anonymous), written through createReview's rules a day after each
 * session. Idempotent: nothing happens once the demo client has a review.
 */
export async function seedDemoReviews(
  tx: Tx,
  input: {
    now: Date;
    clientEmail: string;
    /** The demo client's past therapists, in order: the first two are reviewed. */
    clientProviders: readonly string[];
    providers: readonly { email: string; language: 'en' | 'de'; country: string }[];
    /** Demo clients who write the providers' reviews; those of the provider's country first. */
    reviewers: readonly { email: string; country: string }[];
  },
): Promise<void> {
  const emails = [input.clientEmail, ...input.providers.map((p) => p.email), ...input.reviewers.map((r) => r.email)];
  const people = await tx
    .select({ id: users.id, email: users.email, timezone: users.timezone })
    .from(users)
    .where(inArray(users.email, emails));
  const person = (email: string) => people.find((row) => row.email === email);
  const client = person(input.clientEmail);
  if (!client) return;
  const [already] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.clientId, client.id)).limit(1);
  if (already) return;
  const [therapy] = await tx
    .select({ id: therapyCategories.id })
    .from(therapyCategories)
    .where(eq(therapyCategories.key, 'individual-therapy'));
  const therapyId = therapy?.id ?? null;

  const review = async (
    clientRow: { id: string },
    providerRow: { id: string; timezone: string },
    daysAgo: number,
    body: { rating: number; comment: string | null; isAnonymous: boolean } | null,
  ) => {
    const bookingId = await pastSession(
      tx,
      input.now,
      { clientId: clientRow.id, providerId: providerRow.id, zone: providerRow.timezone, daysAgo },
      therapyId,
    );
    if (!body) return;
    const reviewedAt = new Date(input.now.getTime() - (daysAgo - 1) * 24 * 3600_000);
    await createReview(
      { db: tx, clock: fixedClock(reviewedAt), events: NO_DOMAIN_EVENTS },
      { actor: { userId: clientRow.id, role: 'client', sessionId: 'demo-seed' }, bookingId, language: 'en', ...body },
    );
  };

  // The demo client: four past sessions, the first two reviewed (the second anonymously).
  for (const [index, email] of input.clientProviders.entries()) {
    const provider = person(email);
    if (!provider) continue;
    const body =
      index === 0
        ? {
            rating: 5,
            comment: 'Kind, practical and on time. I recommend her to anyone dealing with stress.',
            isAnonymous: false,
          }
        : index === 1
          ? { rating: 4.5, comment: 'He helped me see things from a different angle.', isAnonymous: true }
          : null;
    await review(client, provider, 7 * (index + 1), body);
  }

  // Every demo provider: reviews by the demo reviewers.
  let turn = 0;
  for (const [providerIndex, provider] of input.providers.entries()) {
    const providerRow = person(provider.email);
    if (!providerRow) continue;
    const count = 2 + (providerIndex % 2);
    const local = input.reviewers.filter((item) => item.country === provider.country);
    const rotated = local.map((_item, at) => local[(at + providerIndex) % local.length]);
    const ordered = [...rotated, ...input.reviewers.filter((item) => item.country !== provider.country)];
    for (let index = 0; index < count; index++) {
      const reviewer = person(ordered[index]?.email ?? '');
      if (!reviewer) continue;
      const comments = COMMENTS[provider.language];
      await review(reviewer, providerRow, 10 + index * 12 + providerIndex, {
        rating: RATINGS[turn % RATINGS.length] as number,
        comment: comments[turn % comments.length] as string,
        isAnonymous: turn % 3 === 2,
      });
      turn++;
    }
  }
}
