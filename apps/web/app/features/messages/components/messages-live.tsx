import type { Message } from '@app/shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSession } from '#app/api/session';
import { isReconnect, type LiveEvent, useLiveEvents } from '#app/lib/live-socket';
import { messageKeys } from '../api/keys';
import { markThreadSeen, touchChatLists, upsertThreadMessage } from '../lib/cache';

/**
 * Keeps the messages caches live while signed in: new, edited and deleted messages go into the
 * open thread and the chat list; seen events turn ticks; the header count follows.
 */
export function MessagesLive() {
  const client = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      const me = getSession()?.userId;
      if (event.type === 'message.new' || event.type === 'message.updated' || event.type === 'message.deleted') {
        const message = event.message as Message;
        upsertThreadMessage(client, message);
        const isNew = event.type === 'message.new';
        touchChatLists(client, message, { isNew, unread: isNew && message.senderIdentifier !== me });
        if (message.senderIdentifier !== me) void client.invalidateQueries({ queryKey: messageKeys.unread() });
      } else if (event.type === 'message.seen' && me) {
        const conversationId = String(event.conversationIdentifier);
        if (event.seenBy !== me) markThreadSeen(client, conversationId, me, String(event.seenAt));
        else void client.invalidateQueries({ queryKey: messageKeys.unread() });
      } else if (isReconnect(event)) {
        // After a reconnect, anything missed while offline is fetched again (not on the first
        // connection: the page fetched its data a moment before).
        void client.invalidateQueries({ queryKey: messageKeys.all });
      }
    },
    [client],
  );
  useLiveEvents(onEvent);
  return null;
}
