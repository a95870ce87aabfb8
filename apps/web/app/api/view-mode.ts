import { api } from './client';
import { clearViewMode, getViewMode, type ViewModeEnd } from './session';

/**
 * Leaves view mode: the admin's own session is current again at once, then the view session is
 * ended on the server (DELETE /admin/view-mode/{id}, with the admin's token), which also records
 * the end in the audit trail. Best effort: the token expires on its own within 15 minutes.
 */
export async function exitViewMode(reason: Exclude<ViewModeEnd, 'expired'> = 'ended'): Promise<void> {
  const viewing = getViewMode();
  if (!viewing) return;
  clearViewMode(reason);
  await api(`/admin/view-mode/${viewing.identifier}`, { method: 'DELETE' }).catch(() => undefined);
}
