import { randomUUID } from 'node:crypto';
import { COOKIES } from '@app/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UUID_PATTERN } from './uuid.ts';

const YEAR_SECONDS = 365 * 24 * 3600;

/** The visitor id of a request whose signed cookie is valid, else null (nothing is set). */
export function readVisitorId(request: FastifyRequest): string | null {
  const raw = request.cookies[COOKIES.visitorId];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value && UUID_PATTERN.test(unsigned.value) ? unsigned.value : null;
}

/**
 * The visitor id (SPEC.md §7: flags are evaluated per visitor): a random UUID in a signed,
 * httpOnly, first-party cookie, set on the first answer that needs it. It identifies a browser to
 * our own flag rollout and support chat only (never sent to a third party, no tracking), so it
 * is an essential cookie (docs/decisions/notifications-the-visitor-id-is-an-essential-first-party-cookie.md). Signed, so nobody can take another visitor's chat.
 */
export function visitorIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readVisitorId(request);
  if (existing) return existing;
  const id = randomUUID();
  reply.setCookie(COOKIES.visitorId, id, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: YEAR_SECONDS,
    secure: request.protocol === 'https',
  });
  return id;
}
