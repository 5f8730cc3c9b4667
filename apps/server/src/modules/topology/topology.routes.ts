import {
  TOPOLOGY_MESSAGES,
  ZScanListItem,
  ZTopologyGraph,
  ZTopologyHostBody,
  ZTopologyPingResult,
  ZTopologySettings,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { TopologyService } from './topology.service.ts';

const tags = ['topology'];

export const topologyRoutes: FastifyPluginAsyncZod<{ topology: TopologyService }> = async (
  app,
  { topology },
) => {
  app.get(
    '/topology',
    { config: needs('dashboard', 'read'), schema: { tags, response: { 200: ZTopologyGraph } } },
    async (request) => topology.graph(caller(request)),
  );

  app.post(
    '/topology/ping',
    {
      config: needs('scan', 'execute', TOPOLOGY_MESSAGES.probeDenied),
      schema: { tags, body: ZTopologyHostBody, response: { 200: ZTopologyPingResult } },
    },
    async (request) => topology.ping(caller(request), request.body.host, requestMeta(request)),
  );

  app.post(
    '/topology/port-scan',
    {
      config: needs('scan', 'create', TOPOLOGY_MESSAGES.probeDenied),
      schema: { tags, body: ZTopologyHostBody, response: { 202: ZScanListItem } },
    },
    async (request, reply) => {
      const scan = await topology.portScan(
        caller(request),
        request.body.host,
        requestMeta(request),
      );
      return reply.status(202).send(scan);
    },
  );

  app.get(
    '/topology/settings',
    { config: needs('dashboard', 'read'), schema: { tags, response: { 200: ZTopologySettings } } },
    async (request) => topology.getSettings(caller(request)),
  );

  app.put(
    '/topology/settings',
    {
      config: needs('organization', 'update'),
      schema: { tags, body: ZTopologySettings, response: { 200: ZTopologySettings } },
    },
    async (request) => topology.saveSettings(caller(request), request.body),
  );
};
