import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@netguard/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../lib/logger.ts';
import { requestIdOf, withTrace } from '../lib/request-id.ts';

/**
 * Fastify's options for request ids: the caller's X-Request-Id when it is a short safe token,
 * else a random one (never the raw header: it would land in every log line of the request).
 * Fastify logs it as `reqId`.
 */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId: (req: IncomingMessage) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
};

/**
 * Answers every request with its id in X-Request-Id, and runs its handler as work for that id:
 * jobs it enqueues and realtime messages it publishes carry the id (see lib/request-id.ts).
 * Register before any route.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // From here the rest of the hooks and the handler run in the request's trace. (Not from
  // onRequest: a body is read in another async context.)
  app.addHook('preHandler', (request, _reply, done) => {
    // The request's logger is a pino child of the app's (buildApp's loggerInstance).
    withTrace({ requestId: request.id, log: request.log as Logger }, done);
  });
}
