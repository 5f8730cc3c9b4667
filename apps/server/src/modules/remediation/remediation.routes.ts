import rateLimit from '@fastify/rate-limit';
import {
  REMEDIATION_TEXT,
  type TPlanValidation,
  ZApproveExecution,
  ZBatch,
  ZBatchList,
  ZConfirmHostKey,
  ZExecuteRemediation,
  ZExecution,
  ZExecutionIdParams,
  ZExecutionList,
  ZHostTestResult,
  ZPlanValidation,
  ZRemediationActionList,
  ZRemediationActionsQuery,
  ZRemediationEvidenceQuery,
  ZRemediationHistoryQuery,
  ZRemediationHost,
  ZRemediationHostCreate,
  ZRemediationHostList,
  ZRemediationIdParams,
  ZRemediationOverview,
  ZRemediationPolicy,
  ZRemediationWorkflow,
  ZRemediationWorkflowCreate,
  ZRemediationWorkflowList,
  ZRemediationWorkflowPatch,
  ZRollbackResult,
  ZScheduleBatch,
  ZValidatePlan,
} from '@netguard/contracts';
import { REMEDIATION_ACTIONS } from '@netguard/remediation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { connectionTestRateLimit } from '../../lib/connection-tests.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { textDownload } from '../../lib/text-download.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { createBatchService } from './remediation.batches.ts';
import { EVIDENCE_CONTENT_TYPES, evidenceChunks } from './remediation.export.ts';
import type { HostService, HostTest } from './remediation.hosts.ts';
import type { RemediationService } from './remediation.service.ts';
import type { PlanValidator } from './remediation.validate.ts';
import { toActionView } from './remediation.view.ts';
import type { createWorkflowService } from './remediation.workflows.ts';

const tags = ['remediation'];
const denied = REMEDIATION_TEXT.denied;
const adminsOnly = REMEDIATION_TEXT.adminsOnly;

export type RemediationRouteDeps = {
  remediation: RemediationService;
  hosts: HostService;
  workflows: ReturnType<typeof createWorkflowService>;
  batches: ReturnType<typeof createBatchService>;
  validator: PlanValidator;
  db: Executor;
};

export const remediationRoutes: FastifyPluginAsyncZod<RemediationRouteDeps> = async (
  app,
  { remediation, hosts, workflows, batches, validator, db },
) => {
  // Test Connection's budget per organization (connectionTestRateLimit); no other route's.
  await app.register(rateLimit, { global: false });
  app.get(
    '/remediation/actions',
    {
      config: needs('remediation', 'read', denied),
      schema: {
        tags,
        querystring: ZRemediationActionsQuery,
        response: { 200: ZRemediationActionList },
      },
    },
    async (request) => {
      const q = request.query;
      const checkId = q.vulnerabilityId
        ? ((await validator.vulnerability(caller(request), q.vulnerabilityId)).checkId ?? '')
        : null;
      const actions = REMEDIATION_ACTIONS.filter(
        (a) =>
          (checkId === null || a.fixes.includes(checkId)) &&
          (a.automationLevel === 'manual_guided' ? q.includeManual : q.includeAutomated),
      );
      return { actions: actions.map(toActionView) };
    },
  );

  app.get(
    '/remediation/overview',
    {
      config: needs('remediation', 'read', denied),
      schema: { tags, response: { 200: ZRemediationOverview } },
    },
    async (request) => remediation.overview(caller(request)),
  );

  app.get(
    '/remediation/executions',
    {
      config: needs('remediation', 'read', denied),
      schema: { tags, querystring: ZRemediationHistoryQuery, response: { 200: ZExecutionList } },
    },
    async (request) => remediation.history(caller(request), request.query),
  );

  app.get(
    '/remediation/executions/:id',
    {
      config: needs('remediation', 'read', denied),
      schema: { tags, params: ZExecutionIdParams, response: { 200: ZExecution } },
    },
    async (request) => {
      const auth = caller(request);
      return remediation.view(auth, await remediation.found(auth, request.params.id));
    },
  );

  app.post(
    '/remediation/executions',
    {
      config: needs('remediation', 'create', denied),
      schema: { tags, body: ZExecuteRemediation, response: { 202: ZExecution } },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await remediation.execute(caller(request), request.body, requestMeta(request))),
  );

  app.post(
    '/remediation/executions/:id/approve',
    {
      config: needs('remediation', 'execute', denied),
      schema: {
        tags,
        params: ZExecutionIdParams,
        body: ZApproveExecution,
        response: { 200: ZExecution },
      },
    },
    async (request) =>
      remediation.approve(
        caller(request),
        request.params.id,
        request.body.acknowledgement,
        requestMeta(request),
      ),
  );

  app.post(
    '/remediation/executions/:id/cancel',
    {
      config: needs('remediation', 'execute', denied),
      schema: { tags, params: ZExecutionIdParams, response: { 200: ZExecution } },
    },
    async (request) => remediation.cancel(caller(request), request.params.id, requestMeta(request)),
  );

  app.post(
    '/remediation/executions/:id/rollback',
    {
      config: needs('remediation', 'execute', denied),
      schema: { tags, params: ZExecutionIdParams, response: { 200: ZRollbackResult } },
    },
    async (request) =>
      remediation.rollback(caller(request), request.params.id, requestMeta(request)),
  );

  const validated = new WeakMap<FastifyRequest, TPlanValidation>();
  app.post(
    '/remediation/validate',
    {
      config: needs('remediation', 'create', denied),
      schema: { tags, body: ZValidatePlan, response: { 200: ZPlanValidation } },
      // A simulated dry run reads the host before the handler's database transaction begins.
      preHandler: async (request) => {
        validated.set(
          request,
          await validator.validate(caller(request), ZValidatePlan.parse(request.body)),
        );
      },
    },
    async (request) => {
      const result = validated.get(request);
      if (!result) throw new Error('the plan was not validated');
      return result;
    },
  );

  app.get(
    '/remediation/evidence/export',
    {
      config: needs('remediation', 'export'),
      schema: { tags, querystring: ZRemediationEvidenceQuery },
    },
    async (request, reply) => {
      const { format } = request.query;
      const body = await textDownload(evidenceChunks(db, caller(request).organizationId, format));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', EVIDENCE_CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="remediation-evidence-${day}.${format}"`,
        )
        .send(body);
    },
  );

  app.get(
    '/remediation/policy',
    {
      config: needs('remediation', 'read', denied),
      schema: { tags, response: { 200: ZRemediationPolicy } },
    },
    async (request) => remediation.readPolicy(caller(request)),
  );

  app.put(
    '/remediation/policy',
    {
      config: needs('remediation', 'update', adminsOnly),
      schema: { tags, body: ZRemediationPolicy, response: { 200: ZRemediationPolicy } },
    },
    async (request) => remediation.writePolicy(caller(request), request.body),
  );

  app.get(
    '/remediation/hosts',
    {
      config: needs('remediation', 'read', denied),
      schema: { tags, response: { 200: ZRemediationHostList } },
    },
    async (request) => ({ hosts: await hosts.list(caller(request)) }),
  );

  app.post(
    '/remediation/hosts',
    {
      config: needs('remediation', 'update', adminsOnly),
      schema: { tags, body: ZRemediationHostCreate, response: { 201: ZRemediationHost } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await hosts.create(caller(request), request.body, requestMeta(request))),
  );

  app.delete(
    '/remediation/hosts/:id',
    {
      config: needs('remediation', 'update', adminsOnly),
      schema: { tags, params: ZRemediationIdParams },
    },
    async (request, reply) => {
      await hosts.remove(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/remediation/hosts/:id/confirm-key',
    {
      config: needs('remediation', 'update', adminsOnly),
      schema: {
        tags,
        params: ZRemediationIdParams,
        body: ZConfirmHostKey,
        response: { 200: ZRemediationHost },
      },
    },
    async (request) =>
      hosts.confirmKey(caller(request), request.params.id, request.body, requestMeta(request)),
  );

  const tested = new WeakMap<FastifyRequest, HostTest>();
  app.post(
    '/remediation/hosts/:id/test',
    {
      config: {
        ...needs('remediation', 'update', adminsOnly),
        rateLimit: connectionTestRateLimit(),
      },
      schema: { tags, params: ZRemediationIdParams, response: { 200: ZHostTestResult } },
      // The host's answer is awaited before the handler's database transaction begins.
      preHandler: async (request) => {
        const { id } = request.params as { id: string };
        tested.set(
          request,
          await hosts.test(caller(request), await hosts.found(caller(request), id)),
        );
      },
    },
    async (request) => {
      const test = tested.get(request);
      if (!test) throw new Error('the connection was not tested');
      await hosts.recordTest(caller(request), request.params.id, test, requestMeta(request));
      const { failure: _, ...result } = test;
      return result;
    },
  );

  app.get(
    '/remediation/workflows',
    {
      config: needs('remediation', 'read', denied),
      schema: { tags, response: { 200: ZRemediationWorkflowList } },
    },
    async (request) => workflows.list(caller(request)),
  );

  app.post(
    '/remediation/workflows',
    {
      config: needs('remediation', 'update', adminsOnly),
      schema: { tags, body: ZRemediationWorkflowCreate, response: { 201: ZRemediationWorkflow } },
    },
    async (request, reply) =>
      reply.status(201).send(await workflows.create(caller(request), request.body.template)),
  );

  app.patch(
    '/remediation/workflows/:id',
    {
      config: needs('remediation', 'update', adminsOnly),
      schema: {
        tags,
        params: ZRemediationIdParams,
        body: ZRemediationWorkflowPatch,
        response: { 200: ZRemediationWorkflow },
      },
    },
    async (request) => workflows.update(caller(request), request.params.id, request.body),
  );

  app.delete(
    '/remediation/workflows/:id',
    {
      config: needs('remediation', 'update', adminsOnly),
      schema: { tags, params: ZRemediationIdParams },
    },
    async (request, reply) => {
      await workflows.remove(caller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/remediation/batches',
    {
      config: needs('remediation', 'read', denied),
      schema: { tags, response: { 200: ZBatchList } },
    },
    async (request) => batches.list(caller(request)),
  );

  app.post(
    '/remediation/batches',
    {
      config: needs('remediation', 'execute', denied),
      schema: { tags, body: ZScheduleBatch, response: { 201: ZBatch } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await batches.schedule(caller(request), request.body, requestMeta(request))),
  );
};
