import {
  AUTH_MESSAGES,
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE_UNAUTHORIZED,
} from '@netguard/contracts';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { AuthContext } from '../modules/auth/sessions.service.ts';

/** An open socket and, once it authenticated, who is on it. */
export type SocketPeer<TOut> = {
  socket: WebSocket;
  auth: AuthContext | null;
  lastSeen: number;
  send: (message: TOut) => void;
};

/** The messages every authenticate-first socket understands besides its own. */
type BaseMessage = { type: 'auth'; access_token: string } | { type: 'ping' };
type BaseReply = { type: 'ready' } | { type: 'pong' } | { type: 'error'; message: string };

type Handlers<TIn, TOut> = {
  schema: z.ZodType<TIn>;
  authenticate: (token: string) => Promise<AuthContext | null>;
  onAuthenticated?: (peer: SocketPeer<TOut>) => void;
  /** Any message after auth other than auth and ping. */
  onMessage: (peer: SocketPeer<TOut>, message: Exclude<TIn, BaseMessage>) => void;
  onClose: (peer: SocketPeer<TOut>) => void;
};

/** A peer whose `send` drops messages once the socket is no longer open. */
export function createSocketPeer<TOut>(socket: WebSocket): SocketPeer<TOut> {
  return {
    socket,
    auth: null,
    lastSeen: Date.now(),
    send: (message) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    },
  };
}

/**
 * Runs the protocol shared by NetGuard's sockets: the first message is `auth` with an access
 * token (within 5 s, else close 4401), answered by `ready`; `ping` gets `pong`; anything before
 * auth, or a bad token, closes the socket with 4401.
 */
export function runAuthFirst<TIn extends { type: string }, TOut>(
  peer: SocketPeer<TOut | BaseReply>,
  handlers: Handlers<TIn, TOut | BaseReply>,
): void {
  const { socket } = peer;
  const refuse = (message: string) => {
    peer.send({ type: 'error', message });
    socket.close(REALTIME_CLOSE_UNAUTHORIZED, 'unauthorized');
  };
  const authTimer = setTimeout(() => {
    if (!peer.auth) refuse('Authentication timed out: send {"type":"auth"} first');
  }, REALTIME_AUTH_TIMEOUT_MS);
  let authenticating = false;

  socket.on('message', async (data) => {
    peer.lastSeen = Date.now();
    let parsed: ReturnType<typeof handlers.schema.safeParse>;
    try {
      parsed = handlers.schema.safeParse(JSON.parse(String(data)));
    } catch {
      parsed = handlers.schema.safeParse(null);
    }
    if (!parsed.success) {
      if (!peer.auth) return refuse(AUTH_MESSAGES.unauthorized);
      return peer.send({ type: 'error', message: 'Unknown message' });
    }
    const message = parsed.data as TIn | BaseMessage;
    if (message.type === 'auth') {
      if (peer.auth || authenticating) return;
      authenticating = true;
      const token = (message as { access_token: string }).access_token;
      const auth = await handlers.authenticate(token).catch(() => null);
      authenticating = false;
      if (!auth) return refuse(AUTH_MESSAGES.sessionExpired);
      clearTimeout(authTimer);
      peer.auth = auth;
      handlers.onAuthenticated?.(peer);
      return peer.send({ type: 'ready' });
    }
    if (!peer.auth) return refuse(AUTH_MESSAGES.unauthorized);
    if (message.type === 'ping') return peer.send({ type: 'pong' });
    handlers.onMessage(peer, message as Exclude<TIn, BaseMessage>);
  });
  socket.on('close', () => {
    clearTimeout(authTimer);
    handlers.onClose(peer);
  });
  socket.on('error', () => socket.terminate());
}
