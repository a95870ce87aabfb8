import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { supportConversations, supportMessages, users } from '../../db/schema/index.ts';
import type { PersonalDataContributor } from '../../platform/events.ts';

const operator = alias(users, 'operator');

/**
 * Support's part of a data export: every support chat the person had while signed in, with every
 * message (theirs, and the operators' answers with the operator's first name as the chat shows
 * it). Chats started before signing in belong to a browser, not to an account, and are not found.
 * Erasure: supportDeletionHook (the chats go).
 */
export const supportPersonalData: PersonalDataContributor = {
  section: 'support',
  async collect(tx: Tx, { userId }) {
    const conversations = await tx
      .select({
        id: supportConversations.id,
        status: supportConversations.status,
        startedOn: supportConversations.startedOn,
        createdAt: supportConversations.createdAt,
        closedAt: supportConversations.closedAt,
      })
      .from(supportConversations)
      .where(eq(supportConversations.userId, userId))
      .orderBy(asc(supportConversations.createdAt));
    const messages = conversations.length
      ? await tx
          .select({
            conversationId: supportMessages.conversationId,
            author: supportMessages.author,
            operatorName: operator.firstName,
            text: supportMessages.text,
            createdAt: supportMessages.createdAt,
          })
          .from(supportMessages)
          .leftJoin(operator, eq(operator.id, supportMessages.operatorId))
          .where(
            inArray(
              supportMessages.conversationId,
              conversations.map((conversation) => conversation.id),
            ),
          )
          .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id))
      : [];
    return {
      conversations: conversations.map((conversation) => ({
        ...conversation,
        messages: messages
          .filter((message) => message.conversationId === conversation.id)
          .map(({ conversationId: _c, operatorName, ...message }) => ({
            ...message,
            from: message.author === 'visitor' ? 'you' : 'support',
            operatorName: message.author === 'operator' ? operatorName : null,
          })),
      })),
    };
  },
};
