// POST /compliance/evidence/upload (admins): the file as the raw body or multipart, in its own
// scope so that any content type reaches the handler unparsed.
import type { Readable } from 'node:stream';
import { EVIDENCE_TEXT, ZEvidenceItemView, ZEvidenceUploadQuery } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import { uploadedFile } from '../feeds/feeds.upload.ts';
import type { EvidenceRouteDeps } from './evidence.routes.ts';
import { readUploadBody, UPLOAD_BODY_LIMIT } from './evidence.uploads.ts';

const tags = ['compliance'];

/** POST /compliance/evidence/upload: the file as the raw body or multipart, in its own scope. */
export const evidenceUploadRoute: FastifyPluginAsyncZod<EvidenceRouteDeps> = async (
  app,
  { uploads, evidence },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.post(
    '/compliance/evidence/upload',
    {
      config: needs('evidence', 'create', EVIDENCE_TEXT.adminsOnly),
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        querystring: ZEvidenceUploadQuery,
        consumes: ['application/octet-stream', 'multipart/form-data'],
        response: { 201: ZEvidenceItemView },
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      try {
        const body = await readUploadBody(request.body as Readable | undefined);
        const file = uploadedFile(body, request.headers['content-type'], request.query.name);
        const id = await uploads.upload(auth, request.query, file);
        return reply.status(201).send(await evidence.get(auth, id));
      } catch (error) {
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );
};
