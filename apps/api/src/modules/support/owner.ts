import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, bearerToken } from '../../platform/auth-guard.ts';
import { readVisitorId, visitorIdOf } from '../../platform/visitor.ts';

/** Whose support chat a request is about: a signed-in person, or a browser (the visitor-id cookie). */
export type SupportOwner = { userId: string; visitorId?: undefined } | { userId?: undefined; visitorId: string };

/**
 * onRequest of the visitor routes: the chat is open to everyone, so a request without a token
 * is a visitor; one with a token must be valid (401 otherwise, as everywhere: the web refreshes).
 */
export async function optionalSignIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (bearerToken(request)) await authenticate(request, reply);
}

function signedInUser(request: FastifyRequest): string | null {
  return bearerToken(request) && request.actor ? request.actor.userId : null;
}

/** The owner for reading: null when the browser has no visitor id yet (nothing to read). */
export function readOwner(request: FastifyRequest): SupportOwner | null {
  const userId = signedInUser(request);
  if (userId) return { userId };
  const visitorId = readVisitorId(request);
  return visitorId ? { visitorId } : null;
}

/** The owner for writing: a visitor without a visitor id gets one now. */
export function writeOwner(request: FastifyRequest, reply: FastifyReply): SupportOwner {
  const userId = signedInUser(request);
  return userId ? { userId } : { visitorId: visitorIdOf(request, reply) };
}
