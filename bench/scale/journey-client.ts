/**
 * The booking journey's HTTP client, run in a worker thread as autocannon runs the other paths'
 * load: the server's event loop carries only the server. Each journey posts what the booking page
 * posts (create, schedule, pay from the wallet) with the headers a browser sends, over kept-alive
 * connections, and reads each answer whole (inflated where the server compressed it).
 */
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { timed, tolerant } from '../timed.ts';

export interface JourneyTicket {
  authorization: string;
  providerId: string;
  slotId: string;
  modalityId: string;
  therapyId: string;
}

export interface JourneyClientRun {
  done: number;
  failed: number;
  firstError?: string;
  elapsed: number;
  perSecond: number;
}

interface ClientInput {
  base: string;
  tickets: JourneyTicket[];
  /** The first tickets, walked one at a time before the timed run (connections, prepared statements). */
  warmUp: number;
  concurrency: number;
  durationS: number;
}

/** Runs the journeys in a worker thread and answers its figures. */
export function runJourneyClient(input: ClientInput): Promise<JourneyClientRun> {
  // The worker loads this file through tsx, as the bench's own process does.
  const source = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(source, { eval: true, workerData: input });
  return new Promise((resolve, reject) => {
    worker.once('message', (run: JourneyClientRun) => {
      resolve(run);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the journey client exited with ${code}`)));
  });
}

async function clientMain({ base, tickets, warmUp, concurrency, durationS }: ClientInput): Promise<JourneyClientRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const origin = new URL(base);

  const post = (path: string, authorization: string, body: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = http.request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          method: 'POST',
          path,
          headers: {
            authorization,
            accept: 'application/json',
            'accept-encoding': 'gzip, deflate, br',
            'accept-language': 'en',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            const text = (
              encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
            ).toString('utf8');
            if ((response.statusCode ?? 0) >= 300)
              reject(new Error(`POST ${path}: ${response.statusCode} ${text.slice(0, 300)}`));
            else resolve(JSON.parse(text));
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });

  const journey = async (ticket: JourneyTicket) => {
    const draft = (await post('/api/booking', ticket.authorization, {
      providerIdentifier: ticket.providerId,
      therapyIdentifier: ticket.therapyId,
      modalityIdentifier: ticket.modalityId,
    })) as { identifier: string };
    await post(`/api/booking/${draft.identifier}/schedule`, ticket.authorization, {
      timeslotIdentifier: ticket.slotId,
    });
    const paid = (await post(`/api/payment/booking/${draft.identifier}`, ticket.authorization, {
      method: 'wallet',
    })) as { status: string };
    if (paid.status !== 'confirmed') throw new Error(`payment answered ${paid.status}`);
  };

  const { attempt, warmUp: walk, failures } = tolerant(journey);
  await walk(tickets.slice(0, warmUp));
  let next = Math.min(warmUp, tickets.length);
  const run = await timed({ concurrency, durationS }, () => tickets[next++], attempt);
  agent.destroy();
  return {
    done: run.done,
    failed: failures.count,
    firstError: failures.first,
    elapsed: run.elapsed,
    perSecond: run.perSecond,
  };
}

if (!isMainThread && workerData?.tickets) {
  parentPort?.postMessage(await clientMain(workerData as ClientInput));
}
