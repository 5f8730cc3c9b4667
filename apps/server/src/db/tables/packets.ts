import type { TPacketStats } from '@netguard/contracts';
import type { CaptureFormat, ReaderCheckpoint } from '@netguard/packets';
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgRef, users } from './accounts.ts';
import { createdAt, id } from './columns.ts';

/**
 * An uploaded capture file of an organization. The file itself lives in the capture store
 * (`captures/<organization id>/<id>.cap` in the data dir or the STORAGE_URL bucket); the row
 * holds what one pass over it learned.
 */
export const captureFiles = pgTable(
  'capture_files',
  {
    id: id(),
    organizationId: orgRef(),
    /** Who uploaded it; the capture stays with the organization when that user goes. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    format: text('format').$type<CaptureFormat>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    packetCount: integer('packet_count').notNull(),
    linkTypes: jsonb('link_types').$type<number[]>().notNull(),
    stats: jsonb('stats').$type<TPacketStats>().notNull(),
    /**
     * Reader state after every 1000th frame: element k resumes at frame (k + 1) * 1000 + 1, so a
     * page reads from the nearest one instead of from the start of the file.
     */
    checkpoints: jsonb('checkpoints').$type<ReaderCheckpoint[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('capture_files_org_created_idx').on(t.organizationId, t.createdAt)],
);
