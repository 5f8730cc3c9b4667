import type {
  TPacket,
  TPacketExportRequest,
  TPacketFilterQuery,
  TPacketPage,
  TPacketPageQuery,
} from '@netguard/contracts';
import {
  createDissectContext,
  dissectFrame,
  type Frame,
  type ReaderCheckpoint,
} from '@netguard/packets';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import {
  type CaptureDownload,
  captureDownload,
  downloadBaseName,
  liveExportFrames,
  liveExportName,
} from './packets.export.ts';
import { activeFilters, compileFilters, filtersKey } from './packets.filters.ts';
import {
  type CaptureBytes,
  type CheckpointLookup,
  readAllFrames,
  readFramesByNumber,
} from './packets.frames.ts';
import { createMatchCache, findMatchingFrames } from './packets.matches.ts';
import * as repo from './packets.repo.ts';
import type { CaptureStore } from './packets.store.ts';

type Deps = { db: Executor; store: CaptureStore };

/** Reading the packets of the caller's capture files: pages, filters and pcap exports. */
export function createPacketReading({ db, store }: Deps) {
  const matches = createMatchCache();

  async function findOwn(auth: AuthContext, id: string) {
    const row = await repo.findCapture(db, auth.organizationId, id);
    if (!row) throw notFound('Capture');
    const bytes: CaptureBytes = (start) => store.read(auth.organizationId, id, start);
    return { row, bytes };
  }

  /** The numbers of the frames the filters keep, or null when they keep every frame. */
  function matching(id: string, bytes: CaptureBytes, query: TPacketFilterQuery) {
    const filters = activeFilters(query);
    if (!filters) return null;
    const match = compileFilters(filters);
    return matches.get(id, filtersKey(filters), () => findMatchingFrames(bytes, match));
  }

  /**
   * Reads checkpoints one at a time, or, for filtered frames that may jump between many of them,
   * all at once on first use.
   */
  function checkpointLookup(auth: AuthContext, id: string, jumps: boolean): CheckpointLookup {
    if (!jumps) return (index) => repo.findCheckpoint(db, auth.organizationId, id, index);
    let all: Promise<ReaderCheckpoint[]> | null = null;
    return async (index) => {
      all ??= repo.findCheckpoints(db, auth.organizationId, id);
      return (await all)[index] ?? null;
    };
  }

  return {
    /** `limit` packets from `offset` among those matching the filters, dissected in full. */
    async page(auth: AuthContext, id: string, query: TPacketPageQuery): Promise<TPacketPage> {
      const { row, bytes } = await findOwn(auth, id);
      const { offset, limit } = query;
      const matched = await matching(id, bytes, query);
      const total = matched ? matched.length : row.packetCount;
      const count = Math.max(0, Math.min(limit, total - offset));
      const numbers = matched
        ? matched.subarray(offset, offset + count)
        : Uint32Array.from({ length: count }, (_, i) => offset + i + 1);
      const checkpointAt = checkpointLookup(auth, id, matched !== null);
      // The frames read on the way to the page teach the context what the page's packets follow
      // (TLS versions, SSH and FTP conversations), as the full passes learned it from the top.
      let context = createDissectContext();
      const hooks = {
        onOpen: () => {
          context = createDissectContext();
        },
        onPassed: (frame: Frame) => void dissectFrame(frame, { includePayload: false, context }),
      };
      const packets: TPacket[] = [];
      for await (const frame of readFramesByNumber(bytes, numbers, checkpointAt, hooks)) {
        packets.push(dissectFrame(frame, { context }));
      }
      return { packets, total, offset, limit };
    },

    /** The packets matching the filters as a pcap (pcapng for several link types) download. */
    async exportFiltered(
      auth: AuthContext,
      id: string,
      query: TPacketFilterQuery,
    ): Promise<CaptureDownload> {
      const { row, bytes } = await findOwn(auth, id);
      const matched = await matching(id, bytes, query);
      const frames = matched
        ? readFramesByNumber(bytes, matched, checkpointLookup(auth, id, true))
        : readAllFrames(bytes);
      return captureDownload(frames, row.linkTypes, `${downloadBaseName(row.name)}-filtered`);
    },

    /** The browser's live packets written back as a pcap file. */
    exportLive(_auth: AuthContext, request: TPacketExportRequest): CaptureDownload {
      return captureDownload(liveExportFrames(request), [request.link_type], liveExportName());
    },

    /** Forgets what was cached about a deleted capture. */
    forget(id: string) {
      matches.evict(id);
    },
  };
}
