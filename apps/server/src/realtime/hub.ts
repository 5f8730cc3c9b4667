import {
  AUTH_MESSAGES,
  can,
  REALTIME_CLOSE_UNAUTHORIZED,
  REALTIME_IDLE_TIMEOUT_MS,
  type TRealtimeNotification,
  type TRealtimeServerMessage,
  ZRealtimeNotification,
} from '@netguard/contracts';
import type { WebSocket } from 'ws';
import type { Executor } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { isRequestId } from '../lib/request-id.ts';
import type { SessionService } from '../modules/auth/sessions.service.ts';
import { acceptConnection, type Connection } from './connection.ts';
import { createListener } from './listener.ts';
import { REALTIME_PG_CHANNEL } from './notify.ts';
import { createRecordLoader } from './records.ts';

const IDLE_SWEEP_MS = 5_000;
const CLOSE_IDLE = 4408;

/**
 * The WebSocket hub of one API process: LISTENs for row changes of any process and forwards
 * each to this process's sockets of the row's organization whose session is still live and whose
 * user is still a member.
 */
export function createRealtimeHub(deps: {
  db: Executor;
  url: string;
  sessions: SessionService;
  log: Logger;
}) {
  const byOrg = new Map<string, Set<Connection>>();
  const records = createRecordLoader(deps.db);

  // Per organization, events go out in NOTIFY order (each loads the row as it is now), so a
  // client never sees progress move backwards; organizations do not wait for each other.
  const chains = new Map<string, Promise<void>>();
  function enqueue(payload: string) {
    let note: ReturnType<typeof ZRealtimeNotification.parse>;
    try {
      note = ZRealtimeNotification.parse(JSON.parse(payload));
    } catch {
      return;
    }
    const org = note.organization_id;
    if (!byOrg.has(org)) return;
    const next = (chains.get(org) ?? Promise.resolve())
      .then(() => fanOut(note))
      .catch((error: unknown) =>
        deps.log.error({ err: error, component: 'realtime' }, 'realtime fan-out failed'),
      );
    chains.set(org, next);
    void next.then(() => {
      if (chains.get(org) === next) chains.delete(org);
    });
  }

  /** The notification's request id when it is a safe one (NOTIFY payloads are checked here). */
  const requestIdOf = (note: TRealtimeNotification) =>
    isRequestId(note.request_id) ? note.request_id : undefined;

  /** Per-message delivery, at debug level, under the request id of the work that caused it. */
  function logDelivery(
    note: TRealtimeNotification,
    requestId: string | undefined,
    sockets: number,
  ) {
    deps.log.debug(
      {
        component: 'realtime',
        ...(requestId ? { reqId: requestId } : {}),
        realtime: { table: note.table, event: note.event, id: note.id },
        sockets,
      },
      'realtime message delivered',
    );
  }

  async function fanOut(note: ReturnType<typeof ZRealtimeNotification.parse>) {
    if (note.table === 'security_events') return alertAdmins(note);
    const conns = [...(byOrg.get(note.organization_id) ?? [])].filter(
      (c) =>
        c.channels.has('scan-updates') &&
        // Remediation news go only to those who may read remediation.
        (note.table !== 'remediation_executions' || can(c.auth?.role, 'remediation', 'read')),
    );
    if (conns.length === 0) return;
    const loaded = await records.load(note);
    if (!loaded) return;
    const requestId = requestIdOf(note);
    const message = requestId ? { ...loaded, request_id: requestId } : loaded;
    const callers = conns.flatMap((c) => (c.auth ? [c.auth] : []));
    const live = await records.liveSessions(note.organization_id, callers);
    let delivered = 0;
    for (const conn of conns) {
      if (conn.auth && live.has(conn.auth.sessionId)) {
        conn.send(message as TRealtimeServerMessage);
        delivered++;
      } else {
        // Signed out, or no longer a member: this socket must not hear anything more.
        conn.send({ type: 'error', message: AUTH_MESSAGES.sessionExpired });
        conn.socket.close(REALTIME_CLOSE_UNAUTHORIZED, 'unauthorized');
      }
    }
    logDelivery(note, requestId, delivered);
  }

  /** A critical event's toast: to the organization's admins only, whatever they subscribed to. */
  async function alertAdmins(note: ReturnType<typeof ZRealtimeNotification.parse>) {
    const conns = [...(byOrg.get(note.organization_id) ?? [])];
    const callers = conns.flatMap((c) => (c.auth ? [c.auth] : []));
    if (callers.length === 0) return;
    const message = await records.securityAlert(note);
    if (!message) return;
    const admins = await records.admins(note.organization_id);
    const live = await records.liveSessions(note.organization_id, callers);
    let delivered = 0;
    for (const conn of conns) {
      if (conn.auth && admins.has(conn.auth.userId) && live.has(conn.auth.sessionId)) {
        conn.send(message);
        delivered++;
      }
    }
    logDelivery(note, requestIdOf(note), delivered);
  }

  const listener = createListener({
    url: deps.url,
    channel: REALTIME_PG_CHANNEL,
    onMessage: enqueue,
    log: deps.log,
  });

  const idleSweep = setInterval(() => {
    const cutoff = Date.now() - REALTIME_IDLE_TIMEOUT_MS;
    for (const set of byOrg.values()) {
      for (const conn of set) if (conn.lastSeen < cutoff) conn.socket.close(CLOSE_IDLE, 'idle');
    }
  }, IDLE_SWEEP_MS);
  idleSweep.unref();

  return {
    ready: listener.ready,
    /** Authenticated sockets of this process. */
    socketCount: () => [...byOrg.values()].reduce((n, set) => n + set.size, 0),
    /** Takes over a freshly opened socket. */
    accept(socket: WebSocket) {
      acceptConnection(socket, {
        authenticate: (token) => deps.sessions.authenticate(token),
        onAuthenticated: (conn) => {
          const org = conn.auth?.organizationId ?? '';
          const set = byOrg.get(org) ?? new Set<Connection>();
          set.add(conn);
          byOrg.set(org, set);
        },
        onClose: (conn) => {
          const org = conn.auth?.organizationId;
          if (!org) return;
          byOrg.get(org)?.delete(conn);
          if (byOrg.get(org)?.size === 0) byOrg.delete(org);
        },
      });
    },
    async close() {
      clearInterval(idleSweep);
      await listener.close();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
