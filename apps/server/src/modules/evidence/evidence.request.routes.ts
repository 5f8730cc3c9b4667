// Evidence requests: auditors (and admins) ask for evidence for a requirement; admins close the
// requests, fulfilled by an item or a run, or declined with a reason.
import {
  EVIDENCE_TEXT,
  ZEvidenceRequest,
  ZEvidenceRequestClose,
  ZEvidenceRequestCreate,
  ZEvidenceRequestIdParams,
  ZEvidenceRequestList,
  ZEvidenceRequestListQuery,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import { recordAuditorView } from './evidence.auditor-views.ts';
import type { EvidenceRouteDeps } from './evidence.routes.ts';

const tags = ['compliance'];

export const evidenceRequestRoutes: FastifyPluginAsyncZod<EvidenceRouteDeps> = async (
  app,
  { requests, grants, db },
) => {
  app.get(
    '/compliance/requests',
    {
      config: needs('evidence', 'read', EVIDENCE_TEXT.denied),
      schema: {
        tags,
        querystring: ZEvidenceRequestListQuery,
        response: { 200: ZEvidenceRequestList },
      },
    },
    async (request) => {
      const scope = await grants.scopeOf(caller(request));
      const out = await requests.list(caller(request), request.query.status, scope);
      await recordAuditorView(db, request, scope, { view: 'requests', count: out.requests.length });
      return out;
    },
  );

  // evidence update: admins and auditors (the reviewers); a grant holder within the grant.
  app.post(
    '/compliance/requests',
    {
      config: needs('evidence', 'update', EVIDENCE_TEXT.denied),
      schema: { tags, body: ZEvidenceRequestCreate, response: { 201: ZEvidenceRequest } },
    },
    async (request, reply) => {
      const scope = await grants.scopeOf(caller(request));
      const made = await requests.create(
        caller(request),
        request.body,
        scope,
        requestMeta(request),
      );
      return reply.status(201).send(made);
    },
  );

  app.post(
    '/compliance/requests/:id/close',
    {
      config: needs('evidence', 'create', EVIDENCE_TEXT.adminsOnly),
      schema: {
        tags,
        params: ZEvidenceRequestIdParams,
        body: ZEvidenceRequestClose,
        response: { 200: ZEvidenceRequest },
      },
    },
    async (request) =>
      requests.close(caller(request), request.params.id, request.body, requestMeta(request)),
  );
};
