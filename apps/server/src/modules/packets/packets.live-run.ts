import os from 'node:os';
import { PACKET_LIMITS, type TLiveServerMessage, type TPacket } from '@netguard/contracts';
import { createDissectContext, dissectFrame, startLiveCapture } from '@netguard/packets';
import type { Logger } from '../../lib/logger.ts';
import type { SocketPeer } from '../../realtime/auth-first.ts';

/**
 * Past this many bytes queued on the socket, a batch is dropped rather than queued: a slow
 * browser must not grow the server's memory. The newest packets win.
 */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export type LiveRequest = { interface: string; bpf: string; tcpdumpPath: string | undefined };
export type RunningCapture = {
  /** Stops tcpdump; `reason` goes into the final `stopped` (null: stopped on request). */
  stop: (reason?: string) => void;
  /** Settles once tcpdump is gone and the last message was sent. */
  done: Promise<void>;
};

/** Every address of this server's interfaces: packets from them are outgoing. */
function localAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) addresses.add(entry.address);
  }
  return addresses;
}

/**
 * Runs tcpdump for one socket: dissects each frame, sends them in batches at most every
 * PACKET_LIMITS.liveBatchMs, and ends with `stopped` (reason null when stopped on request).
 */
export function runLiveCapture(
  peer: SocketPeer<TLiveServerMessage>,
  request: LiveRequest,
  log: Logger,
): RunningCapture {
  const capture = startLiveCapture({
    interface: request.interface,
    bpf: request.bpf || undefined,
    maxSeconds: PACKET_LIMITS.maxLiveCaptureSeconds,
    tcpdumpPath: request.tcpdumpPath,
  });
  const local = localAddresses();
  // An hour on a busy interface meets many conversations: remember fewer than a file pass does.
  const context = createDissectContext({ maxConversations: 10_000 });
  let batch: TPacket[] = [];
  let dropped = 0;
  const totals = { packets: 0, dropped: 0 };
  let stopReason: string | null = null;

  const flush = () => {
    if (batch.length === 0) return;
    if (peer.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      dropped += batch.length;
    } else {
      peer.send({ type: 'packets', packets: batch, ...(dropped ? { dropped } : {}) });
      totals.dropped += dropped;
      dropped = 0;
    }
    batch = [];
  };
  const timer = setInterval(flush, PACKET_LIMITS.liveBatchMs);

  const done = (async () => {
    let failure: string | null = null;
    try {
      for await (const frame of capture.frames) {
        totals.packets += 1;
        batch.push(dissectFrame(frame, { localAddresses: local, context }));
        // Between two batches the browser never needs more than it keeps.
        if (batch.length > PACKET_LIMITS.maxLivePackets) {
          batch.shift();
          dropped += 1;
        }
      }
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      capture.stop();
    }
    const { reason } = await capture.ended;
    clearInterval(timer);
    flush();
    totals.dropped += dropped;
    const why = stopReason ?? failure ?? reason;
    peer.send({ type: 'stopped', reason: why });
    log.info(
      {
        userId: peer.auth?.userId,
        interface: request.interface,
        bpf: request.bpf,
        ...totals,
        reason: failure ?? reason,
      },
      'live capture stopped',
    );
  })();

  return {
    stop(reason) {
      stopReason ??= reason ?? null;
      capture.stop();
    },
    done,
  };
}
