import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';

/** A feed token: 43 base64url characters (256 bits). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh rotation: the random part that makes a person's next token. */
export function newRotation(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The token in a person's feed address, derived from APP_SECRET, the person and the rotation:
 * the owner can be shown it again, while the table keeps only its hash (a copy of the database
 * alone never gives a working address).
 */
export function feedToken(config: Pick<Config, 'APP_SECRET'>, userId: string, rotation: string): string {
  return createHmac('sha256', config.APP_SECRET).update(`calendar-feed:${userId}:${rotation}`).digest('base64url');
}

export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The feed's https address and the same as webcal:// (a click there subscribes in most calendar
 * apps). The token travels in the query, which the logs keep only the names of.
 */
export function feedUrls(config: Pick<Config, 'PUBLIC_URL'>, token: string): { httpsUrl: string; webcalUrl: string } {
  const base = (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const httpsUrl = `${base}/api/calendar-feed/sessions.ics?token=${token}`;
  return { httpsUrl, webcalUrl: httpsUrl.replace(/^https?:/, 'webcal:') };
}
