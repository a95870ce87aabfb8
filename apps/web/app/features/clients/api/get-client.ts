import type { ClientProfile, ClientRelation } from '@app/shared/schemas/clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { clientKeys } from './keys';

/** GET /client/profile/{id}: what the provider may see of their client. */
export function getClientProfile(id: string): Promise<ClientProfile> {
  return api<ClientProfile>(`/client/profile/${id}`);
}

/** GET /clients/relation/{id}: how the client is theirs, their sessions, and what can be done. */
export function getClientRelation(id: string): Promise<ClientRelation> {
  return api<ClientRelation>(`/clients/relation/${id}`);
}

export const clientProfileQuery = (id: string) =>
  queryOptions({ queryKey: clientKeys.profile(id), queryFn: () => getClientProfile(id) });
export const clientRelationQuery = (id: string) =>
  queryOptions({ queryKey: clientKeys.relation(id), queryFn: () => getClientRelation(id) });

export function useClientProfile(id: string) {
  return useQuery(clientProfileQuery(id));
}

export function useClientRelation(id: string) {
  return useQuery(clientRelationQuery(id));
}
