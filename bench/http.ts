/**
 * What the HTTP benchmarks share: autocannon (in a worker thread, so the load generator does not
 * share the server's event loop) and the yardstick, a bare node:http hello-world in this process.
 */
import { readFileSync } from 'node:fs';
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
  /** Replace every `[<id>]` in the request (its URL included) with a fresh id per request. */
  idReplacement?: boolean;
}
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  errors: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: LoadOptions,
  done: (error: Error | null, result: LoadResult) => void,
) => unknown;

/**
 * CPU time (user + system, ms) of the process or thread whose /proc stat file this is; undefined
 * off Linux or once it has ended. Clock ticks of 10 ms.
 */
export function procStatCpuMs(statPath: string): number | undefined {
  return procStat(statPath)?.cpuMs;
}

/**
 * CPU time (user + system, ms) and minor page faults (memory the kernel had to map in) of the
 * process or thread whose /proc stat file this is; undefined off Linux or once it has ended.
 */
function procStat(statPath: string): { cpuMs: number; minorFaults: number } | undefined {
  try {
    const stat = readFileSync(statPath, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, minflt 10, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, minorFaults: Number(fields[7]) };
  } catch {
    return undefined;
  }
}

/**
 * CPU time and minor page faults of this process's main thread, where the server under test runs
 * (autocannon has a worker thread of its own); undefined off Linux.
 */
function mainThreadStat() {
  return procStat(`/proc/self/task/${process.pid}/stat`);
}

/** One autocannon run with one worker thread. */
export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ ...options, workers: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A load run with the server's CPU per answer (its main thread's, beside the load generator's thread). */
export async function measureLoad(
  options: LoadOptions,
): Promise<LoadResult & { serverMs?: number; serverFaults?: number }> {
  const before = mainThreadStat();
  const result = await load(options);
  const after = mainThreadStat();
  const answers = Math.max(result.requests.total, 1);
  return before === undefined || after === undefined
    ? result
    : {
        ...result,
        serverMs: (after.cpuMs - before.cpuMs) / answers,
        serverFaults: (after.minorFaults - before.minorFaults) / answers,
      };
}

/** The yardstick: node:http answering a 17-byte JSON body, nothing else. */
export async function helloWorld(port = 0): Promise<{ server: http.Server; url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"hello":"world"}');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function fmt(value: number, digits = 1): string {
  return value.toFixed(digits).padStart(7);
}
