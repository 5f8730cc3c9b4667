import { randomUUID } from 'node:crypto';
import {
  PACKET_LIMITS,
  type TCaptureCapability,
  type TCaptureFile,
  type ZCaptureFileList,
} from '@netguard/contracts';
import { CaptureFormatError } from '@netguard/packets';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { CaptureProbe } from './packets.capability.ts';
import { EmptyUploadError, ingestCapture, UploadTooLargeError } from './packets.ingest.ts';
import { createPacketReading } from './packets.reading.ts';
import * as repo from './packets.repo.ts';
import { CaptureStorageError, type CaptureStore } from './packets.store.ts';
import { PACKET_TEXT } from './packets.text.ts';
import { toCaptureFile, toCaptureListItem } from './packets.view.ts';

type Deps = { db: Executor; store: CaptureStore; probe: CaptureProbe; log: Logger };

export type CaptureUpload = {
  name: string;
  /** The request body; undefined when the request had none. */
  body: AsyncIterable<Uint8Array> | undefined;
  /** Content-Length, when the client sent one. */
  declaredBytes: number | null;
};

const tooLarge = () => new AppError('bad_request', 413, PACKET_TEXT.tooLarge);

/** Why an upload failed, in words for the person who sent it. */
function uploadError(error: unknown): unknown {
  if (error instanceof CaptureFormatError) return new AppError('bad_request', 400, error.message);
  if (error instanceof UploadTooLargeError) return tooLarge();
  if (error instanceof EmptyUploadError)
    return new AppError('bad_request', 400, PACKET_TEXT.emptyUpload);
  const code = (error as { code?: string }).code;
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new AppError('bad_request', 400, PACKET_TEXT.interrupted);
  }
  return error;
}

/** Capture files of the caller's organization, their packets, and what live capture may do. */
export function createPacketService({ db, store, probe, log }: Deps) {
  const reading = createPacketReading({ db, store });

  async function quota(organizationId: string) {
    if (
      (await repo.countCaptures(db, organizationId)) >= PACKET_LIMITS.maxCapturesPerOrganization
    ) {
      throw new AppError('conflict', 409, PACKET_TEXT.quota);
    }
  }

  return {
    ...reading,

    /** Whether the caller may capture live on this server, and on which interfaces. */
    capability(auth: AuthContext): Promise<TCaptureCapability> {
      return probe.forCaller(auth);
    },

    /**
     * Stores an uploaded capture after one pass that checks, counts and indexes it; a file that
     * is not a capture, too large or over the quota leaves nothing behind.
     */
    async upload(
      auth: AuthContext,
      upload: CaptureUpload,
      meta: RequestMeta,
    ): Promise<TCaptureFile> {
      const org = auth.organizationId;
      if ((upload.declaredBytes ?? 0) > PACKET_LIMITS.maxUploadBytes) throw tooLarge();
      if (!upload.body || upload.declaredBytes === 0) {
        throw new AppError('bad_request', 400, PACKET_TEXT.emptyUpload);
      }
      await quota(org);
      const id = randomUUID();
      const writer = await store.create(org, id);
      const ingested = await ingestCapture(upload.body, writer, PACKET_LIMITS.maxUploadBytes).catch(
        async (error: unknown) => {
          await writer.discard();
          throw uploadError(error);
        },
      );
      try {
        const row = await db.transaction(async (tx) => {
          await repo.lockOrganizationCaptures(tx, org);
          await quota(org);
          const inserted = await repo.insertCapture(tx, {
            id,
            organizationId: org,
            userId: auth.userId,
            name: upload.name,
            ...ingested,
          });
          await insertAuditLog(
            tx,
            {
              userId: auth.userId,
              organizationId: org,
              action: 'capture.upload',
              resourceType: 'capture_file',
              resourceId: id,
              details: {
                name: upload.name,
                packets: ingested.packetCount,
                bytes: ingested.sizeBytes,
              },
            },
            meta,
          );
          return inserted;
        });
        await writer.commit();
        return toCaptureFile(row);
      } catch (error) {
        await writer.discard();
        await repo.deleteCapture(db, org, id).catch(() => undefined);
        throw error;
      }
    },

    async list(auth: AuthContext): Promise<z.infer<typeof ZCaptureFileList>> {
      const rows = await repo.listCaptures(db, auth.organizationId);
      return { captures: rows.map(toCaptureListItem) };
    },

    async get(auth: AuthContext, id: string): Promise<TCaptureFile> {
      const row = await repo.findCapture(db, auth.organizationId, id);
      if (!row) throw notFound('Capture');
      return toCaptureFile(row);
    },

    /** Deletes the capture's row, then its file. */
    async remove(auth: AuthContext, id: string, meta: RequestMeta): Promise<void> {
      const deleted = await db.transaction(async (tx) => {
        if (!(await repo.deleteCapture(tx, auth.organizationId, id))) return false;
        await insertAuditLog(
          tx,
          {
            userId: auth.userId,
            organizationId: auth.organizationId,
            action: 'capture.delete',
            resourceType: 'capture_file',
            resourceId: id,
          },
          meta,
        );
        return true;
      });
      if (!deleted) throw notFound('Capture');
      reading.forget(id);
      await store.remove(auth.organizationId, id).catch((error: unknown) => {
        // The capture is gone; its object goes with the next sweep.
        if (!(error instanceof CaptureStorageError)) throw error;
        log.warn({ err: error, captureId: id }, 'capture file left in storage for the sweep');
      });
    },

    /** Removes every capture file of organizations just deleted (with their rows, by cascade). */
    async removeOrganizationFiles(organizationIds: string[]): Promise<void> {
      for (const org of organizationIds) {
        await store
          .removeOrganization(org)
          .catch((error: unknown) =>
            log.warn(
              { err: error, organizationId: org },
              'capture files of a deleted organization stay until the next sweep',
            ),
          );
      }
    },

    /** Removes capture files whose rows are gone (deleted accounts, uploads cut off by a crash). */
    async sweepFiles(): Promise<void> {
      const removed = await store.sweep((org) => repo.captureIds(db, org));
      if (removed > 0) log.info({ removed }, 'removed orphaned capture files');
    },
  };
}

export type PacketService = ReturnType<typeof createPacketService>;
