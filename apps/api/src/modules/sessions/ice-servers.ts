import { createHmac } from 'node:crypto';
import type { IceServer } from '@app/shared/schemas/session-room';
import type { Config } from '../../config.ts';

type IceConfig = Pick<Config, 'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'TURN_USERNAME' | 'TURN_CREDENTIAL'>;

/**
 * The session room's ICE servers from configuration: STUN_URLS as they are; TURN_URLS with either
 * short-lived credentials (the TURN REST scheme coturn's `use-auth-secret` checks: username
 * "<expiry unix seconds>:<user id>", credential base64(HMAC-SHA1(TURN_SECRET, username))), valid
 * until `validUntil`, or the fixed TURN_USERNAME/TURN_CREDENTIAL. None configured: an empty list,
 * and browsers on one network connect directly. Media never passes through this server; only a
 * TURN relay, when configured, carries it (encrypted end to end by DTLS-SRTP).
 */
export function iceServersFor(config: IceConfig, input: { userId: string; validUntil: Date }): IceServer[] {
  const servers: IceServer[] = [];
  if (config.STUN_URLS?.length) servers.push({ urls: config.STUN_URLS });
  if (config.TURN_URLS?.length) {
    if (config.TURN_SECRET) {
      const username = `${Math.ceil(input.validUntil.getTime() / 1000)}:${input.userId}`;
      const credential = createHmac('sha1', config.TURN_SECRET).update(username).digest('base64');
      servers.push({ urls: config.TURN_URLS, username, credential });
    } else if (config.TURN_USERNAME && config.TURN_CREDENTIAL) {
      servers.push({ urls: config.TURN_URLS, username: config.TURN_USERNAME, credential: config.TURN_CREDENTIAL });
    }
  }
  return servers;
}
