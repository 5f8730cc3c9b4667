import type { Identity } from '@netguard/cloud';
import {
  CLOUD_TEXT,
  ZCloudConnection,
  ZCloudConnectionList,
  ZCloudFindingListQuery,
  ZCloudFindingPage,
  ZCloudIdParams,
  ZCloudScan,
  ZCloudScanComparison,
  ZCloudScanDetail,
  ZCloudScanList,
  ZCloudScanListQuery,
  ZCloudScanRequest,
  ZCloudScanStarted,
  ZStoreCloudCredentials,
} from '@netguard/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { CloudFindings } from './cloud.findings.ts';
import type { CloudService } from './cloud.service.ts';

const tags = ['cloud'];
const adminsOnly = 'Only administrators can connect or disconnect cloud accounts';

export const cloudRoutes: FastifyPluginAsyncZod<{
  cloud: CloudService;
  findings: CloudFindings;
}> = async (app, { cloud, findings }) => {
  const verified = new WeakMap<FastifyRequest, Identity>();
  app.get(
    '/cloud/connections',
    { config: needs('cloud', 'read'), schema: { tags, response: { 200: ZCloudConnectionList } } },
    async (request) => ({ connections: await cloud.list(caller(request)) }),
  );

  app.post(
    '/cloud/connections',
    {
      config: needs('cloud', 'create', adminsOnly),
      schema: { tags, body: ZStoreCloudCredentials, response: { 201: ZCloudConnection } },
      // The provider's answer is awaited before the handler's database transaction begins.
      preHandler: async (request) => {
        verified.set(request, await cloud.verify(caller(request), request.body));
      },
    },
    async (request, reply) => {
      const identity = verified.get(request);
      if (!identity) throw new Error('the credentials were not verified');
      const connection = await cloud.connect(
        caller(request),
        request.body,
        identity,
        requestMeta(request),
      );
      return reply.status(201).send(connection);
    },
  );

  app.delete(
    '/cloud/connections/:id',
    { config: needs('cloud', 'delete', adminsOnly), schema: { tags, params: ZCloudIdParams } },
    async (request, reply) => {
      await cloud.disconnect(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/cloud/scans',
    {
      config: needs('cloud', 'execute'),
      schema: { tags, body: ZCloudScanRequest, response: { 202: ZCloudScanStarted } },
    },
    async (request, reply) => {
      const scans = await cloud.startScans(caller(request), request.body);
      return reply.status(202).send({ scans });
    },
  );

  app.get(
    '/cloud/scans',
    {
      config: needs('cloud', 'read'),
      schema: { tags, querystring: ZCloudScanListQuery, response: { 200: ZCloudScanList } },
    },
    async (request) => ({ scans: await cloud.listScans(caller(request), request.query) }),
  );

  app.get(
    '/cloud/scans/:id',
    {
      config: needs('cloud', 'read'),
      schema: { tags, params: ZCloudIdParams, response: { 200: ZCloudScanDetail } },
    },
    async (request) => findings.scanDetail(caller(request), request.params.id),
  );

  app.post(
    '/cloud/scans/:id/cancel',
    {
      config: needs('cloud', 'execute'),
      schema: { tags, params: ZCloudIdParams, response: { 200: ZCloudScan } },
    },
    async (request) => cloud.cancelScan(caller(request), request.params.id),
  );

  app.get(
    '/cloud/scans/:id/comparison',
    {
      config: needs('cloud', 'read'),
      schema: { tags, params: ZCloudIdParams, response: { 200: ZCloudScanComparison } },
    },
    async (request) => findings.compare(caller(request), request.params.id),
  );

  app.get(
    '/cloud/findings',
    {
      config: needs('cloud', 'read', CLOUD_TEXT.denied),
      schema: { tags, querystring: ZCloudFindingListQuery, response: { 200: ZCloudFindingPage } },
    },
    async (request) => findings.list(caller(request), request.query),
  );
};
