import {
  REALTIME_CLOSE_UNAUTHORIZED,
  REALTIME_HEARTBEAT_MS,
  type TRealtimeClientMessage,
  type TRealtimeCloudScanEvent,
  type TRealtimeEvent,
  type TRealtimeRemediationEvent,
  type TRealtimeSecurityAlert,
  type TRealtimeSelftestEvent,
  ZRealtimeServerMessage,
} from '@netguard/contracts';
import { reconnectDelay } from '@/features/realtime/backoff';
import { createHeartbeat, readJson, sendAuth, sendJson } from '@/lib/json-socket';

export type TRealtimeStatus = 'connecting' | 'open' | 'closed';

export type TRealtimeConnectionOptions = {
  url: string;
  getAccessToken: () => string | null;
  /** Renews the session after the server refused the token. */
  refreshSession: () => Promise<boolean>;
  onEvent: (event: TRealtimeEvent) => void;
  /** A cloud scan of the organization changed (its own message type, not a network scan). */
  onCloudScan?: (event: TRealtimeCloudScanEvent) => void;
  /** A remediation execution of the organization changed state (its id and status only). */
  onRemediation?: (event: TRealtimeRemediationEvent) => void;
  /** A self-test execution moved a step (its id, status, progress and step only). */
  onSelftest?: (event: TRealtimeSelftestEvent) => void;
  /** A critical security event of the organization (sent to admins only). */
  onSecurityAlert?: (alert: TRealtimeSecurityAlert) => void;
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
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const heartbeat = createHeartbeat({
    intervalMs: REALTIME_HEARTBEAT_MS,
    ping: () => {
      if (socket) send(socket, { type: 'ping' });
    },
    onDead: () => {
      const ws = socket;
      if (!ws) return;
      handleClose(ws, HEARTBEAT_TIMEOUT_CODE);
      ws.close(HEARTBEAT_TIMEOUT_CODE, 'heartbeat timeout');
    },
  });

  function setStatus(next: TRealtimeStatus) {
    if (next === status) return;
    status = next;
    options.onStatus(next);
  }

  const send = (ws: WebSocket, message: TRealtimeClientMessage) => sendJson(ws, message);

  function handleMessage(ws: WebSocket, data: unknown) {
    if (ws !== socket) return;
    const message = readJson(data, ZRealtimeServerMessage);
    if (!message) return;
    if (message.type === 'ready') {
      if (!subscribed) send(ws, { type: 'subscribe', channel: 'scan-updates' });
      heartbeat.start();
    } else if (message.type === 'subscribed') {
      subscribed = true;
      attempt = 0;
      setStatus('open');
      options.onSubscribed();
    } else if (message.type === 'pong') {
      heartbeat.pong();
    } else if (message.type === 'security.alert') {
      options.onSecurityAlert?.(message);
    } else if (message.type === 'event') {
      options.onEvent(message);
    } else if (message.type === 'cloud.scan') {
      options.onCloudScan?.(message);
    } else if (message.type === 'remediation.execution') {
      options.onRemediation?.(message);
    } else if (message.type === 'selftest.execution') {
      options.onSelftest?.(message);
    }
  }

  function handleClose(ws: WebSocket, code: number) {
    if (ws !== socket) return;
    socket = null;
    subscribed = false;
    heartbeat.stop();
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
    ws.onopen = () => sendAuth(ws, options.getAccessToken);
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
      heartbeat.stop();
      const ws = socket;
      socket = null;
      subscribed = false;
      ws?.close(1000, 'client closed');
      setStatus('closed');
    },
    reauthenticate() {
      if (socket?.readyState === SOCKET_OPEN) sendAuth(socket, options.getAccessToken);
    },
  };
}
