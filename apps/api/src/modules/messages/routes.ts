import {
  ChatListSchema,
  ContactsQuerySchema,
  ContactsSchema,
  ConversationSchema,
  IdParamsSchema,
  MarkSeenAnswerSchema,
  MarkSeenBodySchema,
  MessageSchema,
  MessageTextSchema,
  OpenConversationBodySchema,
  SearchQuerySchema,
  ThreadPageSchema,
  ThreadQuerySchema,
  UnreadCountSchema,
  UpdateMessageBodySchema,
} from '@app/shared/schemas/messages';
import { z } from '@app/shared/zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, fieldError } from '../../platform/app-error.ts';
import { authenticate } from '../../platform/auth-guard.ts';
import { createPrivateStorage } from '../../platform/uploads/private-storage.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/uploads/sniff.ts';
import { countUnread, getConversation, listChatList, listContacts, openConversation } from './conversations.ts';
import type { MessagesDeps } from './deps.ts';
import { listThread } from './thread.ts';
import {
  deleteMessage,
  markSeen,
  relayTyping,
  storeMessage,
  type UploadedFile,
  updateMessage,
} from './write-messages.ts';

const security = [{ bearer: [] }];
const tags = ['messages'];

/** The multipart body of POST /messages/store: conversationIdentifier, text, and an optional `file`. */
async function readStoreBody(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length > MAX_UPLOAD_BYTES || part.file.truncated) throw new AppError('FILE_TOO_LARGE');
        if (bytes.length > 0) file = { filename: part.filename || 'file', bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw new AppError('FILE_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    throw error;
  }
  const conversation = z.uuid().safeParse(fields.conversationIdentifier);
  if (!conversation.success) throw fieldError('conversationIdentifier', 'validation.invalidUuid');
  const text = MessageTextSchema.safeParse(fields.text ?? '');
  if (!text.success)
    throw new AppError('VALIDATION_FAILED', {}, { text: [text.error.issues[0]?.message ?? 'validation.invalidType'] });
  return { conversationId: conversation.data, text: text.data, file };
}

/** Messages between a client and their provider (SPEC.md §7 "Messages"); live events go through app.realtime. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 12, headerPairs: 100 },
  });
  const deps: MessagesDeps = {
    db: app.deps.db,
    clock: app.deps.clock,
    config: app.deps.config,
    storage: createPrivateStorage(app.deps.config),
    realtime: app.realtime,
    events: app.deps.events,
    log: app.log,
  };
  app.realtime.onFrame('typing', (actor, frame) =>
    relayTyping(deps, { actor, conversationId: frame.conversationIdentifier }),
  );

  // Every /api answer is Cache-Control: no-store already (app.ts).
  const signedIn = { onRequest: authenticate };

  app.get(
    '/messages/chat-list',
    { ...signedIn, schema: { tags, security, querystring: SearchQuerySchema, response: { 200: ChatListSchema } } },
    (request) => listChatList(deps, { actor: request.actor, ...request.query }),
  );
  app.get(
    '/messages/contacts',
    { ...signedIn, schema: { tags, security, querystring: ContactsQuerySchema, response: { 200: ContactsSchema } } },
    (request) => listContacts(deps, { actor: request.actor, searchQuery: request.query.searchQuery }),
  );
  app.get(
    '/messages/unread-count',
    { ...signedIn, schema: { tags, security, response: { 200: UnreadCountSchema } } },
    (request) => countUnread(deps, { actor: request.actor }),
  );
  app.post(
    '/messages/conversations',
    {
      ...signedIn,
      schema: { tags, security, body: OpenConversationBodySchema, response: { 200: ConversationSchema } },
    },
    (request) => openConversation(deps, { actor: request.actor, userIdentifier: request.body.userIdentifier }),
  );
  app.get(
    '/messages/conversations/:id',
    { ...signedIn, schema: { tags, security, params: IdParamsSchema, response: { 200: ConversationSchema } } },
    (request) => getConversation(deps, { actor: request.actor, conversationId: request.params.id }),
  );
  app.get(
    '/messages/conversations/:id/messages',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        querystring: ThreadQuerySchema,
        response: { 200: ThreadPageSchema },
      },
    },
    (request) =>
      listThread(deps, { actor: request.actor, conversationId: request.params.id, cursor: request.query.cursor }),
  );
  app.post(
    '/messages/store',
    { ...signedIn, schema: { tags, security, consumes: ['multipart/form-data'], response: { 201: MessageSchema } } },
    async (request, reply) => {
      const body = await readStoreBody(request);
      const message = await storeMessage(deps, { actor: request.actor, ...body });
      return reply.code(201).send(message);
    },
  );
  app.put(
    '/messages/mark-seen',
    { ...signedIn, schema: { tags, security, body: MarkSeenBodySchema, response: { 200: MarkSeenAnswerSchema } } },
    (request) => markSeen(deps, { actor: request.actor, conversationId: request.body.conversationIdentifier }),
  );
  app.put(
    '/messages/:id/update',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: UpdateMessageBodySchema,
        response: { 200: MessageSchema },
      },
    },
    (request) => updateMessage(deps, { actor: request.actor, messageId: request.params.id, text: request.body.text }),
  );
  app.delete(
    '/messages/:id',
    { ...signedIn, schema: { tags, security, params: IdParamsSchema, response: { 200: MessageSchema } } },
    (request) => deleteMessage(deps, { actor: request.actor, messageId: request.params.id }),
  );
};
