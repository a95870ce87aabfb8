import {
  CancellationPolicySchema,
  CancellationStatusSchema,
  RescheduleApprovalSchema,
  ReschedulePolicySchema,
} from '@app/shared/schemas/bookings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, authenticate } from '../../../platform/auth-guard.ts';
import { cancellationPolicyOf, getPolicy, reschedulePolicyOf } from '../policies.ts';
import { appointmentTags, bookingsTags, onBooking } from './common.ts';

/** Either party: what the rules allow the caller now (cancel, refund, reschedule, approval). */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const own = (request: { actor: Actor; params: { id: string } }) => ({
    actor: request.actor,
    bookingId: request.params.id,
  });

  app.get(
    '/booking/:id/cancellation-status',
    {
      onRequest: authenticate,
      schema: onBooking(bookingsTags, CancellationStatusSchema),
    },
    async (request) => {
      const policy = await getPolicy(deps, own(request), cancellationPolicyOf);
      return {
        isRefundable: policy.isRefundable,
        refundAmount: policy.refundAmount,
        currencyCode: policy.currencyCode,
      };
    },
  );

  app.get(
    '/booking/:id/reschedule-approval',
    {
      onRequest: authenticate,
      schema: onBooking(bookingsTags, RescheduleApprovalSchema),
    },
    async (request) => {
      const policy = await getPolicy(deps, own(request), reschedulePolicyOf);
      return { needsApproval: policy.needsApproval };
    },
  );

  app.get(
    '/appointment/policy/:id/cancellation',
    {
      onRequest: authenticate,
      schema: onBooking(appointmentTags, CancellationPolicySchema),
    },
    (request) => getPolicy(deps, own(request), cancellationPolicyOf),
  );

  app.get(
    '/appointment/policy/:id/reschedule',
    {
      onRequest: authenticate,
      schema: onBooking(appointmentTags, ReschedulePolicySchema),
    },
    (request) => getPolicy(deps, own(request), reschedulePolicyOf),
  );
};
