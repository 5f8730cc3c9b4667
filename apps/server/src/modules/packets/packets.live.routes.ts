import { PACKETS_LIVE_PATH } from '@netguard/contracts';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/request-meta.ts';
import type { LiveCaptures } from './packets.live.ts';

/**
 * GET /api/packets/live: the live capture WebSocket (auth in the first message, as on
 * /api/realtime). Register after registerRealtime, which adds the websocket plugin.
 */
export async function registerPacketsLive(app: FastifyInstance, live: LiveCaptures): Promise<void> {
  app.get(PACKETS_LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    live.accept(socket, requestMeta(request));
  });
  app.addHook('onClose', () => live.closeAll());
}
