export const messageKeys = {
  all: ['messages'] as const,
  chatLists: () => ['messages', 'chat-list'] as const,
  chatList: (search: string) => ['messages', 'chat-list', search] as const,
  contacts: (search: string) => ['messages', 'contacts', search] as const,
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  unread: () => ['messages', 'unread'] as const,
};
