import { z } from '../zod.ts';

export const USER_ROLES = ['client', 'provider', 'admin'] as const;
export const UserRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRoleSchema>;
