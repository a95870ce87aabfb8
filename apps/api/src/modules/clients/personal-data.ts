import { and, asc, eq, exists, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, notes, providerClients, users } from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';

const recordColumns = {
  id: providerClients.id,
  providerId: providerClients.providerId,
  userId: providerClients.userId,
  inviteeId: providerClients.inviteeId,
  acceptedAt: providerClients.acceptedAt,
  declinedAt: providerClients.declinedAt,
  firstName: providerClients.firstName,
  lastName: providerClients.lastName,
  email: providerClients.email,
  language: providerClients.language,
  source: providerClients.source,
  importedAt: providerClients.importedAt,
  invitedAt: providerClients.invitedAt,
  createdAt: providerClients.createdAt,
};

/**
 * Records therapists keep of a person: linked to the account, an invitation to it, or imported
 * under its email and not linked yet.
 */
function aboutThePerson(userId: string, email: string | null) {
  return or(
    eq(providerClients.userId, userId),
    eq(providerClients.inviteeId, userId),
    email ? and(isNull(providerClients.userId), eq(providerClients.email, email.toLowerCase())) : undefined,
  );
}

/**
 * The clients' part of a data export. A provider gets their client records (imported by hand or
 * by CSV, with the name and email they entered, and the records made for booked clients) and
 * everyone who booked them, by id and name as their client list shows it. A client gets the
 * records therapists keep of them (the name and email the therapist entered), by therapist id.
 */
export const clientsPersonalData: PersonalDataContributor = {
  section: 'clients',
  async collect(tx: Tx, { userId, role }) {
    if (role !== 'provider') {
      const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const records = await tx
        .select(recordColumns)
        .from(providerClients)
        .where(aboutThePerson(userId, me?.email ?? null))
        .orderBy(asc(providerClients.createdAt));
      return {
        recordsTherapistsKeepOfYou: records.map(({ id: _id, userId: _u, inviteeId: _i, ...record }) => record),
      };
    }
    const records = await tx
      .select(recordColumns)
      .from(providerClients)
      .where(eq(providerClients.providerId, userId))
      .orderBy(asc(providerClients.createdAt));
    const booked = await tx
      .selectDistinct({ identifier: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.clientId))
      .where(eq(bookings.providerId, userId));
    return {
      // Whom an import invited is not the provider's to know: the invitee stays out.
      clientRecords: records.map(({ providerId: _p, inviteeId: _i, ...record }) => record),
      clientsWhoBookedYou: booked,
    };
  },
};

/** The note that hangs on a client record (a treatment record under the retention hold). */
const hasNotes = exists(sql`(SELECT 1 FROM ${notes} WHERE ${notes.providerClientId} = ${providerClients.id})`);

/**
 * The clients' part of erasing an account. Records a therapist keeps of the person (linked to
 * the account, or imported under its email and not linked yet): without notes they are deleted;
 * with notes they are the therapist's treatment record (docs/privacy.md): linked to the anonymous
 * account, the email removed, the name the therapist entered kept with the notes (told by
 * notesErasure, which runs next). An erased provider's own client records go the same way:
 * deleted, unless notes hang on them.
 */
export const clientsErasure: AccountDeletingHandler = async (tx, { userId }) => {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const aboutPerson = aboutThePerson(userId, user?.email ?? null);
  await tx.delete(providerClients).where(and(or(aboutPerson, eq(providerClients.providerId, userId)), not(hasNotes)));
  // A provider who already has a record linked to the account keeps that one (one per provider).
  const linked = tx
    .select({ providerId: providerClients.providerId })
    .from(providerClients)
    .where(eq(providerClients.userId, userId));
  await tx
    .update(providerClients)
    .set({ userId, inviteeId: null, email: null })
    .where(and(aboutPerson, or(eq(providerClients.userId, userId), not(inArray(providerClients.providerId, linked)))));
  // Left as it was: an unlinked record with notes whose provider already has a linked one (its
  // identity check needs the email). Rare, and the provider's own record.
  return [];
};
