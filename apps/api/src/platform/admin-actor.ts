// The back office's caller, below every module: admin's own services and the back-office
// services of flags and support check it alike, and admin registers their routes, so it can
// belong to none of them.
import { AppError } from './app-error.ts';
import type { Actor } from './auth-guard.ts';

/** The caller of a back-office service: a signed-in admin (never a view-mode token). */
export type AdminActor = Actor;

/** Access first: the routes are guarded by requireRole('admin'); services say it again. */
export function assertAdmin(actor: Actor): void {
  if (actor.role !== 'admin' || actor.viewMode) throw new AppError('FORBIDDEN');
}

/** Who the audit trail names for an admin's action. */
export function auditActor(actor: AdminActor) {
  return { userId: actor.userId, role: 'admin' } as const;
}
