import type { ContactBody } from '@app/shared/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** POST /contact: stored, sent to the operators, confirmed by email in the page's language. */
export function sendContact(body: ContactBody): Promise<{ identifier: string; message: string }> {
  return api<{ identifier: string; message: string }>('/contact', { method: 'POST', body });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
