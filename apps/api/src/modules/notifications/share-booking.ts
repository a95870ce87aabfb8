import type { Language } from '@app/shared/constants';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { appLink } from '../../platform/action-email.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { formatWhen } from '../../platform/format-when.ts';
import { translate } from '../../platform/i18n.ts';
import { requireVerifiedEmail } from '../auth/verified-email.ts';
import { loadOwnBooking, partyOf, recordEvent } from '../bookings/booking-data.ts';
import { bookingView, viewContext } from '../bookings/booking-view.ts';
import { sendBookingEmail } from './booking-emails.ts';

/**
 * POST /share-booking: emails the summary of one of the caller's bookings to an address they
 * name (consent: true is required by the schema). The summary says when, with whom, what and
 * how, in the caller's language and zone; no price, notes or links to private data, and it
 * speaks to someone who may have no account (a link to the public site, not to appointments). The
 * timeline records that it was shared, not the address.
 */
export async function shareBooking(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; email: string },
): Promise<{ message: string }> {
  const row = await loadOwnBooking(deps.db, { bookingId: input.bookingId, actor: input.actor });
  await requireVerifiedEmail(deps.db, input.actor.userId); // mail to others needs a proven sender
  const party = partyOf(input.actor);
  const [sender] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName, timezone: users.timezone })
    .from(users)
    .where(eq(users.id, input.actor.userId));
  const view = await bookingView(deps.db, row.id, viewContext(deps, input.language, input.actor.userId));
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(input.language, `emails.bookings.${key}`, params);
  const other = party === 'client' ? view.provider.name : view.client.name;
  const details = [
    t('when', { when: formatWhen(view.startAt, input.language, sender?.timezone ?? 'UTC') ?? t('unscheduled') }),
    t('with', { name: other }),
    view.therapyCategory ? t('therapy', { therapy: view.therapyCategory.name }) : null,
    view.modality ? t('modality', { modality: view.modality.name }) : null,
    t('shared.outro'),
  ].filter((line): line is string => Boolean(line));
  const senderName = [sender?.firstName, sender?.lastName].filter(Boolean).join(' ').trim() || 'TherapyHub';
  await sendBookingEmail(deps, {
    to: input.email,
    language: input.language,
    firstName: null,
    template: 'shared',
    details,
    params: { name: senderName },
    // The recipient may have no account: the link leads to the public site, not to appointments.
    action: t('shared.action'),
    link: appLink(deps.config, input.language, '/'),
  });
  await recordEvent(deps.db, {
    bookingId: row.id,
    type: 'shared',
    actorRole: party,
    data: { domain: input.email.split('@')[1] ?? null },
    at: deps.clock.now(),
  });
  return { message: translate(input.language, 'bookings.shared', { email: input.email }) };
}
