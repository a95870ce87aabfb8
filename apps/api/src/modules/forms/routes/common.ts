import { authenticate, ownerOnlyNotInViewMode, requireRole } from '../../../platform/auth-guard.ts';

export const security = [{ bearer: [] }];
export const tags = ['forms'];

/** A provider's forms and assignments: their own practice's setup. */
export const provider = { onRequest: requireRole('provider') };
/**
 * A client's answers and scores: clinical content, read only by the client and their provider,
 * never by an operator viewing either account (403 VIEW_MODE_OWNER_ONLY).
 */
export const clinical = { onRequest: [authenticate, ownerOnlyNotInViewMode] };
export const providerClinical = { onRequest: [...requireRole('provider'), ownerOnlyNotInViewMode] };
export const clientClinical = { onRequest: [...requireRole('client'), ownerOnlyNotInViewMode] };
