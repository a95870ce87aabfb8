import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import helmet from 'helmet';
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
  carrier[NONCE] ??= randomNonce();
  return carrier[NONCE];
}

/** Random bytes drawn 4 KB at a time (one call to the system's generator per 256 nonces). */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomNonce(): string {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + 16);
  poolOffset += 16;
  return nonce;
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

/**
 * Helmet's headers on every answer, as an onRequest hook (app.ts). Helmet runs once, at start,
 * against a stand-in response: its headers are fixed but for the policy's nonce, so each page
 * gets the same list and the policy with its own nonce put between the two halves.
 * (`@fastify/helmet` built helmet anew for every request, parsing every option and directive each
 * time: most of a liveness probe's CPU.) The API's data answers get DATA_HEADERS instead.
 */
export function securityHeadersHook(config: Pick<Config, 'CSP_REPORT_ONLY' | 'CSP_REPORT_URI'>): onRequestHookHandler {
  const fixed = new Map<string, string>();
  const removed: string[] = [];
  const standIn = {
    setHeader: (name: string, value: string | number | readonly string[]) => fixed.set(name, String(value)),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    hsts: false, // app.ts sends it, over https only
  })({} as IncomingMessage, standIn, (error) => {
    if (error) throw error;
  });
  const policyName = config.CSP_REPORT_ONLY ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy';
  const policy = fixed.get(policyName);
  const sample = `'nonce-${cspNonce(standIn)}'`;
  if (!policy?.includes(sample)) throw new Error('the security policy has no nonce');
  fixed.delete(policyName);
  const [before, after] = [
    policy.slice(0, policy.indexOf(sample)),
    policy.slice(policy.indexOf(sample) + sample.length),
  ];
  const headers = [...fixed];
  const dataHeaders = Object.entries(DATA_HEADERS);
  return (request, reply, done) => {
    const response = reply.raw;
    for (const name of removed) response.removeHeader(name);
    if (isDataAnswer(request.url)) {
      for (const [name, value] of dataHeaders) response.setHeader(name, value);
      response.setHeader(policyName, API_POLICY);
    } else {
      for (const [name, value] of headers) response.setHeader(name, value);
      response.setHeader(policyName, `${before}'nonce-${cspNonce(response)}'${after}`);
    }
    done();
  };
}

/**
 * The headers of the API's data answers, as OWASP's REST security sheet lists them (with
 * Cache-Control: no-store and HSTS, which app.ts sends): no sniffing a type, no framing, no
 * referrer, no cross-origin reads. Helmet's others act on documents only (opener isolation, agent
 * clusters, DNS prefetching, IE's download prompt and XSS auditor, Flash's policy files), and a
 * JSON answer is never one: leaving them off saves a fifth of a liveness probe's bytes.
 */
export const DATA_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

/**
 * The policy of the API's data answers (JSON): nothing may load or frame them, so no nonce is drawn
 * (a browser that opened one as a page would run nothing).
 */
export const API_POLICY = "default-src 'none';frame-ancestors 'none'";

/**
 * Whether a URL is one of the API's answers other than its documentation pages (which keep the
 * site's policy). Routes that send files or pages set a policy of their own over this one.
 */
function isDataAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}
