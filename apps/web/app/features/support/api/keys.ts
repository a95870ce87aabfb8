export const supportKeys = {
  all: ['support'] as const,
  thread: () => ['support', 'thread'] as const,
};
