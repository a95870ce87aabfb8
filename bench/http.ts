/**
 * What the HTTP benchmarks share: autocannon (in a worker thread, so the load generator does not
 * share the server's event loop) and the yardstick, a bare node:http hello-world in this process.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** The part of autocannon's API used here (the package ships no types). */
export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  workers?: number;
}
export interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  errors: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: LoadOptions,
  done: (error: Error | null, result: LoadResult) => void,
) => unknown;

/** One autocannon run with one worker thread. */
export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ ...options, workers: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The yardstick: node:http answering a 17-byte JSON body, nothing else. */
export async function helloWorld(): Promise<{ server: http.Server; url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"hello":"world"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function fmt(value: number, digits = 1): string {
  return value.toFixed(digits).padStart(7);
}
