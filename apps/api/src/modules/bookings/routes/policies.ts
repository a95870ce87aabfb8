import {
  CancellationPolicySchema,
  CancellationStatusSchema,
  RescheduleApprovalSchema,
  ReschedulePolicySchema,
} from '@app/shared/schemas/bookings';
import { IdParamsSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../../platform/auth-guard.ts';
import { getCancellationPolicy, getReschedulePolicy } from '../policies.ts';
import { appointmentTags, bookingsTags, security } from './common.ts';

/** Either party: what the rules allow the caller now (cancel, refund, reschedule, approval). */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/booking/:id/cancellation-status',
    {
      onRequest: authenticate,
      schema: { tags: bookingsTags, security, params: IdParamsSchema, response: { 200: CancellationStatusSchema } },
    },
    async (request) => {
      const policy = await getCancellationPolicy(deps, { actor: request.actor, bookingId: request.params.id });
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
      schema: { tags: bookingsTags, security, params: IdParamsSchema, response: { 200: RescheduleApprovalSchema } },
    },
    async (request) => {
      const policy = await getReschedulePolicy(deps, { actor: request.actor, bookingId: request.params.id });
      return { needsApproval: policy.needsApproval };
    },
  );

  app.get(
    '/appointment/policy/:id/cancellation',
    {
      onRequest: authenticate,
      schema: { tags: appointmentTags, security, params: IdParamsSchema, response: { 200: CancellationPolicySchema } },
    },
    (request) => getCancellationPolicy(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.get(
    '/appointment/policy/:id/reschedule',
    {
      onRequest: authenticate,
      schema: { tags: appointmentTags, security, params: IdParamsSchema, response: { 200: ReschedulePolicySchema } },
    },
    (request) => getReschedulePolicy(deps, { actor: request.actor, bookingId: request.params.id }),
  );
};
