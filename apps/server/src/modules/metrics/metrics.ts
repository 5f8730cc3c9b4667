import client from 'prom-client';

/** Seconds buckets for API requests: most answer in milliseconds, exports and imports take longer. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds buckets for scan chunks: a /24 × 3 ports in seconds, 65535 ports of a host in minutes. */
const CHUNK_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800];

/** A gauge whose values are read when Prometheus scrapes (from the database or the process). */
export type ScrapedGauge = {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** Called once per scrape; each entry sets one labelled value. */
  read: () => Promise<{ labels?: Record<string, string>; value: number }[]>;
};

/**
 * One process's Prometheus registry and the instruments the server and the workers record into.
 * Each app gets its own registry (tests build several apps in one process).
 */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'netguard_process_' });
  const httpDuration = new client.Histogram({
    name: 'netguard_http_request_duration_seconds',
    help: 'API request durations by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const chunkDuration = new client.Histogram({
    name: 'netguard_scan_chunk_duration_seconds',
    help: 'Scan chunk run times in this process, by outcome (done, failed, stopped).',
    labelNames: ['outcome'] as const,
    buckets: CHUNK_BUCKETS,
    registers: [registry],
  });
  const captureUploads = new client.Counter({
    name: 'netguard_capture_uploads_total',
    help: 'Capture file uploads received by this process, by outcome (stored, refused, failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const captureUploadBytes = new client.Counter({
    name: 'netguard_capture_upload_bytes_total',
    help: 'Bytes of the capture files stored through this process.',
    registers: [registry],
  });

  return {
    registry,
    httpDuration,
    chunkDuration,
    captureUploads,
    captureUploadBytes,
    /** Adds a gauge read at every scrape; a failing read leaves it without values. */
    addScrapedGauge(spec: ScrapedGauge) {
      new client.Gauge({
        name: spec.name,
        help: spec.help,
        labelNames: spec.labelNames ?? [],
        registers: [registry],
        async collect() {
          this.reset();
          // The database may be down: the scrape still answers, without this gauge's values.
          const values = await spec.read().catch(() => []);
          for (const { labels, value } of values) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
    /** The text exposition of every metric. */
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
