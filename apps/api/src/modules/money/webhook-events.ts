import { and, eq, lt } from 'drizzle-orm';
import { gatewayWebhookEvents } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { WebhookEvent } from '../../platform/payments/gateway.ts';

/** Applied events are remembered this long: gateways retry a delivery for three days at most. */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether this gateway event was applied before (a replay or a retry after success). */
export async function webhookEventApplied(
  deps: Pick<AppDeps, 'db'>,
  input: { gateway: string; eventId: string },
): Promise<boolean> {
  const [row] = await deps.db
    .select({ eventId: gatewayWebhookEvents.eventId })
    .from(gatewayWebhookEvents)
    .where(and(eq(gatewayWebhookEvents.gateway, input.gateway), eq(gatewayWebhookEvents.eventId, input.eventId)));
  return row !== undefined;
}

/**
 * Remembers an event once it has been applied. Two deliveries of one event racing each other
 * both apply it, and applying is idempotent (the ledger reference is unique): this table only
 * spares the gateway a second question, it is not what keeps money from moving twice.
 */
export async function recordWebhookEvent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { gateway: string; event: WebhookEvent & { eventId: string } },
): Promise<void> {
  await deps.db
    .insert(gatewayWebhookEvents)
    .values({
      gateway: input.gateway,
      eventId: input.event.eventId,
      eventType: input.event.type,
      reference: input.event.reference,
      appliedAt: deps.clock.now(),
    })
    .onConflictDoNothing();
}

/** Job: forgets applied events past the retention (a replay that old fails the signature's timestamp anyway). */
export async function purgeWebhookEvents(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - WEBHOOK_EVENT_RETENTION_MS);
  const rows = await deps.db
    .delete(gatewayWebhookEvents)
    .where(lt(gatewayWebhookEvents.appliedAt, before))
    .returning({ eventId: gatewayWebhookEvents.eventId });
  return rows.length;
}
