import { randomBytes } from 'node:crypto';
import { LANGUAGES } from '@app/shared/constants';
import type { DataExport, DataExportState } from '@app/shared/schemas/data-rights';
import { and, asc, desc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import { dataExports, emails, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { AccountDeletingHandler } from '../../platform/events.ts';
import { escapeHtml } from '../../platform/html.ts';
import { translate } from '../../platform/i18n.ts';
import { backlogOf, type Job } from '../../platform/jobs.ts';
import { type PrivateStorage, privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { SEALED_AREA, sealAtRest } from '../../platform/uploads/sealed-at-rest.ts';
import { FILE_LINK_TTL_MS, signFileLink } from '../../platform/uploads/signed-links.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'events' | 'log' | 'privateStorage'>;
type ExportRow = typeof dataExports.$inferSelect;

/** How long a finished archive stays downloadable before it is deleted. */
export const EXPORT_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** A run that has not finished after this long is taken over (its process died). */
export const EXPORT_STALE_MS = 10 * 60 * 1000;
/** Attempts before an export is given up as failed (the person may ask again). */
export const EXPORT_MAX_ATTEMPTS = 3;
/** The archive's format name, so a reader knows what it holds. */
export const ARCHIVE_FORMAT = 'therapyhub-personal-data/1';

function view(deps: Pick<AppDeps, 'config' | 'clock'>, row: ExportRow): DataExport {
  const now = deps.clock.now();
  const ready = row.status === 'ready' && row.fileKey && row.expiresAt && row.expiresAt > now;
  const linkExpiresAt = new Date(now.getTime() + FILE_LINK_TTL_MS);
  return {
    identifier: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    download:
      ready && row.fileKey
        ? {
            url: signFileLink(deps.config.APP_SECRET, {
              key: row.fileKey,
              filename: `therapyhub-data-${row.requestedAt.toISOString().slice(0, 10)}.json`,
              expiresAt: linkExpiresAt,
            }),
            expiresAt: linkExpiresAt.toISOString(),
          }
        : null,
  };
}

const startedRuns = new Set<Promise<unknown>>();

/** Waits for the runs requests started in this process (shutdown, tests). */
export async function settleStartedExports(): Promise<void> {
  while (startedRuns.size > 0) await Promise.allSettled([...startedRuns]);
}

async function latestExport(deps: Pick<AppDeps, 'db'>, userId: string): Promise<ExportRow | null> {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return row ?? null;
}

/**
 * POST /user/data-export: starts a copy of everything the platform keeps about the caller, as a
 * background job (the answer says "pending"). One export at a time: while one is pending or
 * running, asking again answers that one. The request is recorded in the audit trail.
 */
export async function requestDataExport(deps: Deps, input: { actor: Actor }): Promise<DataExportState> {
  const now = deps.clock.now();
  const { userId, role } = input.actor;
  let row: ExportRow | undefined;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['pending', 'running'])));
      if (open) return open;
      const [created] = await tx.insert(dataExports).values({ userId, requestedAt: now }).returning();
      if (!created) throw new Error('data export insert failed');
      await recordAudit(tx, {
        actor: { userId, role },
        action: 'data.export.request',
        targetType: 'user',
        targetId: userId,
        detail: { exportId: created.id },
        at: now,
      });
      return created;
    });
  } catch (error) {
    // Two requests at the same moment: the other one's export is the one.
    if (!isUniqueViolation(error, 'data_exports_one_open_uq')) throw error;
  }
  row ??= (await latestExport(deps, userId)) ?? undefined;
  if (!row) throw new Error('data export vanished');
  // Start at once in this process; the job picks it up anyway if this process stops.
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runDataExports(deps))
    .catch((error: unknown) => deps.log.error({ err: error }, 'data export run failed'))
    .finally(() => startedRuns.delete(run));
  startedRuns.add(run);
  return { export: view(deps, row) };
}

/** GET /user/data-export: the caller's latest export, with a fresh short-lived link when ready. */
export async function getDataExport(deps: Deps, input: { actor: Actor }): Promise<DataExportState> {
  const row = await latestExport(deps, input.actor.userId);
  return { export: row ? view(deps, row) : null };
}

/** Claims the oldest waiting export (or one whose run died), marking it running. */
async function claimExport(deps: Deps): Promise<ExportRow | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(dataExports)
      .where(
        or(
          eq(dataExports.status, 'pending'),
          and(eq(dataExports.status, 'running'), lt(dataExports.startedAt, new Date(now.getTime() - EXPORT_STALE_MS))),
        ),
      )
      .orderBy(asc(dataExports.requestedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [claimed] = await tx
      .update(dataExports)
      .set({ status: 'running', startedAt: now, attempts: row.attempts + 1 })
      .where(eq(dataExports.id, row.id))
      .returning();
    return claimed ?? null;
  });
}

/** Every module's part (the contributors wired in app.ts), read in one consistent snapshot. */
export async function buildArchive(deps: Deps, input: { userId: string; now: Date }) {
  const [user] = await deps.db.select({ role: users.role }).from(users).where(eq(users.id, input.userId));
  const role = user?.role ?? 'client';
  const sections = await deps.db.transaction(
    (tx) => deps.events.collectPersonalData(tx, { userId: input.userId, role, now: input.now }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    format: ARCHIVE_FORMAT,
    exportedAt: input.now.toISOString(),
    userId: input.userId,
    note: 'Everything TherapyHub keeps about you, by area. Files (pictures, documents, attachments) are listed by name; download them from the app.',
    sections,
  };
}

/**
 * Job: produces waiting exports one by one. Each is claimed with SKIP LOCKED (several processes
 * share the work), built from every module's contributor, stored as one JSON file in private
 * storage sealed at rest (`sealed/`, opened by the file route), and marked ready for EXPORT_RETENTION_MS; the audit trail records it. A failure is
 * retried up to EXPORT_MAX_ATTEMPTS, then the export is failed (the person may ask again).
 */
export async function runDataExports(deps: Deps, options: { limit?: number } = {}): Promise<{ produced: number }> {
  const storage = privateStorageOf(deps);
  let produced = 0;
  for (let i = 0; i < (options.limit ?? 5); i += 1) {
    const row = await claimExport(deps);
    if (!row) break;
    try {
      const now = deps.clock.now();
      const archive = await buildArchive(deps, { userId: row.userId, now });
      const body = Buffer.from(JSON.stringify(archive, null, 2), 'utf8');
      // Sealed at rest: the archive holds decrypted notes and every message of the person.
      const key = `${SEALED_AREA}exports/${randomBytes(16).toString('hex')}.json`;
      await storage.put(key, sealAtRest(deps.config.APP_SECRET, key, body), { contentType: 'application/json' });
      const finished = await deps.db.transaction(async (tx) => {
        const [done] = await tx
          .update(dataExports)
          .set({
            status: 'ready',
            fileKey: key,
            sizeBytes: body.length,
            finishedAt: now,
            expiresAt: new Date(now.getTime() + EXPORT_RETENTION_MS),
          })
          .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'running')))
          .returning({ id: dataExports.id });
        if (!done) return false;
        await recordAudit(tx, {
          actor: { userId: null, role: 'system' },
          action: 'data.export.ready',
          targetType: 'user',
          targetId: row.userId,
          detail: { exportId: row.id, sizeBytes: body.length, sections: Object.keys(archive.sections) },
          at: now,
        });
        return true;
      });
      if (finished) produced += 1;
      else await storage.delete(key); // deleted meanwhile (the account went): nothing to keep
    } catch (error) {
      deps.log.error({ err: error, exportId: row.id }, 'data export failed');
      await deps.db
        .update(dataExports)
        .set({ status: row.attempts >= EXPORT_MAX_ATTEMPTS ? 'failed' : 'pending', finishedAt: deps.clock.now() })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'running')));
    }
  }
  return { produced };
}

/** Job: deletes archives (file and row) whose download time ended. */
export async function purgeExpiredExports(deps: Deps): Promise<{ purged: number }> {
  const storage = privateStorageOf(deps);
  const expired = await deps.db
    .delete(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, deps.clock.now())))
    .returning({ fileKey: dataExports.fileKey });
  for (const row of expired) if (row.fileKey) await storage.delete(row.fileKey).catch(() => {});
  return { purged: expired.length };
}

/** The background work of data rights, for startJobs in server.ts. */
export const dataRightsJobs: Job[] = [
  {
    name: 'data-exports',
    intervalMs: 15_000,
    run: (deps) => runDataExports(deps),
    backlog: (deps) =>
      backlogOf(
        deps.db,
        sql`SELECT count(*)::int AS depth, min(requested_at) AS oldest FROM data_exports
            WHERE status IN ('pending', 'running')`,
      ),
  },
  { name: 'purge-data-exports', intervalMs: 60 * 60_000, run: (deps) => purgeExpiredExports(deps) },
];

/**
 * Data rights' part of erasing an account: the person's exports and their archives go, their
 * name leaves the outbox copies of mail to others, and the deletion itself is recorded in the
 * audit trail (ids only), which is kept.
 */
export function dataRightsErasure(storage: PrivateStorage): AccountDeletingHandler {
  return async (tx, { userId, now }) => {
    const removed = await tx
      .delete(dataExports)
      .where(eq(dataExports.userId, userId))
      .returning({ fileKey: dataExports.fileKey });
    const [user] = await tx
      .select({ role: users.role, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    // Copies of mail to other people (a provider told of a booking) name the person: the outbox
    // keeps them without the name. Mail to the person's own address is deleted by auth.
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
    const firstName = user?.firstName?.trim() ?? '';
    if (firstName.length >= 2) {
      // "You have a new message" emails name the sender by first name alone: those copies lose it
      // too (a whole word; another sender of the same first name losing it in an old copy is
      // the lesser harm).
      const word = `\\m${firstName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`;
      for (const language of LANGUAGES) {
        const mark = translate(language, 'emails.redactedName');
        await tx
          .update(emails)
          .set({
            subject: sql`regexp_replace(${emails.subject}, ${word}, ${mark}, 'g')`,
            text: sql`regexp_replace(${emails.text}, ${word}, ${mark}, 'g')`,
            html: sql`regexp_replace(${emails.html}, ${escapeHtml(word)}, ${escapeHtml(mark)}, 'g')`,
          })
          .where(
            and(
              like(emails.template, 'away.%'),
              language === 'en' ? sql`${emails.language} <> 'de'` : eq(emails.language, language),
            ),
          );
      }
    }
    if (name.length >= 3) {
      const html = escapeHtml(name);
      // A redaction mark in the mail's own language, so every copy still reads in one language.
      for (const language of LANGUAGES) {
        const mark = translate(language, 'emails.redactedName');
        await tx
          .update(emails)
          .set({
            subject: sql`replace(${emails.subject}, ${name}, ${mark})`,
            text: sql`replace(${emails.text}, ${name}, ${mark})`,
            html: sql`replace(${emails.html}, ${html}, ${escapeHtml(mark)})`,
          })
          .where(
            and(
              language === 'en' ? sql`${emails.language} <> 'de'` : eq(emails.language, language),
              or(sql`strpos(${emails.text}, ${name}) > 0`, sql`strpos(${emails.subject}, ${name}) > 0`),
            ),
          );
      }
    }
    await recordAudit(tx, {
      actor: { userId, role: user?.role ?? 'client' },
      action: 'account.delete',
      targetType: 'user',
      targetId: userId,
      detail: { exportsRemoved: removed.length },
      at: now,
    });
    for (const row of removed) if (row.fileKey) await storage.delete(row.fileKey).catch(() => {});
    return [{ kind: 'audit', count: 1 }];
  };
}
