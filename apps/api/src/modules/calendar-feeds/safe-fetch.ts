import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { ExternalCalendarError } from '@app/shared/schemas/calendar-feeds';

/** The largest calendar we read (a busy work calendar with years of history stays well under). */
export const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;
/** The whole fetch, redirects included. */
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;

export interface FetchPolicy {
  /** Plain http allowed (never in production). */
  allowHttp: boolean;
  /** Loopback, private and link-local addresses allowed (tests and e2e only). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

export class CalendarFetchError extends Error {
  constructor(
    readonly reason: ExternalCalendarError,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'CalendarFetchError';
  }
}

/** Addresses no calendar of the outside world lives at: loopback, private, link-local, CGNAT, multicast, reserved. */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

/** True for an address the fetcher never connects to (IPv4-mapped IPv6 judged as its IPv4). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return forbidden.check(mapped[1], 'ipv4');
  return forbidden.check(address, 'ipv6');
}

/** webcal:// is https:// by another name (what calendar apps hand out). */
export function normalizeCalendarUrl(raw: string): URL {
  const url = new URL(raw.trim());
  if (url.protocol === 'webcal:') return new URL(`https:${raw.trim().slice('webcal:'.length)}`);
  return url;
}

/** Whether a URL's scheme is one the policy fetches. */
export function checkScheme(url: URL, policy: Pick<FetchPolicy, 'allowHttp'>): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && policy.allowHttp) return;
  throw new CalendarFetchError('insecure');
}

/**
 * Resolves a host and checks EVERY address it has (a name with one public and one private
 * address is refused); answers the address to connect to, so the connection goes where the check
 * looked (no second lookup an attacker's DNS could answer differently).
 */
export async function resolveAllowed(
  hostname: string,
  policy: Pick<FetchPolicy, 'allowPrivate'>,
): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new CalendarFetchError('unreachable', 'dns');
    }
  }
  const first = addresses[0];
  if (!first) throw new CalendarFetchError('unreachable', 'dns');
  if (!policy.allowPrivate && addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw new CalendarFetchError('forbiddenAddress');
  }
  return first;
}

export interface CalendarFetchResult {
  /** 304: the calendar did not change since the validators given. */
  notModified: boolean;
  body: string;
  etag: string | null;
  lastModified: string | null;
}

interface OneResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function requestOnce(
  url: URL,
  target: { address: string; family: number },
  headers: Record<string, string>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<OneResponse> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { 'user-agent': 'TherapyHub-calendar/1.0', accept: 'text/calendar, */*;q=0.5', ...headers },
        // Connect to the address already checked; TLS still verifies the certificate for the host name.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) callback(null, [target] as never, target.family);
          else callback(null, target.address, target.family);
        },
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.resume();
          resolve({ status, headers: response.headers, body: '' });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          reject(new CalendarFetchError('tooLarge'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new CalendarFetchError('tooLarge'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Fetches an external calendar safely: only the schemes the policy allows, every address of every
 * host (redirect targets too) checked before connecting, a size limit while reading, one time
 * limit for the whole fetch, at most MAX_REDIRECTS redirects, and a conditional request when the
 * last answer's validators are given (ETag, Last-Modified).
 */
export async function fetchCalendar(
  rawUrl: string,
  policy: FetchPolicy,
  validators: { etag?: string | null; lastModified?: string | null } = {},
): Promise<CalendarFetchResult> {
  const maxBytes = policy.maxBytes ?? MAX_CALENDAR_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs ?? FETCH_TIMEOUT_MS);
  try {
    let url = normalizeCalendarUrl(rawUrl);
    for (let redirects = 0; ; redirects += 1) {
      checkScheme(url, policy);
      const target = await resolveAllowed(url.hostname, policy);
      const headers: Record<string, string> = {};
      if (validators.etag) headers['if-none-match'] = validators.etag;
      if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
      const response = await requestOnce(url, target, headers, maxBytes, controller.signal);
      if ([301, 302, 303, 307, 308].includes(response.status)) {
        const location = header(response.headers.location);
        if (!location) throw new CalendarFetchError('httpStatus', String(response.status));
        if (redirects >= MAX_REDIRECTS) throw new CalendarFetchError('tooManyRedirects');
        url = normalizeCalendarUrl(new URL(location, url).toString());
        continue;
      }
      if (response.status === 304) {
        return {
          notModified: true,
          body: '',
          etag: validators.etag ?? null,
          lastModified: validators.lastModified ?? null,
        };
      }
      if (response.status !== 200) throw new CalendarFetchError('httpStatus', String(response.status));
      return {
        notModified: false,
        body: response.body,
        etag: header(response.headers.etag),
        lastModified: header(response.headers['last-modified']),
      };
    }
  } catch (error) {
    if (error instanceof CalendarFetchError) throw error;
    if (controller.signal.aborted) throw new CalendarFetchError('timeout');
    throw new CalendarFetchError('unreachable', (error as { code?: string }).code);
  } finally {
    clearTimeout(timer);
  }
}
