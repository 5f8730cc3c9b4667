import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { scanRef } from './security.ts';

export const CHUNK_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const chunkStatusEnum = pgEnum('scan_chunk_status', CHUNK_STATUSES);

/**
 * What one chunk job scans: target entries (addresses, ranges, hostnames) x a port list; with
 * `udp`, also the UDP probes of its hosts (one chunk per address group carries them).
 */
export type ChunkSpec = { targets: string[]; ports: number[]; udp?: boolean };

/** A slice of a scan that one worker runs; the scan completes when every chunk is done. */
export const scanChunks = pgTable(
  'scan_chunks',
  {
    id: id(),
    scanId: scanRef(),
    index: integer('index').notNull(),
    spec: jsonb('spec').$type<ChunkSpec>().notNull(),
    /** Host-port probes in this chunk: the weight of its progress in the scan's. */
    weight: bigint('weight', { mode: 'number' }).notNull(),
    status: chunkStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    hostsScanned: integer('hosts_scanned').notNull().default(0),
    error: text('error'),
    workerId: text('worker_id'),
    heartbeatAt: tstz('heartbeat_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scan_chunks_scan_index_uq').on(t.scanId, t.index),
    index('scan_chunks_status_idx').on(t.status, t.heartbeatAt),
  ],
);

export const scanHosts = pgTable(
  'scan_hosts',
  {
    id: id(),
    scanId: scanRef(),
    address: text('address').notNull(),
    hostname: text('hostname'),
    status: text('status').notNull().default('up'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('scan_hosts_scan_address_uq').on(t.scanId, t.address)],
);

export const scanServices = pgTable(
  'scan_services',
  {
    id: id(),
    scanId: scanRef(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    protocol: text('protocol').notNull(),
    state: text('state').notNull(),
    service: text('service'),
    product: text('product'),
    version: text('version'),
    cpe: text('cpe'),
    banner: text('banner'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('scan_services_scan_host_port_uq').on(t.scanId, t.host, t.port, t.protocol)],
);
