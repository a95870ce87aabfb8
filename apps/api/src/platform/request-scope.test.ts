import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { currentRequestId, requestIdOfRaw, runInRequestScope } from './request-scope.ts';

const request = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

function capture() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) });
  return { lines, log };
}

describe('request scope', () => {
  it("gives every log line written while a request is handled that request's id, across awaits", async () => {
    const { lines, log } = capture();
    const incoming = request({ 'x-request-id': 'caller-chosen-id-0001' });
    await runInRequestScope(incoming, async () => {
      log.info('before');
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.info({ bookingId: 'b1' }, 'a service logs through deps.log');
    });
    log.info('a background job');
    expect(lines.map((line) => line.reqId)).toEqual(['caller-chosen-id-0001', 'caller-chosen-id-0001', undefined]);
    expect(requestIdOfRaw(incoming)).toBe('caller-chosen-id-0001');
    expect(currentRequestId()).toBeUndefined();
  });

  it('makes an id for a request without a sane X-Request-Id, and keeps it for the framework', () => {
    const incoming = request({ 'x-request-id': 'bad id with spaces' });
    const inside = runInRequestScope(incoming, () => currentRequestId());
    expect(inside).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOfRaw(incoming)).toBe(inside);
  });
});
