import { useQuery } from '@tanstack/react-query';
import { userInfoQuery } from './get-user-info';

/** GET /user/info as a query: the signed-in user (email, role, isSocial, …). */
export function useUserInfo() {
  return useQuery(userInfoQuery);
}
