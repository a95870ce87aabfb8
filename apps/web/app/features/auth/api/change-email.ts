import type { ChangeEmailSchema } from '@app/shared/schemas/auth';
import type { z } from '@app/shared/zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

export type ChangeEmailInput = z.output<typeof ChangeEmailSchema>;

/** POST /user/profile/change-email: step 1, a 6-digit code goes to the new address. */
export function changeEmail(input: ChangeEmailInput): Promise<{ email: string; expiresIn: number }> {
  return api<{ email: string; expiresIn: number }>('/user/profile/change-email', { method: 'POST', body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
