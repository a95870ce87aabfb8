import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conversationMembers, messages } from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';
import type { PrivateStorage } from '../../platform/uploads/private-storage.ts';

/**
 * The messages' part of a data export: every conversation the person is in, with every message
 * of it (theirs and the other person's, as they saw them), attachments by name and size.
 */
export const messagesPersonalData: PersonalDataContributor = {
  section: 'messages',
  async collect(tx: Tx, { userId }) {
    const memberships = await tx
      .select({
        conversationId: conversationMembers.conversationId,
        otherUserId: conversationMembers.otherUserId,
        lastSeenAt: conversationMembers.lastSeenAt,
      })
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, userId));
    const rows = memberships.length
      ? await tx
          .select({
            id: messages.id,
            conversationId: messages.conversationId,
            senderId: messages.senderId,
            text: messages.text,
            attachmentName: messages.attachmentName,
            attachmentType: messages.attachmentType,
            attachmentSize: messages.attachmentSize,
            createdAt: messages.createdAt,
            editedAt: messages.editedAt,
            deletedAt: messages.deletedAt,
          })
          .from(messages)
          .where(
            inArray(
              messages.conversationId,
              memberships.map((member) => member.conversationId),
            ),
          )
          .orderBy(asc(messages.createdAt))
      : [];
    return {
      conversations: memberships.map((member) => ({
        ...member,
        messages: rows
          .filter((row) => row.conversationId === member.conversationId)
          .map(({ conversationId: _c, senderId, ...row }) => ({ ...row, from: senderId === userId ? 'you' : 'other' })),
      })),
    };
  },
};

/**
 * The messages' part of erasing an account: every message the person sent is erased like a
 * deleted message (text and attachment gone, the row left so the other person sees "message
 * deleted" in place); the files are removed at the end of the transaction. What the other person
 * wrote stays theirs.
 */
export function messagesErasure(storage: PrivateStorage): AccountDeletingHandler {
  return async (tx, { userId, now }) => {
    const files = await tx
      .select({ key: messages.attachmentKey })
      .from(messages)
      .where(and(eq(messages.senderId, userId), isNotNull(messages.attachmentKey)));
    await tx
      .update(messages)
      .set({
        text: null,
        attachmentKey: null,
        attachmentName: null,
        attachmentType: null,
        attachmentSize: null,
        deletedAt: now,
      })
      .where(eq(messages.senderId, userId));
    for (const file of files) if (file.key) await storage.delete(file.key).catch(() => {});
    return [];
  };
}
