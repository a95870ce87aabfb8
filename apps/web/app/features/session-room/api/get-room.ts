import type { Room } from '@app/shared/schemas/session-room';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '#app/api/client';
import { roomKeys } from './keys';

/** GET /booking/{id}/room (either participant): 409 ROOM_NOT_OPEN / ROOM_CLOSED / …, 404 for anyone else. */
export function getRoom(bookingId: string): Promise<Room> {
  return api<Room>(`/booking/${encodeURIComponent(bookingId)}/room`);
}

/** While the room has not opened yet, ask again every 30 seconds: the Join button turns on by itself. */
export const NOT_OPEN_RETRY_MS = 30_000;

export const roomQuery = (bookingId: string) =>
  queryOptions({
    queryKey: roomKeys.room(bookingId),
    queryFn: () => getRoom(bookingId),
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.code === 'ROOM_NOT_OPEN' ? NOT_OPEN_RETRY_MS : false,
  });

export function useRoom(bookingId: string) {
  return useQuery(roomQuery(bookingId));
}
