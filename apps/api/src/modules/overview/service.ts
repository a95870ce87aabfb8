import type { Language } from '@app/shared/constants';
import type { Overview } from '@app/shared/schemas/overview';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { adminOverview } from './admin-overview.ts';
import { clientOverview } from './client-overview.ts';
import { providerOverview } from './provider-overview.ts';

/**
 * The overview of the actor's role. Each reads only the actor's own rows (the operator's only
 * counts), through the owning modules' services, in one round of parallel statements after the
 * reader's own row.
 */
export function getOverview(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: Actor; language: Language; visitorCountryCode: string | null },
): Promise<Overview> {
  if (input.actor.role === 'admin') return adminOverview(deps, { actor: input.actor });
  if (input.actor.role === 'provider') return providerOverview(deps, input);
  return clientOverview(deps, input);
}
