import type { ClientNotesQuery } from '@app/shared/schemas/notes';

export const noteKeys = {
  all: ['notes'] as const,
  client: (clientId: string, query: ClientNotesQuery) => ['notes', 'client', clientId, query] as const,
  booking: (bookingId: string) => ['notes', 'booking', bookingId] as const,
  one: (noteId: string) => ['notes', 'one', noteId] as const,
};
