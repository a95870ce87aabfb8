export const supportKeys = {
  all: ['support'] as const,
  thread: () => ['support', 'thread'] as const,
  conversations: (status: 'open' | 'closed') => ['support', 'conversations', status] as const,
  conversation: (id: string) => ['support', 'conversation', id] as const,
};
