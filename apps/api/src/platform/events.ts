import type { NotificationKind } from '@app/shared/schemas/notifications';
import type { Tx } from '../db/client.ts';

/**
 * Domain events: how one module reacts to what happened in another without either importing
 * the other, and without registering anything at import time. The reactions are listed once,
 * in `wireDomainEvents` (app.ts), and reach the services as `deps.events`. Handlers run
 * synchronously inside the database transaction of the event (the caller's `tx`), so the event
 * and its reactions commit or roll back together.
 */

export type PaymentPurpose = 'booking' | 'booking_series';

/** A verified card payment for something other than the wallet (today: a booking). */
export interface PaymentSucceededEvent {
  paymentId: string;
  reference: string;
  userId: string;
  /** The booking's (or series') id given to startCardPayment. */
  purposeId: string;
  amountMinor: number;
  currencyCode: string;
  paidAt: Date;
  /** The ledger transaction that moved the money from gateway clearing into booking escrow. */
  ledgerTransactionId: string;
}

/**
 * Runs inside the database transaction that records the payment and moves the money into
 * booking escrow, so "paid" and "confirmed" commit together. Throwing rolls that back; the
 * money then goes to the payer's wallet instead (never lost) and the payment reports
 * creditedTo "wallet". A booking that can no longer be confirmed (expired, slot gone) should
 * throw, or refund itself with refundToWallet in the same transaction. One handler per purpose;
 * without one, the money goes to the payer's wallet.
 */
export type PaymentSucceededHandler = (tx: Tx, event: PaymentSucceededEvent) => Promise<void>;

/** An admin approved a provider (credentials), inside the decision's transaction. */
export interface ProviderApprovedEvent {
  providerId: string;
  at: Date;
}

/**
 * Runs before the approval checks the listing rule, so what it writes (availability: the
 * provider's next free slot) is what the check reads. A throw aborts the approval.
 */
export type ProviderApprovedHandler = (tx: Tx, event: ProviderApprovedEvent) => Promise<void>;

/** Bookings were confirmed (paid, or free) and their parties told: the notification outbox delivered them. */
export interface BookingsConfirmedEvent {
  bookingIds: string[];
}

/**
 * Runs after the outbox delivered the confirmations, outside any transaction: never on a
 * payment's own path (a wallet payment stays one statement), and a payment never fails for it.
 * A handler opens its own transactions and logs its own failures; delivery of the same
 * confirmation twice must not send twice (a handler's writes are idempotent).
 */
export type BookingsConfirmedHandler = (event: BookingsConfirmedEvent) => Promise<void>;

/** An account is being deleted (auth): other modules erase or close what is theirs. */
export interface AccountDeletingEvent {
  userId: string;
  now: Date;
}

/**
 * What a module keeps of an erased account because the law requires it (docs/privacy.md), told to
 * the person: `kind` names the words under `hardening.kept.<kind>` (what, why, how long).
 */
export interface KeptRecord {
  kind:
    | 'bookings'
    | 'ledger'
    | 'treatmentNotes'
    | 'clinicalNotes'
    | 'formAnswers'
    | 'clinicalForms'
    | 'audit'
    | 'documents'
    | 'consentSignatures'
    | 'consentDocuments';
  count: number;
}

/**
 * Runs inside the deletion transaction, before auth anonymises the user row; handlers run in
 * the order they are listed, and a throw aborts the whole deletion. Each module erases or
 * anonymises what is its own and answers what it had to keep (nothing: void or []).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that keeps nothing simply returns (Promise<void>)
export type AccountDeletingHandler = (tx: Tx, event: AccountDeletingEvent) => Promise<void | KeptRecord[]>;

/** Whose data is being exported (GDPR Art. 15/20): a person's own copy. */
export interface PersonalDataRequest {
  userId: string;
  role: 'client' | 'provider' | 'admin';
  now: Date;
}

/**
 * One module's part of a data export: `collect` answers, inside the export's read transaction,
 * everything the module keeps about the person (plain JSON: no password or token hashes, no
 * storage keys), under `section` in the archive. See docs/conventions.md "Data export".
 */
export interface PersonalDataContributor {
  section: string;
  collect(tx: Tx, request: PersonalDataRequest): Promise<unknown>;
}

/**
 * Someone must be told about something that happened to them (a booking, a payment, a message,
 * a decision on their documents, …). Raised by the module where it happened, inside the
 * transaction of the change, with the kind (packages/shared schemas/notifications.ts) and its
 * values; never names or free text (the actor is an id, the notification reads the name).
 */
export interface NotifyEvent {
  userId: string;
  kind: NotificationKind;
  /** The person whose action it was, if any. */
  actorId?: string | null;
  /** The id of what it is about (a booking, a conversation, a payment reference, …), for its link. */
  subjectId?: string | null;
  data?: Record<string, string | number | boolean | null>;
  /** Events with the same key fold into one unread notification (its count goes up). */
  foldKey?: string | null;
  at: Date;
}

/** What the person's preferences say about the other channel: whether to email them too. */
export interface NotifyAnswer {
  email: boolean;
}

/**
 * Runs inside the caller's transaction (or on the database handle for a one-statement change):
 * records the in-app notification (unless the person turned that category off) and sends it live
 * once the transaction commits. Answers whether the person also wants an email for it; a module
 * that emails about the event asks this instead of reading preferences itself. A throw rolls the
 * change back, so handlers must not throw for anything but a database failure.
 */
export type NotifyHandler = (tx: Tx, event: NotifyEvent) => Promise<NotifyAnswer>;

/**
 * A booking change committed with events for its parties in the bookings outbox (booking_events
 * with `notifyUserId`; modules/bookings/outbox.ts): raised right after the commit, outside any
 * transaction, so they are told at once (the notifications module's delivery). The change stands
 * whatever the reaction does; events nobody delivered wait for the outbox's job.
 */
export interface BookingEventsCommittedEvent {
  eventIds: string[];
}

/** Tells the parties of those events now; at most one handler (the notifications module). */
export type BookingEventsCommittedHandler = (event: BookingEventsCommittedEvent) => Promise<unknown>;

/**
 * Time of a provider may have become free: a booking cancelled, rejected or moved away (bookings),
 * or the provider's availability widened (availability). Raised inside the transaction of the
 * change with the window it concerns; `from`/`to` null: the whole bookable future.
 */
export interface SlotsOpenedEvent {
  providerId: string;
  from: Date | null;
  to: Date | null;
  at: Date;
}

/**
 * Runs inside the change's transaction, in order (the waitlist queues the window for its job). It
 * must stay cheap and throw only for a database failure: the change must not fail for it.
 */
export type SlotsOpenedHandler = (tx: Tx, event: SlotsOpenedEvent) => Promise<void>;

/**
 * Something operators count (metrics; platform/telemetry.ts): how booking journeys end, how card
 * payments and gateway webhooks fare per gateway, refused sign-ins, refused requests. Raised after
 * the change committed where the code allows it; carries vocabularies only, never ids or words.
 */
export type OutcomeEvent =
  | {
      kind: 'booking';
      outcome: 'held' | 'confirmed' | 'cancelled' | 'rejected' | 'expired' | 'completed';
      /** Several bookings at once (a job's batch); 1 when absent. */
      count?: number;
    }
  | { kind: 'payment'; gateway: string; outcome: 'started' | 'succeeded' | 'failed' | 'abandoned' }
  | { kind: 'webhook'; gateway: string; outcome: 'applied' | 'duplicate' | 'ignored' | 'refused' | 'failed' }
  | { kind: 'loginFailure'; reason: 'credentials' | 'suspended' }
  | { kind: 'rateLimitRefusal'; limit: string };

/** Counts an outcome; never throws and never waits (it must not change what it counts). */
export type OutcomeHandler = (event: OutcomeEvent) => void;

/** Who reacts to what. */
export interface DomainEventHandlers {
  paymentSucceeded: Partial<Record<PaymentPurpose, PaymentSucceededHandler>>;
  accountDeleting: readonly AccountDeletingHandler[];
  /** Reactions to an approval, in order (availability computes the next free slot). */
  providerApproved?: readonly ProviderApprovedHandler[];
  /** Reactions to confirmed bookings, in order (forms sends what is due, consent asks for a signature). */
  bookingsConfirmed?: readonly BookingsConfirmedHandler[];
  /** Reactions to time that may have opened, in order (the waitlist). */
  slotsOpened?: readonly SlotsOpenedHandler[];
  /** Each module's part of a person's data export, in archive order. */
  personalData?: readonly PersonalDataContributor[];
  /** At most one handler answers notify (the notifications module); without one, email is wanted and nothing is recorded. */
  notify?: NotifyHandler;
  /** At most one handler delivers committed booking events; without one, they wait for the outbox's job. */
  bookingEventsCommitted?: BookingEventsCommittedHandler;
  /** At most one handler counts outcomes (the process's telemetry); without one, nothing is counted. */
  outcome?: OutcomeHandler;
}

/** The dispatcher the services see as `deps.events`. */
export interface DomainEvents {
  /** The reaction to a card payment for this purpose, if a module takes it (card payments choose escrow or wallet by it). */
  paymentSucceededHandler(purpose: PaymentPurpose): PaymentSucceededHandler | undefined;
  /** Every account-deletion reaction, in order, inside `tx`; the first throw aborts. Answers what was kept. */
  accountDeleting(tx: Tx, event: AccountDeletingEvent): Promise<KeptRecord[]>;
  /** Every reaction to a provider's approval, in order, inside `tx`. */
  providerApproved(tx: Tx, event: ProviderApprovedEvent): Promise<void>;
  /** Every reaction to confirmed bookings, in order; a failing one is the handler's to log, the others still run. */
  bookingsConfirmed(event: BookingsConfirmedEvent): Promise<void>;
  /** Every reaction to time that may have opened, in order, inside `tx`. */
  slotsOpened(tx: Tx, event: SlotsOpenedEvent): Promise<void>;
  /** Every module's part of a person's data, by section, read inside `tx`. */
  collectPersonalData(tx: Tx, request: PersonalDataRequest): Promise<Record<string, unknown>>;
  /** Tells a person about something, inside `tx`; answers whether they also want an email. */
  notify(tx: Tx, event: NotifyEvent): Promise<NotifyAnswer>;
  /** After a booking change committed: tells the parties of its outbox events now (none: nothing to do). */
  bookingEventsCommitted(event: BookingEventsCommittedEvent): Promise<void>;
  /** Counts an outcome for the operators' metrics. */
  outcome(event: OutcomeEvent): void;
}

export function createDomainEvents(handlers: DomainEventHandlers): DomainEvents {
  const paymentSucceeded = { ...handlers.paymentSucceeded };
  const accountDeleting = [...handlers.accountDeleting];
  const personalData = [...(handlers.personalData ?? [])];
  const providerApproved = [...(handlers.providerApproved ?? [])];
  const bookingsConfirmed = [...(handlers.bookingsConfirmed ?? [])];
  const slotsOpened = [...(handlers.slotsOpened ?? [])];
  const notify = handlers.notify;
  const bookingEventsCommitted = handlers.bookingEventsCommitted;
  const outcome = handlers.outcome;
  return {
    paymentSucceededHandler: (purpose) => paymentSucceeded[purpose],
    async accountDeleting(tx, event) {
      const kept: KeptRecord[] = [];
      for (const handler of accountDeleting) kept.push(...((await handler(tx, event)) ?? []));
      return kept;
    },
    async providerApproved(tx, event) {
      for (const handler of providerApproved) await handler(tx, event);
    },
    async bookingsConfirmed(event) {
      if (event.bookingIds.length === 0) return;
      for (const handler of bookingsConfirmed) await handler(event);
    },
    async slotsOpened(tx, event) {
      for (const handler of slotsOpened) await handler(tx, event);
    },
    async collectPersonalData(tx, request) {
      const sections: Record<string, unknown> = {};
      for (const contributor of personalData) sections[contributor.section] = await contributor.collect(tx, request);
      return sections;
    },
    notify: (tx, event) => (notify ? notify(tx, event) : Promise.resolve({ email: true })),
    async bookingEventsCommitted(event) {
      if (event.eventIds.length > 0) await bookingEventsCommitted?.(event);
    },
    outcome: (event) => outcome?.(event),
  };
}

/** No reactions at all (a service used on its own, e.g. in a benchmark). */
export const NO_DOMAIN_EVENTS: DomainEvents = createDomainEvents({ paymentSucceeded: {}, accountDeleting: [] });
