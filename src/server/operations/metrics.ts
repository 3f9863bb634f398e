import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RecordedEvent } from '../socket/realtime';

/** Process-wide metrics (CPU, memory, event-loop lag, GC), registered once whatever the number of apps. */
let processRegistry: Registry | null = null;
const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

/** A job's schedule and the start of its newest finished window (null: none finished yet). */
export interface JobProgress {
  job: string;
  intervalSeconds: number;
  lastFinishedWindow: Date | null;
}

export interface MetricSources {
  /** Open sockets on this node. */
  socketCount: () => number;
  /** Every scheduled job with its newest finished window, read when metrics are scraped. */
  jobProgress: () => Promise<JobProgress[]>;
}

export interface Metrics {
  /** One finished HTTP request; `route` is the route pattern (`/ops/games`), never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Counts the ledger transactions whose `balance:updated` events a committed transaction emitted. */
  countCommittedLedger(events: readonly RecordedEvent[]): void;
  /** Wires the gauges that are read at scrape time (the gateway and the scheduler start after the metrics). */
  attach(sources: MetricSources): void;
  /** The Prometheus text exposition of this app's and the process's metrics. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** Requests up to 10 s; the default buckets stop at 10 s too, with finer steps where API calls land. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const createMetrics = (): Metrics => {
  const registry = new Registry();
  let sources: MetricSources | null = null;

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'socket_connections',
    help: 'Open socket.io connections on this node',
    registers: [registry],
    collect() {
      this.set(sources?.socketCount() ?? 0);
    },
  });
  const startedAt = Date.now();
  new Gauge({
    name: 'job_lag_seconds',
    help: 'How far each background job is behind its schedule (0 when its last due window has finished), across all nodes',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const now = Date.now();
      for (const { job, intervalSeconds, lastFinishedWindow } of (await sources?.jobProgress()) ?? []) {
        // The window after the last finished one must have run by that window's end; before any run, count from start-up.
        const dueBy = (lastFinishedWindow?.getTime() ?? startedAt) + 2 * intervalSeconds * 1000;
        this.set({ job }, Math.max(0, (now - dueBy) / 1000));
      }
    },
  });
  const ledgerTransactions = new Counter({
    name: 'ledger_transactions_total',
    help: 'Committed ledger transactions that moved a member balance, by entry type (counted on the node that posted them)',
    labelNames: ['entry_type'] as const,
    registers: [registry],
  });

  return {
    observeRequest: (method, route, statusCode, seconds) =>
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds),
    countCommittedLedger: (events) => {
      // One transaction announces itself once per member it touched: count its id once.
      const seen = new Map<number, string>();
      for (const event of events) {
        if (event.name !== 'balance:updated') continue;
        const { transactionId, entryType } = event.payload as { transactionId: number; entryType: string };
        seen.set(transactionId, entryType);
      }
      for (const entryType of seen.values()) ledgerTransactions.inc({ entry_type: entryType });
    },
    attach: (s) => {
      sources = s;
    },
    render: async () => {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
};
