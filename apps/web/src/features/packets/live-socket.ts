import {
  REALTIME_CLOSE_UNAUTHORIZED,
  REALTIME_HEARTBEAT_MS,
  type TLiveCaptureStart,
  type TLiveClientMessage,
  type TLiveServerMessage,
  ZLiveServerMessage,
} from '@netguard/contracts';
import { createHeartbeat, readJson, sendAuth, sendJson } from '@/lib/json-socket';

/** What the live capture socket reports once authenticated: started, packets, stopped, error. */
export type TLiveEvent = Exclude<TLiveServerMessage, { type: 'ready' } | { type: 'pong' }>;

export type TLiveSocketOptions = {
  url: string;
  capture: TLiveCaptureStart;
  getAccessToken: () => string | null;
  /** Renews the session once when the server refuses the token. */
  refreshSession: () => Promise<boolean>;
  onEvent: (event: TLiveEvent) => void;
  /** The socket closed without a `stopped` message: the capture is over. */
  onLost: (message: string) => void;
  createSocket?: (url: string) => WebSocket;
};

export type TLiveSocket = { stop: () => void; close: () => void };

const LOST_MESSAGE = 'The connection to the live capture was lost.';
const DEAD_CODE = 4000;
/** How long a stop may wait for the server's `stopped` before the socket is closed anyway. */
export const STOP_GRACE_MS = 5000;

/**
 * One live capture over PACKETS_LIVE_PATH: auth, start, relay batches, stop. A capture cannot
 * resume after a drop, so unlike the realtime socket this never reconnects, except once right
 * away when an expired token was refused before the capture began.
 */
export function openLiveSocket(options: TLiveSocketOptions): TLiveSocket {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let ready = false;
  let started = false;
  // The server explains a refused token in an `error` just before it closes with 4401.
  let refusal: string | null = null;
  let retried = false;
  let finished = false;
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  const heartbeat = createHeartbeat({
    intervalMs: REALTIME_HEARTBEAT_MS,
    ping: () => send({ type: 'ping' }),
    onDead: () => {
      socket?.close(DEAD_CODE, 'heartbeat timeout');
      lose();
    },
  });

  function send(message: TLiveClientMessage) {
    if (socket) sendJson(socket, message);
  }

  function finish() {
    finished = true;
    heartbeat.stop();
    clearTimeout(stopTimer);
    const ws = socket;
    socket = null;
    ws?.close(1000, 'capture over');
  }

  function lose() {
    if (finished) return;
    finish();
    options.onLost(refusal ?? LOST_MESSAGE);
  }

  function handleMessage(ws: WebSocket, data: unknown) {
    if (ws !== socket) return;
    const message = readJson(data, ZLiveServerMessage);
    if (!message) return;
    if (message.type === 'ready') {
      ready = true;
      heartbeat.start();
      send({ type: 'start', ...options.capture });
      return;
    }
    if (message.type === 'pong') return heartbeat.pong();
    if (message.type === 'error' && !ready) {
      refusal = message.message;
      return;
    }
    if (message.type === 'started') started = true;
    // An error before `started` means the capture never began; the socket has no further use.
    const over = message.type === 'stopped' || (message.type === 'error' && !started);
    if (over) finish();
    options.onEvent(message);
  }

  function handleClose(ws: WebSocket, code: number) {
    if (ws !== socket || finished) return;
    socket = null;
    if (code === REALTIME_CLOSE_UNAUTHORIZED && !ready && !retried) {
      retried = true;
      void options.refreshSession().then((renewed) => {
        if (!renewed) return lose();
        refusal = null;
        connect();
      });
      return;
    }
    lose();
  }

  function connect() {
    if (finished) return;
    const ws = createSocket(options.url);
    socket = ws;
    ws.onopen = () => sendAuth(ws, options.getAccessToken);
    ws.onmessage = (event) => handleMessage(ws, event.data);
    ws.onclose = (event) => handleClose(ws, event.code);
  }

  connect();
  return {
    stop() {
      if (finished) return;
      if (!started) {
        finish();
        options.onEvent({ type: 'stopped', reason: null });
        return;
      }
      send({ type: 'stop' });
      // Closing the socket also ends tcpdump on the server, so a silent server cannot keep it going.
      stopTimer = setTimeout(() => {
        if (finished) return;
        finish();
        options.onEvent({ type: 'stopped', reason: null });
      }, STOP_GRACE_MS);
    },
    close: finish,
  };
}
