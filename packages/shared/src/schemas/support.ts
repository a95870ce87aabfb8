import { messageKey, z } from '../zod.ts';

/** The support chat: a visitor (signed in or not) writes; an operator answers from the back office. */
export const SUPPORT_TEXT_MAX = 2000;
/** A visitor without a live socket (not signed in) asks for new messages this often while the chat is open. */
export const SUPPORT_POLL_MS = 4000;

export const SupportTextSchema = z
  .string()
  .trim()
  .min(1, 'support.textRequired')
  .max(SUPPORT_TEXT_MAX, messageKey('support.textTooLong', { maximum: SUPPORT_TEXT_MAX }));

export const SendSupportMessageBodySchema = z.object({
  text: SupportTextSchema,
  /** The page the visitor writes from (a path), shown to the operator. */
  page: z
    .string()
    .max(200)
    .regex(/^\/[^\s]*$/, 'validation.invalidType')
    .optional(),
});
export type SendSupportMessageBody = z.infer<typeof SendSupportMessageBodySchema>;

export const SupportMessageSchema = z.object({
  identifier: z.uuid(),
  conversationIdentifier: z.uuid(),
  author: z.enum(['visitor', 'operator']),
  /** The operator's first name (visitors see who answers); null for the visitor's own messages. */
  operatorName: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportThreadQuerySchema = z.object({
  /** Only messages after this one (the newest the page has). */
  after: z.uuid().optional(),
});

/** The visitor's own conversation (none yet: identifier null, no messages). */
export const SupportThreadSchema = z.object({
  identifier: z.uuid().nullable(),
  status: z.enum(['open', 'closed']).nullable(),
  messages: z.array(SupportMessageSchema),
});
export type SupportThread = z.infer<typeof SupportThreadSchema>;

export const SupportConversationSummarySchema = z.object({
  identifier: z.uuid(),
  status: z.enum(['open', 'closed']),
  /** A signed-in visitor's name and role, else null (an anonymous visitor). */
  visitor: z
    .object({ identifier: z.uuid(), name: z.string(), role: z.enum(['client', 'provider', 'admin']) })
    .nullable(),
  /** The page the visitor wrote from first (path only). */
  startedOn: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string(),
  /** Visitor messages after the last operator answer. */
  waiting: z.number().int().min(0),
});
export type SupportConversationSummary = z.infer<typeof SupportConversationSummarySchema>;

export const SupportConversationListQuerySchema = z.object({
  status: z.enum(['open', 'closed']).default('open'),
});

export const SupportConversationListSchema = z.object({ data: z.array(SupportConversationSummarySchema) });

export const SupportConversationSchema = SupportConversationSummarySchema.extend({
  messages: z.array(SupportMessageSchema),
});
export type SupportConversation = z.infer<typeof SupportConversationSchema>;

/** Live frames: to the visitor (signed in) and to every operator. */
export type SupportLiveEvent =
  | { type: 'support.message'; message: SupportMessage }
  | { type: 'support.conversation'; conversation: SupportConversationSummary };
