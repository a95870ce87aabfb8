import { requireSession } from '#app/features/auth/lib/require-session';
import type { Route } from './+types/messages-thread';

export { default } from './messages';

/** /messages/{id}/: the same screen with the conversation open. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  return null;
}
