import websocket from '@fastify/websocket';
import { REALTIME_PATH } from '@netguard/contracts';
import type { FastifyInstance } from 'fastify';
import type { RealtimeHub } from './hub.ts';

const MAX_MESSAGE_BYTES = 8 * 1024;

/** GET /api/realtime: the WebSocket of live updates (auth happens in the first message). */
export async function registerRealtime(app: FastifyInstance, hub: RealtimeHub): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
    hub.accept(socket);
  });
}
