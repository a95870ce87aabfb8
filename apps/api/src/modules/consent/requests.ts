import { type Language, languageOf } from '@app/shared/constants';
import type { ConsentVersion, SaveConsentBody } from '@app/shared/schemas/consent';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { bookings, consentRequests, users } from '../../db/schema/index.ts';
import { appLink, renderActionEmail } from '../../platform/action-email.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { formatWhen } from '../../platform/format-when.ts';
import { translate } from '../../platform/i18n.ts';
import { personName } from '../profiles/person-json.ts';
import { currentConsent, saveConsent } from './documents.ts';
import { consentPending } from './signatures.ts';

type RequestDeps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'events' | 'log'>;

/**
 * The bookingsConfirmed reaction (wired in app.ts): a confirmed session with a provider whose
 * consent the client has not signed asks for it now. A failure is logged, never the caller's.
 */
export async function requestConsentOnConfirmed(deps: RequestDeps, event: { bookingIds: string[] }): Promise<void> {
  await requestConsentSignatures(deps, event).catch((error) => {
    deps.log.warn({ err: error }, 'consent requests could not be sent');
  });
}

/**
 * Asks the clients of these confirmed bookings to sign their provider's current consent, in the
 * app and by email in their language: once per client and version (consent_requests), only when
 * the provider has a consent the client has not signed. Run after a booking is confirmed and
 * after a provider saves a new version; a failure is logged, never the caller's.
 */
export async function requestConsentSignatures(deps: RequestDeps, input: { bookingIds: string[] }): Promise<number> {
  if (input.bookingIds.length === 0) return 0;
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      providerId: bookings.providerId,
      startsAt: bookings.startsAt,
    })
    .from(bookings)
    .where(and(inArray(bookings.id, input.bookingIds), eq(bookings.status, 'confirmed')));
  let sent = 0;
  for (const booking of rows) {
    const mail = await deps.db.transaction(async (tx) => {
      const current = await currentConsent(tx, booking.providerId);
      if (!current) return null;
      if (!(await consentPending(tx, { providerId: booking.providerId, clientId: booking.clientId }))) {
        // Signed already, or the provider made it optional: nothing to ask.
        return null;
      }
      const [asked] = await tx
        .insert(consentRequests)
        .values({ documentId: current.id, clientId: booking.clientId, requestedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!asked) return null;
      const { email } = await deps.events.notify(tx, {
        userId: booking.clientId,
        kind: 'consent.required',
        actorId: booking.providerId,
        subjectId: booking.id,
        data: { startAt: booking.startsAt?.toISOString() ?? null, version: current.version },
        foldKey: `consent:${current.id}`,
        at: now,
      });
      if (!email) return null;
      const [client] = await tx.select().from(users).where(eq(users.id, booking.clientId));
      const [provider] = await tx.select().from(users).where(eq(users.id, booking.providerId));
      if (!client || client.deletedAt || !provider) return null;
      return { client, providerName: personName(provider) };
    });
    if (!mail) continue;
    const language: Language = languageOf(mail.client.language);
    const t = (key: string, params: Record<string, unknown> = {}) =>
      translate(language, `emails.consent.${key}`, params);
    const when = formatWhen(booking.startsAt, language, mail.client.timezone) ?? '';
    const { text, html } = renderActionEmail({
      greeting: mail.client.firstName ? t('greeting', { name: mail.client.firstName }) : t('greetingNoName'),
      intro: t('intro', { name: mail.providerName, when }),
      action: t('action'),
      link: appLink(deps.config, language, `/appointments/${booking.id}/consent/`),
      signature: t('signature'),
    });
    try {
      await deps.mailer.send({
        to: mail.client.email,
        subject: t('subject', { name: mail.providerName }),
        text,
        html,
        language,
        template: 'consent.required',
      });
      sent++;
    } catch (error) {
      deps.log.warn({ err: error, bookingId: booking.id }, 'consent: request email failed');
    }
  }
  return sent;
}

/** The provider's upcoming confirmed sessions, whose clients a new version asks to sign. */
export async function upcomingBookingIds(deps: Pick<AppDeps, 'db' | 'clock'>, providerId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.providerId, providerId), eq(bookings.status, 'confirmed'), gt(bookings.endsAt, deps.clock.now())),
    );
  return rows.map((row) => row.id);
}

/**
 * POST /consent/documents: saves the provider's new version, then asks the clients of their
 * upcoming sessions to sign it (after the commit: the save never waits on mail).
 */
export async function publishConsent(
  deps: RequestDeps,
  input: { actor: Actor; body: SaveConsentBody },
): Promise<ConsentVersion> {
  const version = await saveConsent(deps, input);
  try {
    await requestConsentSignatures(deps, { bookingIds: await upcomingBookingIds(deps, input.actor.userId) });
  } catch (error) {
    deps.log.warn({ err: error }, 'consent: asking clients to sign failed');
  }
  return version;
}
