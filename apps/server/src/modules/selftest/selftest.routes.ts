import {
  type TSelftestRunKind,
  ZExecuteTestBody,
  ZGenerateTestReportBody,
  ZSelftestExecution,
  ZSelftestExecutionParams,
  ZSelftestHistory,
  ZSelftestHistoryQuery,
  ZSelftestSuites,
  ZStoreTestResultsBody,
  ZSystemHealth,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { HealthService } from './health.service.ts';
import type { SelftestService } from './selftest.service.ts';

const tags = ['selftest'];

/** Spec §7's execute operations and what each runs; execute-functional-test is the quick test. */
const EXECUTE: { path: string; kind: TSelftestRunKind }[] = [
  { path: 'execute-security-test', kind: 'security' },
  { path: 'execute-integration-test', kind: 'integration' },
  { path: 'execute-performance-test', kind: 'performance' },
  { path: 'execute-functional-test', kind: 'quick' },
  { path: 'execute-comprehensive-test', kind: 'comprehensive' },
];

export const selftestRoutes: FastifyPluginAsyncZod<{
  selftest: SelftestService;
  health: HealthService;
}> = async (app, { selftest, health }) => {
  app.get(
    '/selftest/suites',
    { config: needs('selftest', 'read'), schema: { tags, response: { 200: ZSelftestSuites } } },
    async () => selftest.suites(),
  );

  app.get(
    '/selftest/health',
    {
      // Readers of results read the health figures. The probes open their own connections: the
      // organization's row counts in its own row-level-security transaction, the realtime probe's
      // canary organization outside it.
      config: { ...needs('selftest', 'read'), acrossOrganizations: true },
      schema: { tags, response: { 200: ZSystemHealth } },
    },
    async (request) => health.read(caller(request)),
  );

  for (const { path, kind } of EXECUTE)
    app.post(
      `/selftest/${path}`,
      {
        // Admins run suites; security analysts also run the quick test.
        config: kind === 'quick' ? needs('quick_test', 'execute') : needs('selftest', 'execute'),
        schema: { tags, body: ZExecuteTestBody, response: { 202: ZSelftestExecution } },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await selftest.execute(caller(request), kind, request.body ?? {}, requestMeta(request)),
          ),
    );

  app.get(
    '/selftest/executions',
    {
      config: needs('selftest', 'read'),
      schema: { tags, querystring: ZSelftestHistoryQuery, response: { 200: ZSelftestHistory } },
    },
    async (request) => selftest.history(caller(request), request.query.suite),
  );

  app.get(
    '/selftest/executions/:id',
    {
      config: needs('selftest', 'read'),
      schema: { tags, params: ZSelftestExecutionParams, response: { 200: ZSelftestExecution } },
    },
    async (request) => selftest.get(caller(request), request.params.id),
  );

  app.post(
    '/selftest/executions/:id/cancel',
    {
      config: needs('selftest', 'execute'),
      schema: { tags, params: ZSelftestExecutionParams, response: { 200: ZSelftestExecution } },
    },
    async (request) => selftest.cancel(caller(request), request.params.id, requestMeta(request)),
  );

  app.post(
    '/selftest/store-test-results',
    {
      config: needs('selftest', 'read'),
      schema: { tags, body: ZStoreTestResultsBody, response: { 200: ZSelftestExecution } },
    },
    async (request) => selftest.store(caller(request), request.body, requestMeta(request)),
  );

  app.post(
    '/selftest/generate-test-report',
    { config: needs('selftest', 'export'), schema: { tags, body: ZGenerateTestReportBody } },
    async (request, reply) => {
      const file = await selftest.report(caller(request), request.body, requestMeta(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};
