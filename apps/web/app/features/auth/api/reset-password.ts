import type { PasswordResetSchema } from '@app/shared/schemas/auth';
import type { z } from '@app/shared/zod';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

export type PasswordResetInput = z.output<typeof PasswordResetSchema>;

/** POST /user/password-reset: a new password with the token of the reset link. */
export function resetPassword(input: PasswordResetInput): Promise<{ message: string }> {
  return api<{ message: string }>('/user/password-reset', { method: 'POST', body: input, anonymous: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
