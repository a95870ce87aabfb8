import { messageKey, z } from '../zod.ts';

/** A message's text: at most this many characters (after trimming). */
export const MESSAGE_TEXT_MAX = 4000;
/** SPEC.md §9: the chat list stays fresh this long in the browser. */
export const CHAT_LIST_STALE_MS = 300_000;
/** SPEC.md §9: the delete-message modal waits this long before it deletes. */
export const DELETE_MESSAGE_DELAY_MS = 300;
export const CHAT_LIST_PAGE_SIZE = 20;
export const THREAD_PAGE_SIZE = 30;
/** Kinds of file a message may carry (recognized by content). */
export const MESSAGE_ATTACHMENT_KINDS = ['pdf', 'doc', 'docx', 'jpg', 'png', 'webp'] as const;

export const MessageTextSchema = z
  .string()
  .trim()
  .max(MESSAGE_TEXT_MAX, messageKey('messages.textTooLong', { maximum: MESSAGE_TEXT_MAX }));

export const SearchQuerySchema = z.object({
  searchQuery: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});

export const ContactsQuerySchema = z.object({ searchQuery: z.string().trim().max(100).optional() });

export const OpenConversationBodySchema = z.object({ userIdentifier: z.uuid() });

export const ThreadQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export const MarkSeenBodySchema = z.object({
  conversationIdentifier: z.uuid(),
  /** Everything up to and including this message is seen; absent means all. */
  messageIdentifier: z.uuid().optional(),
});

export const UpdateMessageBodySchema = z.object({
  text: MessageTextSchema.refine((value) => value.length > 0, 'messages.textRequired'),
});
export type UpdateMessageBody = z.input<typeof UpdateMessageBodySchema>;

export const IdParamsSchema = z.object({ id: z.uuid() });

export const PersonSchema = z.object({
  identifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(['client', 'provider', 'admin']),
});
export type Person = z.infer<typeof PersonSchema>;

export const AttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** A short-lived signed link (only for the two participants). */
  url: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const MessageSchema = z.object({
  identifier: z.uuid(),
  conversationIdentifier: z.uuid(),
  senderIdentifier: z.uuid(),
  /** null once deleted. */
  text: z.string().nullable(),
  attachment: AttachmentSchema.nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** When the other participant saw it (own messages only; null otherwise or not yet). */
  seenAt: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSchema = z.object({
  identifier: z.uuid(),
  otherPerson: PersonSchema,
  lastMessage: MessageSchema.nullable(),
  lastMessageAt: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ChatListSchema = z.object({ data: z.array(ConversationSchema), nextCursor: z.string().nullable() });
export type ChatList = z.infer<typeof ChatListSchema>;

export const ThreadPageSchema = z.object({
  conversation: ConversationSchema,
  /** Oldest first within the page; nextCursor points at older messages. */
  data: z.array(MessageSchema),
  nextCursor: z.string().nullable(),
});
export type ThreadPage = z.infer<typeof ThreadPageSchema>;

export const ContactsSchema = z.array(PersonSchema);
export const UnreadCountSchema = z.object({ count: z.number().int() });
export const MarkSeenAnswerSchema = z.object({ seenAt: z.string() });

/** Events on the /api/ws socket (server → browser). */
export type RealtimeEvent =
  | { type: 'message.new'; message: Message }
  | { type: 'message.updated'; message: Message }
  | { type: 'message.deleted'; message: Message }
  | { type: 'message.seen'; conversationIdentifier: string; seenBy: string; seenAt: string }
  | { type: 'typing'; conversationIdentifier: string; userIdentifier: string };

/** Browser → server frames. */
export type RealtimeClientFrame =
  | { type: 'auth'; token: string }
  | { type: 'typing'; conversationIdentifier: string }
  | { type: 'ping' };
