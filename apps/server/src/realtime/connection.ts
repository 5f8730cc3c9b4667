import {
  type TRealtimeChannel,
  type TRealtimeServerMessage,
  ZRealtimeClientMessage,
} from '@netguard/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/sessions.service.ts';
import { createSocketPeer, runAuthFirst, type SocketPeer } from './auth-first.ts';

/** One open socket: who it is (after auth), what it listens to, when it last spoke. */
export type Connection = SocketPeer<TRealtimeServerMessage> & {
  channels: Set<TRealtimeChannel>;
};

type Handlers = {
  authenticate: (token: string) => Promise<AuthContext | null>;
  onAuthenticated: (conn: Connection) => void;
  onClose: (conn: Connection) => void;
};

/** Runs the socket protocol: auth first (within 5 s), then subscribe/unsubscribe/ping. */
export function acceptConnection(socket: WebSocket, handlers: Handlers): Connection {
  const conn: Connection = {
    ...createSocketPeer<TRealtimeServerMessage>(socket),
    channels: new Set(),
  };
  runAuthFirst(conn, {
    schema: ZRealtimeClientMessage,
    authenticate: handlers.authenticate,
    onAuthenticated: () => handlers.onAuthenticated(conn),
    onMessage: (_peer, message) => {
      if (message.type === 'subscribe') conn.channels.add(message.channel);
      else conn.channels.delete(message.channel);
      conn.send({
        type: message.type === 'subscribe' ? 'subscribed' : 'unsubscribed',
        channel: message.channel,
      });
    },
    onClose: () => handlers.onClose(conn),
  });
  return conn;
}
