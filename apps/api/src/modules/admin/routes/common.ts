import { z } from '@app/shared/zod';
import { requireRole } from '../../../platform/auth-guard.ts';

export const security = [{ bearer: [] }];
export const tags = ['back office'];
/** Every back-office route: an admin (anonymous 401, any other role 403), decided before input. */
export const admin = { onRequest: requireRole('admin') };
export const IdParams = z.object({ id: z.uuid() });
