import type { Tx } from '../../db/client.ts';

/** What a module does when an account is deleted: runs inside the deletion transaction. */
export type AccountDeletionHook = (tx: Tx, input: { userId: string; now: Date }) => Promise<void>;

const hooks = new Map<string, AccountDeletionHook>();

/**
 * Lets other modules take part in account deletion without auth knowing them: bookings cancels the
 * user's future bookings with a full refund, profiles erase their own personal fields, and so on.
 * Hooks run in registration order, before auth anonymises the user row; a throw aborts the deletion.
 * Registering the same name again replaces the hook; the returned function removes it.
 */
export function registerAccountDeletionHook(name: string, hook: AccountDeletionHook): () => void {
  hooks.set(name, hook);
  return () => {
    if (hooks.get(name) === hook) hooks.delete(name);
  };
}

export async function runAccountDeletionHooks(tx: Tx, input: { userId: string; now: Date }): Promise<void> {
  for (const hook of hooks.values()) await hook(tx, input);
}
