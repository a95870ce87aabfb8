import { THREAD_PAGE_SIZE, type ThreadPage } from '@app/shared/schemas/messages';
import { and, desc, eq, sql } from 'drizzle-orm';
import { conversationMembers, messages } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { getConversation, loadMembership } from './conversations.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { MessagesDeps } from './deps.ts';
import { toMessage } from './views.ts';

/**
 * GET /messages/conversations/{id}/messages: a page of the thread, newest page first, paged
 * backwards by (created_at, id); within a page oldest first (the order the thread shows).
 */
export async function listThread(
  deps: MessagesDeps,
  input: { actor: Actor; conversationId: string; cursor?: string },
): Promise<ThreadPage> {
  const member = await loadMembership(deps.db, input.actor.userId, input.conversationId);
  const before = input.cursor ? decodeCursor(input.cursor) : undefined;
  if (before === null) throw new AppError('BAD_REQUEST');
  const filters = [eq(messages.conversationId, input.conversationId)];
  if (before) {
    filters.push(
      sql`(${messages.createdAt}, ${messages.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`,
    );
  }
  const [rows, [other], conversation] = await Promise.all([
    deps.db
      .select()
      .from(messages)
      .where(and(...filters))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(THREAD_PAGE_SIZE + 1),
    deps.db
      .select({ lastSeenAt: conversationMembers.lastSeenAt })
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, input.conversationId),
          eq(conversationMembers.userId, member.otherUserId),
        ),
      ),
    getConversation(deps, input),
  ]);
  const page = rows.slice(0, THREAD_PAGE_SIZE);
  const context = {
    secret: deps.config.APP_SECRET,
    now: deps.clock.now(),
    viewerId: input.actor.userId,
    otherSeenAt: other?.lastSeenAt ?? null,
  };
  const oldest = page.at(-1);
  return {
    conversation,
    data: page.reverse().map((row) => toMessage(row, context)),
    nextCursor: rows.length > THREAD_PAGE_SIZE && oldest ? encodeCursor(oldest.createdAt, oldest.id) : null,
  };
}
