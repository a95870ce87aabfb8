/** Query keys of the session room and its outcome. */
export const roomKeys = {
  all: ['session-room'] as const,
  room: (bookingId: string) => ['session-room', 'room', bookingId] as const,
  outcome: (bookingId: string) => ['session-room', 'outcome', bookingId] as const,
  noSessionReport: (bookingId: string) => ['session-room', 'no-session-report', bookingId] as const,
};
