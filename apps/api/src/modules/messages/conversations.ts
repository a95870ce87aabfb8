import { CHAT_LIST_PAGE_SIZE, type ChatList, type Conversation, type Person } from '@app/shared/schemas/messages';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conversationMembers, conversations, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { rawRows } from '../../platform/prepared.ts';
import { assertApprovedProvider } from '../clients/approved.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { MessagesDeps } from './deps.ts';
import { areRelated, relatedUserIdsSql } from './related.ts';
import { likePattern, type MessageRow, toMessage, toPerson } from './views.ts';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface ChatRow {
  conversation_id: string;
  last_message_at: Date | string;
  has_messages: number;
  unread_count: number;
  other_seen_at: Date | string | null;
  other_id: string;
  first_name: string | null;
  last_name: string | null;
  role: 'client' | 'provider' | 'admin';
  m_id: string | null;
  m_sender_id: string | null;
  m_text: string | null;
  m_attachment_key: string | null;
  m_attachment_name: string | null;
  m_attachment_type: string | null;
  m_attachment_size: number | null;
  m_created_at: Date | string | null;
  m_edited_at: Date | string | null;
  m_deleted_at: Date | string | null;
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The chat list rows of one user in one statement: each conversation with the other person,
 * the last message (an index-backed LATERAL read) and the unread counter kept on the member row.
 */
async function selectChatRows(
  db: Tx,
  input: { userId: string; search?: string; after?: { at: Date; id: string }; conversationId?: string; limit: number },
): Promise<ChatRow[]> {
  const filters = [sql`cm.user_id = ${input.userId}`];
  if (input.after) {
    filters.push(
      sql`(cm.last_message_at, cm.conversation_id) < (${input.after.at.toISOString()}::timestamptz, ${input.after.id}::uuid)`,
    );
  }
  if (input.conversationId) filters.push(sql`cm.conversation_id = ${input.conversationId}`);
  if (input.search) {
    filters.push(
      sql`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ILIKE ${likePattern(input.search)}`,
    );
  }
  // The page of member rows is chosen first (an index range scan of conversation_members_list_idx,
  // LIMIT applied there); only those rows are then joined to people and their last message.
  const result = await db.execute(sql`
    WITH page AS MATERIALIZED (
      SELECT cm.conversation_id, cm.other_user_id, cm.last_message_at, cm.has_messages, cm.unread_count
      FROM conversation_members cm
      ${input.search ? sql`JOIN users u ON u.id = cm.other_user_id` : sql``}
      WHERE ${sql.join(filters, sql` AND `)}
      ORDER BY cm.last_message_at DESC, cm.conversation_id DESC
      LIMIT ${input.limit}
    )
    SELECT cm.conversation_id, cm.last_message_at, cm.has_messages, cm.unread_count,
           o.last_seen_at AS other_seen_at,
           u.id AS other_id, u.first_name, u.last_name, u.role,
           lm.id AS m_id, lm.sender_id AS m_sender_id, lm.text AS m_text,
           lm.attachment_key AS m_attachment_key, lm.attachment_name AS m_attachment_name,
           lm.attachment_type AS m_attachment_type, lm.attachment_size AS m_attachment_size,
           lm.created_at AS m_created_at, lm.edited_at AS m_edited_at, lm.deleted_at AS m_deleted_at
    FROM page cm
    JOIN users u ON u.id = cm.other_user_id
    JOIN conversation_members o ON o.conversation_id = cm.conversation_id AND o.user_id = cm.other_user_id
    LEFT JOIN LATERAL (
      SELECT m.* FROM messages m WHERE m.conversation_id = cm.conversation_id
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) lm ON true
    ORDER BY cm.last_message_at DESC, cm.conversation_id DESC
  `);
  return rowsOf<ChatRow>(result);
}

function toConversation(row: ChatRow, context: { secret: string; now: Date; viewerId: string }): Conversation {
  const otherSeenAt = date(row.other_seen_at);
  let lastMessage = null;
  if (row.m_id && row.m_sender_id && row.m_created_at) {
    const message: MessageRow = {
      id: row.m_id,
      conversationId: row.conversation_id,
      senderId: row.m_sender_id,
      text: row.m_text,
      attachmentKey: row.m_attachment_key,
      attachmentName: row.m_attachment_name,
      attachmentType: row.m_attachment_type,
      attachmentSize: row.m_attachment_size,
      createdAt: new Date(row.m_created_at),
      editedAt: date(row.m_edited_at),
      deletedAt: date(row.m_deleted_at),
    };
    lastMessage = toMessage(message, { ...context, otherSeenAt });
  }
  return {
    identifier: row.conversation_id,
    otherPerson: toPerson({ id: row.other_id, firstName: row.first_name, lastName: row.last_name, role: row.role }),
    lastMessage,
    lastMessageAt: row.has_messages ? new Date(row.last_message_at).toISOString() : null,
    unreadCount: Number(row.unread_count),
  };
}

/** GET /messages/chat-list: newest conversation first, keyset-paged by (last_message_at, id). */
export async function listChatList(
  deps: MessagesDeps,
  input: { actor: Actor; searchQuery?: string; cursor?: string },
): Promise<ChatList> {
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  if (after === null) throw new AppError('BAD_REQUEST');
  const rows = await selectChatRows(deps.db, {
    userId: input.actor.userId,
    search: input.searchQuery || undefined,
    after,
    limit: CHAT_LIST_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, CHAT_LIST_PAGE_SIZE);
  const context = { secret: deps.config.APP_SECRET, now: deps.clock.now(), viewerId: input.actor.userId };
  const last = page.at(-1);
  return {
    data: page.map((row) => toConversation(row, context)),
    nextCursor:
      rows.length > CHAT_LIST_PAGE_SIZE && last
        ? encodeCursor(new Date(last.last_message_at), last.conversation_id)
        : null,
  };
}

/** One conversation as its participant sees it; anyone else gets NOT_FOUND. */
export async function getConversation(
  deps: MessagesDeps,
  input: { actor: Actor; conversationId: string },
  db: Tx = deps.db,
): Promise<Conversation> {
  const [row] = await selectChatRows(db, {
    userId: input.actor.userId,
    conversationId: input.conversationId,
    limit: 1,
  });
  if (!row) throw new AppError('NOT_FOUND');
  return toConversation(row, { secret: deps.config.APP_SECRET, now: deps.clock.now(), viewerId: input.actor.userId });
}

/** The member row of the actor in a conversation (access check), or NOT_FOUND. */
export async function loadMembership(db: Tx, userId: string, conversationId: string) {
  const [member] = await db
    .select({ otherUserId: conversationMembers.otherUserId, lastSeenAt: conversationMembers.lastSeenAt })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

/**
 * POST /messages/conversations: the one conversation of the pair, created on first use. Only
 * people related by areRelated may talk; a concurrent open of the same pair gets the same row.
 */
export async function openConversation(
  deps: MessagesDeps,
  input: { actor: Actor; userIdentifier: string },
): Promise<Conversation> {
  const me = input.actor.userId;
  const other = input.userIdentifier;
  if (input.actor.role === 'provider') await assertApprovedProvider(deps.db, me);
  if (!(await areRelated(deps.db, me, other))) throw new AppError('MESSAGE_NOT_ALLOWED');
  const [low, high] = me < other ? [me, other] : [other, me];
  const conversationId = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ userLowId: low, userHighId: high, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: [conversations.userLowId, conversations.userHighId] })
      .returning({ id: conversations.id });
    if (created) {
      const now = deps.clock.now();
      await tx.insert(conversationMembers).values([
        { conversationId: created.id, userId: me, otherUserId: other, lastMessageAt: now },
        { conversationId: created.id, userId: other, otherUserId: me, lastMessageAt: now },
      ]);
      return created.id;
    }
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
    if (!existing) throw new AppError('CONFLICT');
    return existing.id;
  });
  return getConversation(deps, { actor: input.actor, conversationId });
}

/** GET /messages/contacts: the people I may message (areRelated), by name. */
export async function listContacts(
  deps: MessagesDeps,
  input: { actor: Actor; searchQuery?: string },
): Promise<Person[]> {
  const filters = [sql`u.id IN ${relatedUserIdsSql(input.actor.userId)}`, sql`u.deleted_at IS NULL`];
  if (input.searchQuery) {
    filters.push(
      sql`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ILIKE ${likePattern(input.searchQuery)}`,
    );
  }
  const result = await deps.db.execute(sql`
    SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.role
    FROM ${users} u WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY u.first_name NULLS LAST, u.last_name NULLS LAST, u.id
    LIMIT 50
  `);
  return rowsOf<{ id: string; firstName: string | null; lastName: string | null; role: 'client' | 'provider' }>(
    result,
  ).map(toPerson);
}

/** A person's unread messages as one SQL value (an indexed sum), for a statement that needs it among others. */
export function unreadMessagesSql(userId: SQL): SQL<number> {
  return sql<number>`(SELECT coalesce(sum(${conversationMembers.unreadCount}), 0)::int FROM ${conversationMembers}
    WHERE ${conversationMembers.userId} = ${userId} AND ${conversationMembers.unreadCount} > 0)`;
}

/** GET /messages/unread-count: the header badge, one indexed sum. */
export async function countUnread(deps: Pick<MessagesDeps, 'db'>, input: { actor: Actor }): Promise<{ count: number }> {
  const [row] = await rawRows<{ count: number }>(
    deps.db,
    sql`SELECT ${unreadMessagesSql(sql`${input.actor.userId}::uuid`)} AS count`,
  );
  return { count: Number(row?.count ?? 0) };
}
