import {
  AUTH_MESSAGES,
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE_UNAUTHORIZED,
  type TRealtimeChannel,
  type TRealtimeServerMessage,
  ZRealtimeClientMessage,
} from '@netguard/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/sessions.service.ts';

/** One open socket: who it is (after auth), what it listens to, when it last spoke. */
export type Connection = {
  socket: WebSocket;
  auth: AuthContext | null;
  channels: Set<TRealtimeChannel>;
  lastSeen: number;
  send: (message: TRealtimeServerMessage) => void;
};

type Handlers = {
  authenticate: (token: string) => Promise<AuthContext | null>;
  onAuthenticated: (conn: Connection) => void;
  onClose: (conn: Connection) => void;
};

/** Runs the socket protocol: auth first (within 5 s), then subscribe/unsubscribe/ping. */
export function acceptConnection(socket: WebSocket, handlers: Handlers): Connection {
  const conn: Connection = {
    socket,
    auth: null,
    channels: new Set(),
    lastSeen: Date.now(),
    send: (message) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    },
  };
  const refuse = (message: string) => {
    conn.send({ type: 'error', message });
    socket.close(REALTIME_CLOSE_UNAUTHORIZED, 'unauthorized');
  };
  const authTimer = setTimeout(() => {
    if (!conn.auth) refuse('Authentication timed out: send {"type":"auth"} first');
  }, REALTIME_AUTH_TIMEOUT_MS);
  let authenticating = false;

  socket.on('message', async (data) => {
    conn.lastSeen = Date.now();
    let parsed: ReturnType<typeof ZRealtimeClientMessage.safeParse>;
    try {
      parsed = ZRealtimeClientMessage.safeParse(JSON.parse(String(data)));
    } catch {
      parsed = ZRealtimeClientMessage.safeParse(null);
    }
    if (!parsed.success) {
      if (!conn.auth) return refuse(AUTH_MESSAGES.unauthorized);
      return conn.send({ type: 'error', message: 'Unknown message' });
    }
    const message = parsed.data;
    if (message.type === 'auth') {
      if (conn.auth || authenticating) return;
      authenticating = true;
      const auth = await handlers.authenticate(message.access_token).catch(() => null);
      authenticating = false;
      if (!auth) return refuse(AUTH_MESSAGES.sessionExpired);
      clearTimeout(authTimer);
      conn.auth = auth;
      handlers.onAuthenticated(conn);
      return conn.send({ type: 'ready' });
    }
    if (!conn.auth) return refuse(AUTH_MESSAGES.unauthorized);
    if (message.type === 'ping') return conn.send({ type: 'pong' });
    if (message.type === 'subscribe') conn.channels.add(message.channel);
    else conn.channels.delete(message.channel);
    conn.send({
      type: message.type === 'subscribe' ? 'subscribed' : 'unsubscribed',
      channel: message.channel,
    });
  });
  socket.on('close', () => {
    clearTimeout(authTimer);
    handlers.onClose(conn);
  });
  socket.on('error', () => socket.terminate());
  return conn;
}
