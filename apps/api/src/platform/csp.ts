import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Config } from '../config.ts';

const NONCE = Symbol('cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

/**
 * This response's Content-Security-Policy nonce: 128 random bits, made on first use and kept on
 * the response, so the header (helmet) and the server-rendered page's inline scripts (web) carry
 * the same one, and no two responses share one.
 */
export function cspNonce(response: ServerResponse): string {
  const carrier = response as WithNonce;
  carrier[NONCE] ??= randomBytes(16).toString('base64');
  return carrier[NONCE];
}

/**
 * The policy (helmet's `contentSecurityPolicy` option). Scripts: our own files, and inline ones
 * only with this response's nonce (React Router's hydration data and module loader, the scroll
 * restorer); never 'unsafe-inline' and no inline event handlers. Styles keep 'unsafe-inline'
 * (the UI library positions popovers with style attributes). Framing, <base> and form targets
 * stay on this origin. `CSP_REPORT_ONLY=on` sends the same policy as
 * Content-Security-Policy-Report-Only (violations reported to CSP_REPORT_URI, nothing blocked).
 */
export function contentSecurityPolicy(config: Pick<Config, 'CSP_REPORT_ONLY' | 'CSP_REPORT_URI'>) {
  return {
    reportOnly: config.CSP_REPORT_ONLY,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_request: unknown, response: ServerResponse) => `'nonce-${cspNonce(response)}'`],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameSrc: ["'self'", 'blob:'],
      frameAncestors: ["'self'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
      ...(config.CSP_REPORT_URI ? { reportUri: [config.CSP_REPORT_URI] } : {}),
    },
  };
}
