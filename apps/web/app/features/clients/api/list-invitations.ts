import type { ClientInvitationList } from '@app/shared/schemas/clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { clientKeys } from './keys';

/** GET /client/invitations: therapists who imported the signed-in client and asked them to accept. */
export function listInvitations(): Promise<ClientInvitationList> {
  return api<ClientInvitationList>('/client/invitations');
}

export const invitationsQuery = () => queryOptions({ queryKey: clientKeys.invitations, queryFn: listInvitations });

export function useInvitations() {
  return useQuery(invitationsQuery());
}
