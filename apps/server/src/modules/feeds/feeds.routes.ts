import type { Readable } from 'node:stream';
import {
  FEED_UPLOAD_MAX_BYTES,
  ZFeedImport,
  ZFeedSourceParams,
  ZFeedStatus,
  ZFeedUploadQuery,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { FeedService } from './feeds.service.ts';
import { readBody, uploadedFile } from './feeds.upload.ts';

const tags = ['feeds'];

/** GET /feeds: every source's latest import and the schedule, for anyone signed in. */
export const feedRoutes: FastifyPluginAsyncZod<{ feeds: FeedService }> = async (app, { feeds }) => {
  app.get(
    '/feeds',
    { config: needs('dashboard', 'read'), schema: { tags, response: { 200: ZFeedStatus } } },
    async (request) => feeds.status(caller(request)),
  );
  await app.register(uploadRoutes, { feeds });
};

/**
 * POST /feeds/:source/upload: the feed file as the raw body or as a multipart file, for
 * air-gapped sites. In its own scope so that any content type reaches the handler unparsed.
 */
const uploadRoutes: FastifyPluginAsyncZod<{ feeds: FeedService }> = async (app, { feeds }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.post(
    '/feeds/:source/upload',
    {
      config: needs('feed', 'create'),
      bodyLimit: FEED_UPLOAD_MAX_BYTES,
      schema: {
        tags,
        params: ZFeedSourceParams,
        querystring: ZFeedUploadQuery,
        consumes: ['application/octet-stream', 'multipart/form-data'],
        response: { 201: ZFeedImport },
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      try {
        await feeds.assertCanUpload(auth);
        const body = await readBody(request.body as Readable | undefined);
        const { source } = request.params;
        const name = request.query.name ?? `${source} upload`;
        const file = uploadedFile(body, request.headers['content-type'], name);
        return reply.status(201).send(await feeds.upload(auth, source, file));
      } catch (error) {
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );
};
