import { createHash, timingSafeEqual } from 'node:crypto';
import type { Attributes, Counter, Histogram, Meter } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { OutcomeEvent } from './events.ts';
import { correlateLogsWithTraces, redactQuery } from './logger.ts';

/**
 * OpenTelemetry for the process: traces and metrics over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set, Prometheus text at GET /api/metrics (METRICS_TOKEN) or on a private port (METRICS_PORT).
 * With none of these, nothing of OpenTelemetry is loaded and every call here is a no-op: the
 * request path, the probe and the pages cost what they cost without it.
 *
 * Started once, first thing in main.ts, before the modules it instruments are imported (HTTP and
 * pg are patched as they load, through the ESM loader hook registered here); the Fastify spans,
 * the request histogram and the metrics route come with `register(app)` in buildApp; domain
 * outcomes arrive as the `outcome` domain event (wired in app.ts); jobs, outboxes, sockets and
 * the pool are read when metrics are collected (`observe`).
 */

export type TelemetrySettings = Pick<
  Config,
  'OTEL_EXPORTER_OTLP_ENDPOINT' | 'METRICS_TOKEN' | 'METRICS_PORT' | 'METRICS_HOST'
>;

/** What waits for a job: how many items, and since when the oldest has been due. */
export interface JobBacklog {
  depth: number;
  oldestDueAt: Date | null;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

/** What the gauges read of a background job (platform/jobs.ts's Job is one, and more). */
export interface ObservedJob {
  name: string;
  /** The outbox this job delivers, when it delivers one (its backlog is that outbox's). */
  outbox?: 'emails' | 'booking-events';
}

/** What the process's gauges read when metrics are collected. */
export interface ObservedSources<J extends ObservedJob = ObservedJob> {
  now: () => Date;
  /** The jobs whose backlog is reported (those with `backlog`), each read with `read`. */
  jobs: readonly J[];
  readBacklog: (job: J) => Promise<JobBacklog>;
  sockets: () => number;
  pool: () => PoolStats | undefined;
}

export interface Telemetry {
  readonly enabled: boolean;
  /** Request spans (with the request id, no query strings), the request histogram, /api/metrics. */
  register(app: FastifyInstance): Promise<void>;
  /** Counts a domain outcome (the `outcome` domain event). */
  recordOutcome(event: OutcomeEvent): void;
  /** A job's run: its duration and whether it failed. */
  recordJobRun(job: string, seconds: number, failed: boolean): void;
  /** The gauges: job backlogs and lag, outboxes, open sockets, the database pool. */
  observe<J extends ObservedJob>(sources: ObservedSources<J>): void;
  /** The metrics in Prometheus' text format, for GET /api/metrics; undefined without a token. */
  prometheusText?(): Promise<string>;
  shutdown(): Promise<void>;
}

export const NO_TELEMETRY: Telemetry = {
  enabled: false,
  register: async () => {},
  recordOutcome: () => {},
  recordJobRun: () => {},
  observe: () => {},
  shutdown: async () => {},
};

/** Paths nobody needs a span of: probes come every few seconds, scrapes every 15-60 s. */
const UNTRACED_PATHS = new Set(['/api/health', '/api/health/ready', '/api/metrics']);

/** Span attributes that carry a URL: kept without the query's values (searches carry names, links tokens). */
const URL_ATTRIBUTES = ['url.full', 'url.path', 'http.url', 'http.target'];
/** Span attributes about the person at the other end: an address and a browser are personal data. */
const PERSONAL_ATTRIBUTES = [
  'client.address',
  'network.peer.address',
  'net.peer.ip',
  'http.client_ip',
  'user_agent.original',
  'http.user_agent',
];

/**
 * What a span keeps of a request: URLs with their query's parameter names only, and nothing about
 * the person at the other end (address, browser). Run on every span before it is exported.
 */
export function scrubSpanAttributes(attributes: Record<string, unknown>): void {
  for (const key of URL_ATTRIBUTES) {
    if (typeof attributes[key] === 'string') attributes[key] = redactQuery(attributes[key]);
  }
  // The query alone (no '?'): only its parameter names stay.
  if (typeof attributes['url.query'] === 'string') {
    attributes['url.query'] = redactQuery(`?${attributes['url.query']}`).slice(1);
  }
  for (const key of PERSONAL_ATTRIBUTES) delete attributes[key];
}

/**
 * The outcomes' counters by kind; names become `therapyhub_<name>_total` in Prometheus.
 */
function outcomeAttributes(event: OutcomeEvent): { name: string; attributes: Attributes; count: number } {
  switch (event.kind) {
    case 'booking':
      return { name: 'booking.outcomes', attributes: { outcome: event.outcome }, count: event.count ?? 1 };
    case 'payment':
      return { name: 'payment.outcomes', attributes: { gateway: event.gateway, outcome: event.outcome }, count: 1 };
    case 'webhook':
      return { name: 'webhook.outcomes', attributes: { gateway: event.gateway, outcome: event.outcome }, count: 1 };
    case 'loginFailure':
      return { name: 'login.failures', attributes: { reason: event.reason }, count: 1 };
    case 'rateLimitRefusal':
      return { name: 'rate_limit.refusals', attributes: { limit: event.limit }, count: 1 };
  }
}

const OUTCOME_DESCRIPTIONS: Record<string, string> = {
  'booking.outcomes': 'Booking journeys by how they ended (held, confirmed, cancelled, rejected, expired, completed)',
  'payment.outcomes': 'Card payments started, succeeded and failed, per gateway',
  'webhook.outcomes': 'Gateway webhooks applied, duplicate, ignored or refused (bad signature), per gateway',
  'login.failures': 'Refused sign-ins by reason',
  'rate_limit.refusals': 'Requests refused with 429, per limit',
};

function tokenMatches(expected: string, header: string | undefined): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}

export interface StartTelemetryOptions {
  /** Spans go here instead of OTLP (tests: an in-memory exporter). */
  spanExporter?: SpanExporter;
  /**
   * Register the ESM loader hook so that HTTP and pg are patched when the application imports
   * them (main.ts, before it imports the server). Tests instrument Fastify only.
   */
  esmHooks?: boolean;
}

/**
 * Starts OpenTelemetry when the settings ask for it (or a test gives an exporter); otherwise
 * answers NO_TELEMETRY without loading any of it.
 */
export async function startTelemetry(
  settings: TelemetrySettings,
  options: StartTelemetryOptions = {},
): Promise<Telemetry> {
  const otlp = Boolean(settings.OTEL_EXPORTER_OTLP_ENDPOINT);
  const prometheus = Boolean(settings.METRICS_TOKEN || settings.METRICS_PORT);
  if (!otlp && !prometheus && !options.spanExporter) return NO_TELEMETRY;

  let hooksAcknowledged: (() => Promise<void>) | undefined;
  if (options.esmHooks) {
    // Only the modules an instrumentation asks for are wrapped (not every import of the app).
    const { register } = await import('node:module');
    const { createAddHookMessageChannel } = await import('import-in-the-middle');
    const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
    register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
    hooksAcknowledged = waitForAllMessagesAcknowledged;
  }

  const api = await import('@opentelemetry/api');
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const { BatchSpanProcessor, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const { AggregationType, PeriodicExportingMetricReader } = await import('@opentelemetry/sdk-metrics');
  type Reader = InstanceType<typeof PeriodicExportingMetricReader>;

  const metricReaders: Reader[] = [];
  let prometheusExporter: import('@opentelemetry/exporter-prometheus').PrometheusExporter | undefined;
  let serializer: import('@opentelemetry/exporter-prometheus').PrometheusSerializer | undefined;
  if (prometheus) {
    const { PrometheusExporter, PrometheusSerializer } = await import('@opentelemetry/exporter-prometheus');
    prometheusExporter = new PrometheusExporter({
      preventServerStart: !settings.METRICS_PORT,
      ...(settings.METRICS_PORT ? { port: settings.METRICS_PORT, host: settings.METRICS_HOST } : {}),
    });
    serializer = new PrometheusSerializer();
    metricReaders.push(prometheusExporter as unknown as Reader);
  }
  const spanProcessors = [];
  // Scrubbing comes first: later processors (the exporting one) see the attributes it left.
  spanProcessors.push({
    onStart: () => {},
    onEnd: (span: { attributes: Attributes }) => scrubSpanAttributes(span.attributes as Record<string, unknown>),
    forceFlush: async () => {},
    shutdown: async () => {},
  });
  if (options.spanExporter) spanProcessors.push(new SimpleSpanProcessor(options.spanExporter));
  if (otlp) {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
    const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-proto');
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter()));
    metricReaders.push(
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        exportIntervalMillis: Number(process.env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000,
      }),
    );
  }

  const fastifyInstrumentation = new FastifyOtelInstrumentation({
    ignorePaths: ({ url }) => UNTRACED_PATHS.has(url),
    requestHook: (span, request) => {
      span.setAttribute('http.request.id', request.id);
      span.setAttribute('url.path', redactQuery(request.url));
    },
  });
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'therapyhub',
    spanProcessors: spanProcessors as never,
    metricReaders,
    // The request histogram is ours (with the route, also under app.inject); the HTTP
    // instrumentation's own would count every request a second time under the same name.
    views: [
      {
        instrumentName: 'http.server.request.duration',
        meterName: '@opentelemetry/instrumentation-http',
        aggregation: { type: AggregationType.DROP },
      },
    ],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
        // Fastify's spans carry the route and the request id; the server span keeps the id too.
        requestHook: (span, request) => {
          const id = 'headers' in request ? request.headers['x-request-id'] : undefined;
          if (typeof id === 'string') span.setAttribute('http.request.id', id);
        },
      }),
      // Statements only, never their parameters (names, emails, notes reach the database as parameters).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      fastifyInstrumentation,
    ],
  });
  sdk.start();
  await hooksAcknowledged?.();

  const meter: Meter = api.metrics.getMeter('therapyhub');
  const counters = new Map<string, Counter>();
  const counter = (name: string) => {
    let existing = counters.get(name);
    if (!existing) {
      existing = meter.createCounter(`therapyhub.${name}`, { description: OUTCOME_DESCRIPTIONS[name] });
      counters.set(name, existing);
    }
    return existing;
  };
  const requestDuration: Histogram = meter.createHistogram('http.server.request.duration', {
    unit: 's',
    description: 'Duration of HTTP requests handled by the application, by method, route and status',
    advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] },
  });
  const jobDuration = meter.createHistogram('therapyhub.job.duration', {
    unit: 's',
    description: 'Duration of background job runs',
  });
  const jobRuns = counter('job.runs');

  if (otlp)
    correlateLogsWithTraces(() => {
      const spanContext = api.trace.getActiveSpan()?.spanContext();
      return spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : undefined;
    });

  const telemetry: Telemetry = {
    enabled: true,
    async register(app) {
      await app.register(fastifyInstrumentation.plugin());
      app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
        const route = request.routeOptions.url;
        if (!route || UNTRACED_PATHS.has(route)) return done();
        requestDuration.record(reply.elapsedTime / 1000, {
          'http.request.method': request.method,
          'http.route': route,
          'http.response.status_code': reply.statusCode,
        });
        done();
      });
    },
    recordOutcome(event) {
      const { name, attributes, count } = outcomeAttributes(event);
      counter(name).add(count, attributes);
    },
    recordJobRun(job, seconds, failed) {
      jobDuration.record(seconds, { job });
      jobRuns.add(1, { job, result: failed ? 'failed' : 'ok' });
    },
    observe(sources) {
      const depth = meter.createObservableGauge('therapyhub.job.queue.depth', {
        description: 'Items waiting for a background job (reminders, emails, exports, the directory feed)',
      });
      const lag = meter.createObservableGauge('therapyhub.job.lag', {
        unit: 's',
        description: 'How long the oldest waiting item of a job has been due',
      });
      const outbox = meter.createObservableGauge('therapyhub.outbox.backlog', {
        description: 'Rows of an outbox not yet delivered',
      });
      const sockets = meter.createObservableGauge('therapyhub.sockets.open', {
        description: 'Open live sockets (/api/ws) on this process',
      });
      const pool = meter.createObservableGauge('therapyhub.db.pool.connections', {
        description: 'Database pool connections by state; waiting = queries waiting for a connection',
      });
      meter.addBatchObservableCallback(
        async (result) => {
          const now = sources.now().getTime();
          await Promise.all(
            sources.jobs.map(async (job) => {
              const backlog = await sources.readBacklog(job).catch(() => undefined);
              if (!backlog) return;
              result.observe(depth, backlog.depth, { job: job.name });
              const seconds = backlog.oldestDueAt ? Math.max(0, (now - backlog.oldestDueAt.getTime()) / 1000) : 0;
              result.observe(lag, seconds, { job: job.name });
              if (job.outbox) result.observe(outbox, backlog.depth, { outbox: job.outbox });
            }),
          );
          result.observe(sockets, sources.sockets());
          const stats = sources.pool();
          if (stats) {
            result.observe(pool, stats.idle, { state: 'idle' });
            result.observe(pool, stats.total - stats.idle, { state: 'used' });
            result.observe(pool, stats.waiting, { state: 'waiting' });
          }
        },
        [depth, lag, outbox, sockets, pool],
      );
    },
    async shutdown() {
      correlateLogsWithTraces(undefined);
      await sdk.shutdown();
      // A later start in the same process (tests) registers its own providers again.
      api.trace.disable();
      api.metrics.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
  if (prometheusExporter && serializer && settings.METRICS_TOKEN) {
    const exporter = prometheusExporter;
    const text = serializer;
    telemetry.prometheusText = async () => text.serialize((await exporter.collect()).resourceMetrics);
  }
  return telemetry;
}

/** Whether a request may read /api/metrics: it names the configured token (compared in constant time). */
export function metricsTokenAccepted(token: string | undefined, authorization: string | undefined): boolean {
  return Boolean(token) && tokenMatches(token as string, authorization);
}
