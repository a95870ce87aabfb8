import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

export interface OutboxEmail {
  identifier: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: string;
  createdAt: string;
  attachments: Array<{ filename: string; contentType: string; size: number; url: string }>;
}

/** GET /dev/outbox?to: recorded emails, newest first (development tools only). */
export function listOutbox(to: string): Promise<OutboxEmail[]> {
  const query = new URLSearchParams({ limit: '50' });
  if (to) query.set('to', to);
  return api<OutboxEmail[]>(`/dev/outbox?${query}`, { anonymous: true });
}

export const outboxQuery = (to: string) =>
  queryOptions({ queryKey: ['dev', 'outbox', to] as const, queryFn: () => listOutbox(to), staleTime: 0 });

export function useOutbox(to: string) {
  return useQuery(outboxQuery(to));
}
