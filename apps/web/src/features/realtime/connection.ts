import {
  REALTIME_CLOSE_UNAUTHORIZED,
  REALTIME_HEARTBEAT_MS,
  type TRealtimeClientMessage,
  type TRealtimeEvent,
  ZRealtimeServerMessage,
} from '@netguard/contracts';
import { reconnectDelay } from '@/features/realtime/backoff';

export type TRealtimeStatus = 'connecting' | 'open' | 'closed';

export type TRealtimeConnectionOptions = {
  url: string;
  getAccessToken: () => string | null;
  /** Renews the session after the server refused the token. */
  refreshSession: () => Promise<boolean>;
  onEvent: (event: TRealtimeEvent) => void;
  onStatus: (status: TRealtimeStatus) => void;
  /** Called each time scan-updates is (re)subscribed: the moment to refetch what was missed. */
  onSubscribed: () => void;
  createSocket?: (url: string) => WebSocket;
};

export type TRealtimeConnection = {
  start: () => void;
  stop: () => void;
  /** Sends the current access token on the open socket (after a session refresh). */
  reauthenticate: () => void;
};

const SOCKET_OPEN = 1;
const HEARTBEAT_TIMEOUT_CODE = 4000;

/**
 * One WebSocket to /api/realtime: auth, subscribe to scan-updates, ping every 25 s, and
 * reconnect after 1, 2, 5, 10, 10... s when the socket drops or stops answering pings.
 */
export function createRealtimeConnection(options: TRealtimeConnectionOptions): TRealtimeConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let stopped = true;
  let attempt = 0;
  let status: TRealtimeStatus = 'closed';
  let subscribed = false;
  let awaitingPong = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  function setStatus(next: TRealtimeStatus) {
    if (next === status) return;
    status = next;
    options.onStatus(next);
  }

  function send(ws: WebSocket, message: TRealtimeClientMessage) {
    if (ws.readyState === SOCKET_OPEN) ws.send(JSON.stringify(message));
  }

  function sendAuth(ws: WebSocket) {
    const token = options.getAccessToken();
    if (token) send(ws, { type: 'auth', access_token: token });
    else ws.close(1000, 'no session');
  }

  function beat(ws: WebSocket) {
    // No pong since the last ping: the connection is dead even if the browser has not noticed.
    if (awaitingPong) {
      handleClose(ws, HEARTBEAT_TIMEOUT_CODE);
      ws.close(HEARTBEAT_TIMEOUT_CODE, 'heartbeat timeout');
      return;
    }
    awaitingPong = true;
    send(ws, { type: 'ping' });
  }

  function handleMessage(ws: WebSocket, data: unknown) {
    if (ws !== socket || typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = ZRealtimeServerMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'ready') {
      if (!subscribed) send(ws, { type: 'subscribe', channel: 'scan-updates' });
      clearInterval(heartbeatTimer);
      awaitingPong = false;
      heartbeatTimer = setInterval(() => beat(ws), REALTIME_HEARTBEAT_MS);
    } else if (message.type === 'subscribed') {
      subscribed = true;
      attempt = 0;
      setStatus('open');
      options.onSubscribed();
    } else if (message.type === 'pong') {
      awaitingPong = false;
    } else if (message.type === 'event') {
      options.onEvent(message);
    }
  }

  function handleClose(ws: WebSocket, code: number) {
    if (ws !== socket) return;
    socket = null;
    subscribed = false;
    clearInterval(heartbeatTimer);
    if (stopped) return;
    setStatus('closed');
    if (code === REALTIME_CLOSE_UNAUTHORIZED) {
      // The token expired or was revoked: renew the session, then reconnect with the new one.
      void options.refreshSession().finally(scheduleReconnect);
      return;
    }
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (stopped || socket || reconnectTimer) return;
    const delay = reconnectDelay(attempt);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
  }

  function connect() {
    if (stopped || socket) return;
    // Retries after a drop stay "closed" until subscribed again, so the status does not flicker.
    if (attempt === 0) setStatus('connecting');
    const ws = createSocket(options.url);
    socket = ws;
    ws.onopen = () => sendAuth(ws);
    ws.onmessage = (event) => handleMessage(ws, event.data);
    ws.onclose = (event) => handleClose(ws, event.code);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      attempt = 0;
      connect();
    },
    stop() {
      stopped = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      clearInterval(heartbeatTimer);
      const ws = socket;
      socket = null;
      subscribed = false;
      ws?.close(1000, 'client closed');
      setStatus('closed');
    },
    reauthenticate() {
      if (socket && socket.readyState === SOCKET_OPEN) sendAuth(socket);
    },
  };
}
