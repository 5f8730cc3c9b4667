import type { Readable } from 'node:stream';
import { PACKET_LIMITS, ZCaptureFile, ZCaptureUploadQuery } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { PacketService } from './packets.service.ts';

/**
 * POST /packets/captures?name=: the raw capture file as the body. In its own scope so that any
 * content type hands the handler the request stream unread instead of parsing it: the file
 * streams to disk, up to 200 MB, and is never held in memory.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{
  packets: PacketService;
  metrics: Pick<Metrics, 'captureUploads' | 'captureUploadBytes'>;
}> = async (app, { packets, metrics }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post(
    '/packets/captures',
    {
      config: needs('packet', 'create'),
      bodyLimit: PACKET_LIMITS.maxUploadBytes,
      schema: {
        tags: ['packets'],
        querystring: ZCaptureUploadQuery,
        consumes: ['application/octet-stream'],
        response: { 201: ZCaptureFile },
      },
    },
    async (request, reply) => {
      const stream = request.body as Readable | undefined;
      const length = request.headers['content-length'];
      try {
        const capture = await packets.upload(
          caller(request),
          {
            name: request.query.name,
            // Not destroyed when reading stops early: the error reply must still reach the client.
            body: stream?.iterator({ destroyOnReturn: false }),
            declaredBytes: length === undefined ? null : Number(length),
          },
          requestMeta(request),
        );
        metrics.captureUploads.inc({ outcome: 'stored' });
        metrics.captureUploadBytes.inc(capture.size_bytes);
        return reply.status(201).send(capture);
      } catch (error) {
        const refused = error instanceof AppError && error.status < 500;
        metrics.captureUploads.inc({ outcome: refused ? 'refused' : 'failed' });
        // The rest of a refused upload is not worth receiving: close once the reply is out.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );
};
