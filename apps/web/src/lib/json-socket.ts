import type { z } from 'zod';

const SOCKET_OPEN = 1;

/**
 * The ws: or wss: address of an API socket on the page's own origin.
 * @example socketUrl(window.location, '/api/realtime') // "ws://localhost:8080/api/realtime"
 */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}

/** Sends one JSON message when the socket is open; dropped otherwise (the socket is going away). */
export function sendJson(ws: WebSocket, message: unknown): void {
  if (ws.readyState === SOCKET_OPEN) ws.send(JSON.stringify(message));
}

/** A server message parsed by `schema`, or null for anything malformed (ignored by callers). */
export function readJson<T>(data: unknown, schema: z.ZodType<T>): T | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The API sockets authenticate in their first message with the current access token; without a
 * session there is nothing to send, so the socket is closed.
 */
export function sendAuth(ws: WebSocket, getAccessToken: () => string | null): void {
  const token = getAccessToken();
  if (token) sendJson(ws, { type: 'auth', access_token: token });
  else ws.close(1000, 'no session');
}

export type THeartbeat = { start: () => void; pong: () => void; stop: () => void };

/**
 * Pings every `intervalMs`; a ping still unanswered at the next beat means the connection is
 * dead even if the browser has not noticed, and `onDead` runs instead of a new ping.
 */
export function createHeartbeat(options: {
  intervalMs: number;
  ping: () => void;
  onDead: () => void;
}): THeartbeat {
  let timer: ReturnType<typeof setInterval> | undefined;
  let awaitingPong = false;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  return {
    start() {
      stop();
      awaitingPong = false;
      timer = setInterval(() => {
        if (awaitingPong) {
          stop();
          options.onDead();
          return;
        }
        awaitingPong = true;
        options.ping();
      }, options.intervalMs);
    },
    pong() {
      awaitingPong = false;
    },
    stop,
  };
}
