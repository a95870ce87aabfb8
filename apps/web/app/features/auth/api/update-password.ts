import type { UpdatePasswordSchema } from '@app/shared/schemas/auth';
import type { z } from '@app/shared/zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

export type UpdatePasswordInput = z.output<typeof UpdatePasswordSchema>;

/** POST /user/profile/update-password: other sessions end; this one stays signed in. */
export function updatePassword(input: UpdatePasswordInput): Promise<{ message: string }> {
  return api<{ message: string }>('/user/profile/update-password', { method: 'POST', body: input });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
