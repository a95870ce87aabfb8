import { randomBytes } from 'node:crypto';
import { MESSAGE_ATTACHMENT_KINDS, type Message } from '@app/shared/schemas/messages';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conversationMembers, messages } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { rateLimitRule } from '../../platform/rate-limits.ts';
import { safeFileName, sniffFile } from '../../platform/uploads/sniff.ts';
import { assertApprovedProvider } from '../clients/approved.ts';
import { loadMembership } from './conversations.ts';
import type { MessagesDeps } from './deps.ts';
import { type MessageRow, toMessage } from './views.ts';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** Publishes a message event to both participants, each with their own view (seen ticks differ). */
async function publishMessage(
  deps: MessagesDeps,
  type: 'message.new' | 'message.updated' | 'message.deleted',
  row: MessageRow,
  members: { senderId: string; recipientId: string; recipientSeenAt: Date | null },
): Promise<void> {
  const now = deps.clock.now();
  const base = { secret: deps.config.APP_SECRET, now };
  try {
    await Promise.all([
      deps.realtime.publish([members.senderId], {
        type,
        message: toMessage(row, { ...base, viewerId: members.senderId, otherSeenAt: members.recipientSeenAt }),
      }),
      deps.realtime.publish([members.recipientId], {
        type,
        message: toMessage(row, { ...base, viewerId: members.recipientId, otherSeenAt: null }),
      }),
    ]);
  } catch (error) {
    // The message is stored; a missed live event is healed by the next fetch.
    deps.log?.warn({ err: error }, 'messages: live event not published');
  }
}

async function recipientSeenAt(db: Tx, conversationId: string, recipientId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastSeenAt: conversationMembers.lastSeenAt })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, recipientId)));
  return row?.lastSeenAt ?? null;
}

/**
 * POST /messages/store: text and/or one attachment (images, pdf, doc, docx; by content) from a
 * participant, at most `messagesPerSender` (DEFAULT_RATE_LIMITS) per sender, counted from the stored
 * messages (so across processes, and a refused message does not count).
 */
export async function storeMessage(
  deps: MessagesDeps,
  input: { actor: Actor; conversationId: string; text: string; file: UploadedFile | null },
): Promise<Message> {
  const me = input.actor.userId;
  const member = await loadMembership(deps.db, me, input.conversationId);
  if (input.actor.role === 'provider') await assertApprovedProvider(deps.db, me);
  if (!input.text && !input.file) throw fieldError('text', 'messages.textRequired');
  const now = deps.clock.now();
  const limit = rateLimitRule(deps.config, 'messagesPerSender');
  const [recent] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(eq(messages.senderId, me), gt(messages.createdAt, new Date(now.getTime() - limit.windowSeconds * 1000))),
    );
  if (Number(recent?.count ?? 0) >= limit.max) {
    throw new AppError('MESSAGE_RATE_LIMITED', { count: limit.max });
  }

  let attachment: { key: string; name: string; type: string; size: number } | null = null;
  if (input.file) {
    const sniffed = await sniffFile(input.file.bytes, MESSAGE_ATTACHMENT_KINDS);
    if (!sniffed) throw new AppError('MESSAGE_FILE_TYPE');
    const key = `messages/${randomBytes(16).toString('hex')}.${sniffed.extension}`;
    await deps.storage.put(key, input.file.bytes, { contentType: sniffed.contentType });
    attachment = {
      key,
      name: safeFileName(input.file.filename),
      type: sniffed.contentType,
      size: input.file.bytes.length,
    };
  }

  let row: MessageRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(messages)
        .values({
          conversationId: input.conversationId,
          senderId: me,
          text: input.text || null,
          attachmentKey: attachment?.key ?? null,
          attachmentName: attachment?.name ?? null,
          attachmentType: attachment?.type ?? null,
          attachmentSize: attachment?.size ?? null,
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new AppError('INTERNAL');
      await tx
        .update(conversationMembers)
        .set({
          lastMessageAt: now,
          hasMessages: 1,
          unreadCount: sql`${conversationMembers.unreadCount} + CASE WHEN ${conversationMembers.userId} = ${me} THEN 0 ELSE 1 END`,
          lastSeenAt: sql`CASE WHEN ${conversationMembers.userId} = ${me} THEN ${now.toISOString()}::timestamptz ELSE ${conversationMembers.lastSeenAt} END`,
        })
        .where(eq(conversationMembers.conversationId, input.conversationId));
      // One unread notification per conversation: further messages raise its count.
      await deps.events.notify(tx, {
        userId: member.otherUserId,
        kind: 'message.received',
        actorId: me,
        subjectId: input.conversationId,
        foldKey: `conversation:${input.conversationId}`,
        data: { attachment: attachment !== null },
        at: now,
      });
      return inserted;
    });
  } catch (error) {
    if (attachment) await deps.storage.delete(attachment.key).catch(() => {});
    throw error;
  }
  const seenAt = await recipientSeenAt(deps.db, input.conversationId, member.otherUserId);
  await publishMessage(deps, 'message.new', row, {
    senderId: me,
    recipientId: member.otherUserId,
    recipientSeenAt: seenAt,
  });
  return toMessage(row, { secret: deps.config.APP_SECRET, now, viewerId: me, otherSeenAt: seenAt });
}

/** Loads a message the actor sent (a participant's other message or a stranger's: NOT_FOUND / FORBIDDEN). */
async function loadOwnMessage(db: Tx, actor: Actor, messageId: string) {
  const [row] = await db
    .select({ message: messages, otherUserId: conversationMembers.otherUserId })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, actor.userId),
      ),
    )
    .where(eq(messages.id, messageId));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.message.senderId !== actor.userId) throw new AppError('FORBIDDEN');
  if (row.message.deletedAt) throw new AppError('MESSAGE_DELETED');
  return row;
}

/** PUT /messages/{id}/update: the sender edits the text of their own message. */
export async function updateMessage(
  deps: MessagesDeps,
  input: { actor: Actor; messageId: string; text: string },
): Promise<Message> {
  const { otherUserId } = await loadOwnMessage(deps.db, input.actor, input.messageId);
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(messages)
    .set({ text: input.text, editedAt: now })
    .where(and(eq(messages.id, input.messageId), isNull(messages.deletedAt)))
    .returning();
  if (!row) throw new AppError('MESSAGE_DELETED');
  const seenAt = await recipientSeenAt(deps.db, row.conversationId, otherUserId);
  await publishMessage(deps, 'message.updated', row, {
    senderId: input.actor.userId,
    recipientId: otherUserId,
    recipientSeenAt: seenAt,
  });
  return toMessage(row, { secret: deps.config.APP_SECRET, now, viewerId: input.actor.userId, otherSeenAt: seenAt });
}

/**
 * DELETE /messages/{id}: the sender deletes their message. Text and file are erased; the row stays
 * so both sides see "message deleted" in place. An unseen message no longer counts as unread.
 */
export async function deleteMessage(deps: MessagesDeps, input: { actor: Actor; messageId: string }): Promise<Message> {
  const { message, otherUserId } = await loadOwnMessage(deps.db, input.actor, input.messageId);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(messages)
      .set({
        deletedAt: now,
        text: null,
        attachmentKey: null,
        attachmentName: null,
        attachmentType: null,
        attachmentSize: null,
      })
      .where(and(eq(messages.id, input.messageId), isNull(messages.deletedAt)))
      .returning();
    if (!deleted) throw new AppError('MESSAGE_DELETED');
    await tx
      .update(conversationMembers)
      .set({ unreadCount: sql`greatest(${conversationMembers.unreadCount} - 1, 0)` })
      .where(
        and(
          eq(conversationMembers.conversationId, message.conversationId),
          eq(conversationMembers.userId, otherUserId),
          or(isNull(conversationMembers.lastSeenAt), lt(conversationMembers.lastSeenAt, message.createdAt)),
        ),
      );
    return deleted;
  });
  if (message.attachmentKey) {
    await deps.storage.delete(message.attachmentKey).catch((error) => {
      deps.log?.warn({ err: error }, 'messages: attachment file not deleted');
    });
  }
  const seenAt = await recipientSeenAt(deps.db, row.conversationId, otherUserId);
  await publishMessage(deps, 'message.deleted', row, {
    senderId: input.actor.userId,
    recipientId: otherUserId,
    recipientSeenAt: seenAt,
  });
  return toMessage(row, { secret: deps.config.APP_SECRET, now, viewerId: input.actor.userId, otherSeenAt: seenAt });
}

/** PUT /messages/mark-seen: everything in the conversation up to now is seen; the sender's ticks turn. */
export async function markSeen(
  deps: MessagesDeps,
  input: { actor: Actor; conversationId: string },
): Promise<{ seenAt: string }> {
  const member = await loadMembership(deps.db, input.actor.userId, input.conversationId);
  const now = deps.clock.now();
  await deps.db
    .update(conversationMembers)
    .set({ lastSeenAt: now, unreadCount: 0 })
    .where(
      and(
        eq(conversationMembers.conversationId, input.conversationId),
        eq(conversationMembers.userId, input.actor.userId),
      ),
    );
  const event = {
    type: 'message.seen',
    conversationIdentifier: input.conversationId,
    seenBy: input.actor.userId,
    seenAt: now.toISOString(),
  };
  await deps.realtime.publish([member.otherUserId, input.actor.userId], event).catch((error) => {
    deps.log?.warn({ err: error }, 'messages: seen event not published');
  });
  return { seenAt: now.toISOString() };
}

/** Typing frames from the socket: relayed to the other participant only. */
export async function relayTyping(deps: MessagesDeps, input: { actor: Actor; conversationId: unknown }): Promise<void> {
  if (typeof input.conversationId !== 'string' || !/^[0-9a-f-]{36}$/i.test(input.conversationId)) return;
  const member = await loadMembership(deps.db, input.actor.userId, input.conversationId);
  await deps.realtime.publish([member.otherUserId], {
    type: 'typing',
    conversationIdentifier: input.conversationId,
    userIdentifier: input.actor.userId,
  });
}
