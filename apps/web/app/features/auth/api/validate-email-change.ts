import type { UserInfo } from '@app/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { userInfoQueryKey } from '#app/api/get-user-info';

/** POST /user/profile/validate-email-change: step 2, the code; answers the user with the new email. */
export function validateEmailChange(code: string): Promise<UserInfo> {
  return api<UserInfo>('/user/profile/validate-email-change', { method: 'POST', body: { token: code } });
}

export function useValidateEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateEmailChange,
    onSuccess: (user) => queryClient.setQueryData(userInfoQueryKey, user),
  });
}
