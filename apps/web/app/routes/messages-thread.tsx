import { getQueryClient } from '#app/api/query-client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { prefetchMessages } from '#app/features/messages/lib/prefetch';
import type { Route } from './+types/messages-thread';

export { default } from './messages';

/** /messages/{id}/: the same screen with the conversation open. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  prefetchMessages(getQueryClient(), params.conversationId);
  return null;
}
