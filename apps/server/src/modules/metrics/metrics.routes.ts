import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../../lib/crypto.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_TEXT = {
  off: 'Metrics are off: set METRICS_TOKEN on the server to serve them at /metrics.',
  unauthorized: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.',
} as const;

/**
 * GET /metrics in Prometheus' text format, outside the public API: answered only with the bearer
 * token of METRICS_TOKEN (404 when none is set), and left out of the OpenAPI document.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token?: string) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ message: METRICS_TEXT.off });
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!safeEqual(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: METRICS_TEXT.unauthorized });
    }
    return reply.header('content-type', metrics.contentType).send(await metrics.scrape());
  });
}

/** Records every request's duration by its route pattern (never the raw URL: ids would explode). */
export function recordRequestDurations(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
