import {
  REALTIME_CLOSE_UNAUTHORIZED,
  type TLiveCaptureStart,
  type TLiveServerMessage,
  ZLiveClientMessage,
} from '@netguard/contracts';
import { checkCaptureFilter } from '@netguard/packets';
import type { WebSocket } from 'ws';
import type { Executor } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { createSocketPeer, runAuthFirst, type SocketPeer } from '../../realtime/auth-first.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext, SessionService } from '../auth/sessions.service.ts';
import { findLiveSessionRole } from '../auth/tokens.repo.ts';
import type { CaptureProbe } from './packets.capability.ts';
import { type RunningCapture, runLiveCapture } from './packets.live-run.ts';
import { PACKET_TEXT } from './packets.text.ts';

/** Live captures at once on this server: each is a tcpdump process and a stream of packets. */
export const MAX_LIVE_CAPTURES = 4;
/** How often a running capture checks that its user is still signed in and still may capture. */
const SESSION_CHECK_MS = 5_000;

type Deps = {
  db: Executor;
  sessions: Pick<SessionService, 'authenticate'>;
  probe: CaptureProbe;
  log: Logger;
  maxCaptures?: number;
};

type Peer = SocketPeer<TLiveServerMessage>;

/** The live capture WebSocket: one capture per socket, a few per server, operators only. */
export function createLiveCaptures({
  db,
  sessions,
  probe,
  log,
  maxCaptures = MAX_LIVE_CAPTURES,
}: Deps) {
  const running = new Set<RunningCapture>();
  let reserved = 0;

  /** Why `auth` may not capture on `name` now, or null when it may. */
  async function refusal(auth: AuthContext, name: string): Promise<string | null> {
    const refused = await probe.refusal(auth);
    if (refused) return refused;
    const server = await probe.server();
    if (!server.available) return server.reason ?? PACKET_TEXT.unavailable;
    const allowed = probe.settings.interfaces;
    if (allowed && !allowed.includes(name)) return PACKET_TEXT.interfaceNotAllowed(name, allowed);
    if (!server.interfaces.some((i) => i.name === name)) return PACKET_TEXT.unknownInterface(name);
    return null;
  }

  async function start(peer: Peer, request: TLiveCaptureStart, meta: RequestMeta) {
    const auth = peer.auth as AuthContext;
    const refused = await refusal(auth, request.interface);
    if (refused) return peer.send({ type: 'error', message: refused });
    // Checked and taken in one step: two sockets starting at once must not both get the last slot.
    if (reserved >= maxCaptures)
      return peer.send({ type: 'error', message: PACKET_TEXT.tooManyLive });
    reserved += 1;
    let capture: RunningCapture | null = null;
    try {
      const { tcpdumpPath } = probe.settings;
      const bpfError = request.bpf
        ? await checkCaptureFilter(request.bpf, { interface: request.interface, tcpdumpPath })
        : null;
      if (bpfError) return peer.send({ type: 'error', message: PACKET_TEXT.badBpf(bpfError) });
      if (peer.socket.readyState !== peer.socket.OPEN) return;
      await insertAuditLog(
        db,
        {
          userId: auth.userId,
          organizationId: auth.organizationId,
          action: 'capture.live_start',
          resourceType: 'network_interface',
          details: { interface: request.interface, bpf: request.bpf },
        },
        meta,
      );
      log.info(
        {
          userId: auth.userId,
          organizationId: auth.organizationId,
          interface: request.interface,
          bpf: request.bpf,
        },
        'live capture started',
      );
      capture = runLiveCapture(peer, { ...request, tcpdumpPath }, log);
      running.add(capture);
      peer.send({ type: 'started', interface: request.interface, bpf: request.bpf });
      return capture;
    } finally {
      if (!capture) reserved -= 1;
    }
  }

  return {
    /** Takes over a freshly opened socket of PACKETS_LIVE_PATH. */
    accept(socket: WebSocket, meta: RequestMeta) {
      const peer = createSocketPeer<TLiveServerMessage>(socket);
      let current: RunningCapture | null = null;
      let starting = false;
      let stopRequested = false;
      const sessionCheck = setInterval(async () => {
        if (!current || !peer.auth) return;
        const { userId } = peer.auth;
        const role = await findLiveSessionRole(db, peer.auth).catch(() => 'unknown' as const);
        if (role === 'unknown') return;
        if (!role) {
          // Signed out or no longer a member: this socket must not hear anything more.
          current?.stop();
          peer.send({ type: 'error', message: PACKET_TEXT.sessionEnded });
          return socket.close(REALTIME_CLOSE_UNAUTHORIZED, 'unauthorized');
        }
        // No longer an admin, or no longer an operator: the capture stops, saying why.
        const refused = await probe.refusal({ userId, role }).catch(() => null);
        if (refused) current?.stop(refused);
      }, SESSION_CHECK_MS);

      runAuthFirst(peer, {
        schema: ZLiveClientMessage,
        authenticate: (token) => sessions.authenticate(token),
        onMessage: (_peer, message) => {
          if (message.type === 'stop') {
            if (current) current.stop();
            else if (starting) stopRequested = true;
            else peer.send({ type: 'stopped', reason: null });
            return;
          }
          if (current || starting)
            return peer.send({ type: 'error', message: PACKET_TEXT.busySocket });
          starting = true;
          stopRequested = false;
          start(peer, message, meta)
            .finally(() => {
              starting = false;
            })
            .then((capture) => {
              if (!capture) return;
              current = capture;
              // Stopped, or the socket closed, while tcpdump was starting: it must not outlive that.
              if (stopRequested) capture.stop();
              return capture.done.finally(() => {
                running.delete(capture);
                reserved -= 1;
                current = null;
              });
            })
            .catch((error: unknown) => {
              log.error({ err: error }, 'live capture failed');
              peer.send({ type: 'error', message: PACKET_TEXT.liveFailed });
            });
        },
        onClose: () => {
          stopRequested = true;
          clearInterval(sessionCheck);
          current?.stop();
        },
      });
    },

    /** Stops every capture of this process (the server is closing). */
    async closeAll() {
      for (const capture of running) capture.stop();
      await Promise.allSettled([...running].map((c) => c.done));
    },
  };
}

export type LiveCaptures = ReturnType<typeof createLiveCaptures>;
