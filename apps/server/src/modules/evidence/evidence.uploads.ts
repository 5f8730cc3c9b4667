// Manual evidence (policies, screenshots) under the spec's file rules, messages word for word:
// 10 MB, allowed types read from the bytes, blocked extensions. Uploads wait for a reviewer.

import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EVIDENCE_TEXT, type TEvidenceUploadQuery } from '@netguard/contracts';
import {
  checkUpload,
  findRequirement,
  MAX_UPLOAD_BYTES,
  sha256Hex,
  UPLOAD_MESSAGES,
} from '@netguard/evidence';
import type { Executor } from '../../db/client.ts';
import { evidenceFiles } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Sealer } from '../../lib/sealed-secrets.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { DAY_MS } from './collectors/types.ts';
import { insertItems, refOf } from './evidence.items.ts';
import { ensureKey, lockKey } from './evidence.keys.ts';

/** Room for a multipart envelope around a file of the largest size. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/** Reads the body; more than UPLOAD_BODY_LIMIT is the spec's size error. */
export async function readUploadBody(stream: Readable | undefined): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream ?? []) {
    size += (chunk as Buffer).length;
    if (size > UPLOAD_BODY_LIMIT) throw new AppError('bad_request', 413, UPLOAD_MESSAGES.tooLarge);
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

export function createUploadService(deps: { db: Executor; sealer: Sealer }) {
  const { db, sealer } = deps;
  return {
    /** Stores the file as evidence waiting for review; returns its id. */
    async upload(
      auth: AuthContext,
      q: TEvidenceUploadQuery,
      file: { name: string; bytes: Buffer },
    ): Promise<string> {
      const checked = checkUpload(file.name, file.bytes);
      if (!checked.ok)
        throw new AppError(
          'validation_error',
          checked.message === UPLOAD_MESSAGES.tooLarge ? 413 : 400,
          checked.message,
        );
      const requirements = q.requirementIds.map(refOf);
      const unknown = requirements.find((r) => !findRequirement(r.framework, r.id));
      if (unknown)
        throw new AppError(
          'validation_error',
          400,
          EVIDENCE_TEXT.unknownRequirement(unknown.framework, unknown.id),
        );
      const now = new Date();
      const observed = q.observedAt ? new Date(q.observedAt) : now;
      const id = randomUUID();
      const name = file.name.split(/[\\/]/).pop()?.slice(0, 200) || 'evidence';
      const sha256 = sha256Hex(file.bytes);
      await ensureKey(db, sealer, auth.organizationId);
      const [item] = await db.transaction(async (tx) => {
        await lockKey(tx, sealer, auth.organizationId);
        const stored = await insertItems(
          tx,
          auth.organizationId,
          [
            {
              id,
              type: q.type,
              title: q.title,
              requirements,
              source: { kind: 'upload', uploadedBy: auth.userId },
              outcome: 'satisfied',
              observedAt: observed.toISOString(),
              collectedAt: now.toISOString(),
              expiresAt: new Date(observed.getTime() + q.validDays * DAY_MS).toISOString(),
              metadata: { fileName: name },
              attachments: [
                { name, mediaType: checked.mediaType, size: file.bytes.length, sha256 },
              ],
              reviewRequired: true,
              collectorId: null,
              collectorVersion: null,
              runId: null,
              createdBy: auth.userId,
            },
          ],
          now,
        );
        await tx.insert(evidenceFiles).values({
          evidenceId: id,
          organizationId: auth.organizationId,
          name,
          mediaType: checked.mediaType,
          size: file.bytes.length,
          sha256,
          data: file.bytes,
        });
        return stored;
      });
      if (!item) throw new Error('the upload was not stored');
      return item.id;
    },
  };
}
