import {
  PACKET_LIMITS,
  ZCaptureCapability,
  ZCaptureFile,
  ZCaptureFileList,
  ZCaptureIdParams,
  ZPacketExportRequest,
  ZPacketFilterQuery,
  ZPacketPage,
  ZPacketPageQuery,
} from '@netguard/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs, SELF } from '../../plugins/permission-guard.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { CaptureDownload } from './packets.export.ts';
import type { PacketService } from './packets.service.ts';
import { uploadRoutes } from './packets.upload.routes.ts';

const tags = ['packets'];
/** 1000 live packets of 4096 bytes as hex in JSON, with room for the rest of each entry. */
const LIVE_EXPORT_BODY_LIMIT =
  PACKET_LIMITS.maxLivePackets * (PACKET_LIMITS.maxPayloadBytes * 2 + 256);

function sendDownload(reply: FastifyReply, file: CaptureDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

/** Capture files, their packets and exports, and whether the caller may capture live. */
export const packetRoutes: FastifyPluginAsyncZod<{
  packets: PacketService;
  metrics: Pick<Metrics, 'captureUploads' | 'captureUploadBytes'>;
}> = async (app, { packets, metrics }) => {
  await app.register(uploadRoutes, { packets, metrics });

  app.get(
    '/packets/capability',
    { config: SELF, schema: { tags, response: { 200: ZCaptureCapability } } },
    async (request) => packets.capability(caller(request)),
  );

  app.get(
    '/packets/captures',
    { config: needs('packet', 'read'), schema: { tags, response: { 200: ZCaptureFileList } } },
    async (request) => packets.list(caller(request)),
  );

  app.get(
    '/packets/captures/:id',
    {
      config: needs('packet', 'read'),
      schema: { tags, params: ZCaptureIdParams, response: { 200: ZCaptureFile } },
    },
    async (request) => packets.get(caller(request), request.params.id),
  );

  app.delete(
    '/packets/captures/:id',
    { config: needs('packet', 'delete'), schema: { tags, params: ZCaptureIdParams } },
    async (request, reply) => {
      await packets.remove(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/packets/captures/:id/packets',
    {
      config: needs('packet', 'read'),
      schema: {
        tags,
        params: ZCaptureIdParams,
        querystring: ZPacketPageQuery,
        response: { 200: ZPacketPage },
      },
    },
    async (request) => packets.page(caller(request), request.params.id, request.query),
  );

  app.get(
    '/packets/captures/:id/export',
    {
      config: needs('packet', 'export'),
      schema: { tags, params: ZCaptureIdParams, querystring: ZPacketFilterQuery },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await packets.exportFiltered(caller(request), request.params.id, request.query),
      ),
  );

  app.post(
    '/packets/export',
    {
      config: needs('packet', 'export'),
      bodyLimit: LIVE_EXPORT_BODY_LIMIT,
      schema: { tags, body: ZPacketExportRequest },
    },
    async (request, reply) =>
      sendDownload(reply, packets.exportLive(caller(request), request.body)),
  );
};
