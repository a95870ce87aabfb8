import type {
  SupportConversation,
  SupportConversationSummary,
  SupportMessage,
  SupportThread,
} from '@app/shared/schemas/support';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { supportConversations, supportMessages, users } from '../../db/schema/index.ts';
import { type AdminActor, assertAdmin } from '../../platform/admin-actor.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rateLimitRule } from '../../platform/rate-limits.ts';
import { publishInTransaction } from '../../platform/realtime/bus.ts';
import type { SupportOwner } from './owner.ts';

type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

const operator = alias(users, 'operator');
const visitorUser = alias(users, 'visitor_user');

const ownerCondition = (owner: SupportOwner) =>
  owner.userId
    ? eq(supportConversations.userId, owner.userId)
    : eq(supportConversations.visitorId, owner.visitorId as string);

function toMessage(row: MessageRow, operatorName: string | null): SupportMessage {
  return {
    identifier: row.id,
    conversationIdentifier: row.conversationId,
    author: row.author,
    operatorName: row.author === 'operator' ? operatorName : null,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

async function messagesOf(db: Tx, conversationId: string, after?: MessageRow | null): Promise<SupportMessage[]> {
  const rows = await db
    .select({ message: supportMessages, operatorName: operator.firstName })
    .from(supportMessages)
    .leftJoin(operator, eq(operator.id, supportMessages.operatorId))
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        after
          ? sql`(${supportMessages.createdAt}, ${supportMessages.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id))
    .limit(500);
  return rows.map((row) => toMessage(row.message, row.operatorName));
}

/** Every operator's user id (admins who can sign in): live frames about conversations go to them. */
async function operatorIds(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), isNull(users.suspendedAt)));
  return rows.map((row) => row.id);
}

/** A conversation as an operator lists it: who, where from, the last message and how many wait. */
async function summaries(db: Tx, where: ReturnType<typeof and>): Promise<SupportConversationSummary[]> {
  const rows = await db
    .select({
      conversation: supportConversations,
      visitor: {
        id: visitorUser.id,
        firstName: visitorUser.firstName,
        lastName: visitorUser.lastName,
        role: visitorUser.role,
        email: visitorUser.email,
      },
      lastMessage: sql<
        string | null
      >`(SELECT m.text FROM support_messages m WHERE m.conversation_id = ${supportConversations.id} ORDER BY m.created_at DESC, m.id DESC LIMIT 1)`,
      waiting: sql<number>`(SELECT count(*)::int FROM support_messages m WHERE m.conversation_id = ${supportConversations.id}
        AND m.author = 'visitor' AND m.created_at > COALESCE((SELECT max(o.created_at) FROM support_messages o
          WHERE o.conversation_id = ${supportConversations.id} AND o.author = 'operator'), '-infinity'::timestamptz))`,
    })
    .from(supportConversations)
    .leftJoin(visitorUser, eq(visitorUser.id, supportConversations.userId))
    .where(where)
    .orderBy(desc(supportConversations.lastMessageAt))
    .limit(100);
  return rows.map((row) => ({
    identifier: row.conversation.id,
    status: row.conversation.status,
    visitor: row.visitor?.id
      ? {
          identifier: row.visitor.id,
          name: [row.visitor.firstName, row.visitor.lastName].filter(Boolean).join(' ') || row.visitor.email,
          role: row.visitor.role,
        }
      : null,
    startedOn: row.conversation.startedOn,
    lastMessage: row.lastMessage ? row.lastMessage.slice(0, 140) : null,
    lastMessageAt: row.conversation.lastMessageAt.toISOString(),
    waiting: Number(row.waiting),
  }));
}

/** Tells the visitor (when signed in: their other tabs too) and every operator, once `tx` commits. */
async function announce(tx: Tx, conversation: ConversationRow, message: SupportMessage | null): Promise<void> {
  const to = [...(await operatorIds(tx)), ...(conversation.userId ? [conversation.userId] : [])];
  const [summary] = await summaries(tx, eq(supportConversations.id, conversation.id));
  if (summary) await publishInTransaction(tx, to, { type: 'support.conversation', conversation: summary });
  if (message) await publishInTransaction(tx, to, { type: 'support.message', message });
}

/** GET /support/thread: the visitor's open conversation (messages after `after` only, when given). */
export async function getSupportThread(
  deps: Pick<AppDeps, 'db'>,
  input: { owner: SupportOwner | null; after?: string },
): Promise<SupportThread> {
  if (!input.owner) return { identifier: null, status: null, messages: [] };
  const [conversation] = await deps.db
    .select()
    .from(supportConversations)
    .where(and(ownerCondition(input.owner), eq(supportConversations.status, 'open')));
  if (!conversation) return { identifier: null, status: null, messages: [] };
  let after: MessageRow | null = null;
  if (input.after) {
    [after = null] = await deps.db
      .select()
      .from(supportMessages)
      .where(and(eq(supportMessages.id, input.after), eq(supportMessages.conversationId, conversation.id)));
    if (!after) throw new AppError('NOT_FOUND');
  }
  return {
    identifier: conversation.id,
    status: conversation.status,
    messages: await messagesOf(deps.db, conversation.id, after),
  };
}

/**
 * POST /support/messages: the visitor writes; their open conversation is used or started (the
 * partial unique index keeps one open per visitor, even when two tabs write at once). At most
 * `supportMessagesPerVisitor` (DEFAULT_RATE_LIMITS) per visitor, counted from the stored messages.
 */
export async function sendVisitorMessage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { owner: SupportOwner; text: string; page?: string },
): Promise<SupportMessage> {
  const now = deps.clock.now();
  const limit = rateLimitRule(deps.config, 'supportMessagesPerVisitor');
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(supportConversations)
      .values({
        userId: input.owner.userId ?? null,
        visitorId: input.owner.visitorId ?? null,
        startedOn: input.page ?? null,
        createdAt: now,
        lastMessageAt: now,
      })
      .onConflictDoNothing();
    const [conversation] = await tx
      .select()
      .from(supportConversations)
      .where(and(ownerCondition(input.owner), eq(supportConversations.status, 'open')))
      .for('update');
    if (!conversation) throw new Error('support conversation missing after insert');
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversation.id),
          eq(supportMessages.author, 'visitor'),
          gt(supportMessages.createdAt, new Date(now.getTime() - limit.windowSeconds * 1000)),
        ),
      );
    if (Number(recent?.count ?? 0) >= limit.max) {
      throw new AppError('SUPPORT_RATE_LIMITED', { count: limit.max });
    }
    const [row] = await tx
      .insert(supportMessages)
      .values({ conversationId: conversation.id, author: 'visitor', text: input.text, createdAt: now })
      .returning();
    if (!row) throw new Error('support message insert failed');
    const [updated] = await tx
      .update(supportConversations)
      .set({ lastMessageAt: now })
      .where(eq(supportConversations.id, conversation.id))
      .returning();
    const message = toMessage(row, null);
    await announce(tx, updated ?? conversation, message);
    return message;
  });
}

/** GET /admin/support/conversations?status: open (or closed) conversations, most recent first. */
export async function listSupportConversations(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: AdminActor; status: 'open' | 'closed' },
): Promise<{ data: SupportConversationSummary[] }> {
  assertAdmin(input.actor);
  return { data: await summaries(deps.db, eq(supportConversations.status, input.status)) };
}

/** GET /admin/support/conversations/{id}: one conversation with its messages. */
export async function getSupportConversation(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: AdminActor; conversationId: string },
): Promise<SupportConversation> {
  assertAdmin(input.actor);
  const [summary] = await summaries(deps.db, eq(supportConversations.id, input.conversationId));
  if (!summary) throw new AppError('NOT_FOUND');
  return { ...summary, messages: await messagesOf(deps.db, input.conversationId) };
}

async function lockConversation(tx: Tx, conversationId: string): Promise<ConversationRow> {
  const [conversation] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, conversationId))
    .for('update');
  if (!conversation) throw new AppError('NOT_FOUND');
  if (conversation.status !== 'open') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
  return conversation;
}

/**
 * POST /admin/support/conversations/{id}/messages: an operator answers an open conversation. A
 * signed-in visitor is told in the app (and by email when away, notifications decides); an
 * anonymous visitor only sees it in the chat.
 */
export async function replyAsOperator(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events'>,
  input: { actor: AdminActor; conversationId: string; text: string },
): Promise<SupportMessage> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, input.conversationId);
    const [row] = await tx
      .insert(supportMessages)
      .values({
        conversationId: conversation.id,
        author: 'operator',
        operatorId: input.actor.userId,
        text: input.text,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('support message insert failed');
    const [updated] = await tx
      .update(supportConversations)
      .set({ lastMessageAt: now })
      .where(eq(supportConversations.id, conversation.id))
      .returning();
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, input.actor.userId));
    const message = toMessage(row, me?.firstName ?? null);
    await announce(tx, updated ?? conversation, message);
    if (conversation.userId) {
      await deps.events.notify(tx, {
        userId: conversation.userId,
        kind: 'support.replied',
        actorId: input.actor.userId,
        subjectId: conversation.id,
        foldKey: `support:${conversation.id}`,
        at: now,
      });
    }
    return message;
  });
}

/** PUT /admin/support/conversations/{id}/close: done; the visitor's next message starts a new one. */
export async function closeSupportConversation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: AdminActor; conversationId: string },
): Promise<SupportConversation> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, input.conversationId);
    const [closed] = await tx
      .update(supportConversations)
      .set({ status: 'closed', closedAt: now, closedBy: input.actor.userId })
      .where(eq(supportConversations.id, conversation.id))
      .returning();
    if (closed) await announce(tx, closed, null);
  });
  return getSupportConversation(deps, input);
}

/** The support part of deleting an account: the person's conversations and what was written in them go. */
export function supportDeletionHook() {
  return async (tx: Tx, input: { userId: string }): Promise<void> => {
    const owned = tx
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(eq(supportConversations.userId, input.userId));
    await tx.delete(supportMessages).where(inArray(supportMessages.conversationId, owned));
    await tx.delete(supportConversations).where(eq(supportConversations.userId, input.userId));
  };
}
