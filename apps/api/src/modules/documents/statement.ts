import type { Language } from '@app/shared/constants';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  bookings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payouts,
  therapyCategories,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { auditOperatorRead, isOperator, readerOf } from './access.ts';
import type { BothLanguages, PlatformDetails } from './document-data.ts';
import { platformDetails } from './issue.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export interface StatementSession {
  earnedAt: Date;
  bookingId: string | null;
  startsAt: Date | null;
  clientName: string;
  therapy: BothLanguages | null;
  currencyCode: string;
  grossMinor: number;
  commissionMinor: number;
  netMinor: number;
}

export interface StatementPayout {
  createdAt: Date;
  reference: string;
  amountMinor: number;
  currencyCode: string;
  status: 'pending' | 'success' | 'failed' | 'reversed';
}

export interface StatementTotals {
  currencyCode: string;
  sessions: number;
  grossMinor: number;
  commissionMinor: number;
  netMinor: number;
  payoutsMinor: number;
}

export interface Statement {
  month: string;
  from: Date;
  to: Date;
  provider: { name: string };
  platform: PlatformDetails;
  sessions: StatementSession[];
  payouts: StatementPayout[];
  /** Per currency (a provider who moved country may have earned in two). */
  totals: StatementTotals[];
  generatedAt: Date;
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));

/**
 * A provider's month: the sessions whose earning was released in it (gross, commission, net, as
 * the ledger's earning recorded them), the payouts made in it (a failed or reversed one counts as
 * not paid), and the totals per currency. The month runs in the provider's time zone.
 */
async function loadStatement(deps: Deps, providerId: string, month: string): Promise<Statement> {
  const [provider] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName, timezone: users.timezone, role: users.role })
    .from(users)
    .where(eq(users.id, providerId));
  if (provider?.role !== 'provider') throw new AppError('NOT_FOUND');
  const start = DateTime.fromISO(`${month}-01`, { zone: provider.timezone }).startOf('month');
  const from = start.toJSDate();
  const to = start.plus({ months: 1 }).toJSDate();
  const client = { firstName: users.firstName, lastName: users.lastName };
  const earnings = await deps.db
    .select({
      earnedAt: ledgerEntries.createdAt,
      metadata: ledgerTransactions.metadata,
      currencyCode: ledgerAccounts.currencyCode,
      bookingId: bookings.id,
      startsAt: bookings.startsAt,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      therapyEn: therapyCategories.nameEn,
      therapyDe: therapyCategories.nameDe,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(bookings, sql`${bookings.id} = (${ledgerTransactions.metadata}->>'bookingId')::uuid`)
    .leftJoin(users, eq(users.id, bookings.clientId))
    .leftJoin(therapyCategories, eq(therapyCategories.id, bookings.therapyCategoryId))
    .where(
      and(
        eq(ledgerAccounts.userId, providerId),
        eq(ledgerAccounts.kind, 'provider_earnings'),
        eq(ledgerEntries.transactionType, 'earning'),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.seq));
  const sessions: StatementSession[] = earnings.map((row) => ({
    earnedAt: row.earnedAt,
    bookingId: row.bookingId,
    startsAt: row.startsAt,
    clientName: [row.clientFirstName, row.clientLastName].filter(Boolean).join(' '),
    therapy: row.therapyEn && row.therapyDe ? { en: row.therapyEn, de: row.therapyDe } : null,
    currencyCode: row.currencyCode,
    grossMinor: num(row.metadata.grossMinor),
    commissionMinor: num(row.metadata.commissionMinor),
    netMinor: num(row.metadata.netMinor),
  }));
  const payoutRows = await deps.db
    .select({
      createdAt: payouts.createdAt,
      reference: payouts.reference,
      amountMinor: payouts.amountMinor,
      currencyCode: payouts.currencyCode,
      status: payouts.status,
    })
    .from(payouts)
    .where(and(eq(payouts.userId, providerId), gte(payouts.createdAt, from), lt(payouts.createdAt, to)))
    .orderBy(asc(payouts.createdAt));

  const totals = new Map<string, StatementTotals>();
  const totalsOf = (currencyCode: string) => {
    let entry = totals.get(currencyCode);
    if (!entry) {
      entry = { currencyCode, sessions: 0, grossMinor: 0, commissionMinor: 0, netMinor: 0, payoutsMinor: 0 };
      totals.set(currencyCode, entry);
    }
    return entry;
  };
  for (const session of sessions) {
    const entry = totalsOf(session.currencyCode);
    entry.sessions++;
    entry.grossMinor += session.grossMinor;
    entry.commissionMinor += session.commissionMinor;
    entry.netMinor += session.netMinor;
  }
  for (const payout of payoutRows) {
    if (payout.status === 'pending' || payout.status === 'success')
      totalsOf(payout.currencyCode).payoutsMinor += payout.amountMinor;
  }
  return {
    month,
    from,
    to: new Date(to.getTime() - 1),
    provider: { name: [provider.firstName, provider.lastName].filter(Boolean).join(' ') },
    platform: platformDetails(deps.config),
    sessions,
    payouts: payoutRows,
    totals: [...totals.values()],
    generatedAt: deps.clock.now(),
  };
}

/**
 * GET /documents/statements/{month}: the provider's own statement, or (providerId, audited) an
 * operator's read of one provider's. Anyone else's: the route's role guard, then NOT_FOUND.
 */
export async function providerStatement(
  deps: Deps,
  input: { actor: Actor; month: string; providerId?: string; language: Language },
): Promise<{ statement: Statement; reader: { language: Language; timeZone: string } }> {
  const operator = isOperator(input.actor);
  if (!operator && input.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  const providerId = operator ? input.providerId : input.actor.userId;
  if (!providerId || (!operator && input.providerId && input.providerId !== input.actor.userId)) {
    throw new AppError('NOT_FOUND');
  }
  const statement = await loadStatement(deps, providerId, input.month);
  await deps.db.transaction((tx) =>
    auditOperatorRead(tx, {
      actor: input.actor,
      action: 'statement.read',
      targetType: 'user',
      targetId: providerId,
      at: statement.generatedAt,
      detail: { month: input.month },
    }),
  );
  return { statement, reader: await readerOf(deps.db, input.actor, input.language) };
}
