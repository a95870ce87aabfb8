import { type WorkHistory, type WorkHistoryInput, WorkHistoryInputSchema } from '@app/shared/schemas/credentials';
import { and, eq } from 'drizzle-orm';
import { workHistory } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';
import { listWorkHistory } from './views.ts';

/** "2024-03" → "2024-03-01" (a month is stored as its first day). */
const firstDay = (month: string | null) => (month ? `${month}-01` : null);

function toRow(input: WorkHistoryInput) {
  const value = WorkHistoryInputSchema.parse(input);
  return {
    companyName: value.companyName,
    jobTitle: value.jobTitle,
    startMonth: firstDay(value.startDate) as string,
    // Ticking "currently works here" clears the end date (SPEC.md §4).
    endMonth: value.currentlyWorksHere ? null : firstDay(value.endDate ?? null),
    currentlyWorksHere: value.currentlyWorksHere,
    description: value.description?.trim() ? value.description.trim() : null,
  };
}

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

async function one(deps: AppDeps, providerId: string, id: string): Promise<WorkHistory> {
  const item = (await listWorkHistory(deps.db, providerId)).find((entry) => entry.identifier === id);
  if (!item) throw new AppError('NOT_FOUND');
  return item;
}

export async function listOwnWorkHistory(deps: AppDeps, input: { actor: Actor }): Promise<WorkHistory[]> {
  assertProvider(input.actor);
  return listWorkHistory(deps.db, input.actor.userId);
}

export async function addWorkHistory(
  deps: AppDeps,
  input: { actor: Actor; entry: WorkHistoryInput },
): Promise<WorkHistory> {
  assertProvider(input.actor);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(workHistory)
    .values({ providerId: input.actor.userId, ...toRow(input.entry), createdAt: now, updatedAt: now })
    .returning({ id: workHistory.id });
  if (!row) throw new AppError('INTERNAL');
  return one(deps, input.actor.userId, row.id);
}

export async function updateWorkHistory(
  deps: AppDeps,
  input: { actor: Actor; id: string; entry: WorkHistoryInput },
): Promise<WorkHistory> {
  assertProvider(input.actor);
  if (!UUID_PATTERN.test(input.id)) throw new AppError('NOT_FOUND');
  const [row] = await deps.db
    .update(workHistory)
    .set({ ...toRow(input.entry), updatedAt: deps.clock.now() })
    .where(and(eq(workHistory.id, input.id), eq(workHistory.providerId, input.actor.userId)))
    .returning({ id: workHistory.id });
  if (!row) throw new AppError('NOT_FOUND');
  return one(deps, input.actor.userId, row.id);
}

export async function deleteWorkHistory(
  deps: AppDeps,
  input: { actor: Actor; id: string },
): Promise<{ identifier: string }> {
  assertProvider(input.actor);
  if (!UUID_PATTERN.test(input.id)) throw new AppError('NOT_FOUND');
  const [row] = await deps.db
    .delete(workHistory)
    .where(and(eq(workHistory.id, input.id), eq(workHistory.providerId, input.actor.userId)))
    .returning({ id: workHistory.id });
  if (!row) throw new AppError('NOT_FOUND');
  return { identifier: row.id };
}
