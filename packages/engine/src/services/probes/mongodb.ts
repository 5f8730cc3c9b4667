import type { ServiceInfo } from '../../types.ts';
import { cpeFor } from '../cpe.ts';
import { type Endpoint, exchange, printable } from '../exchange.ts';
import { type BsonDoc, decodeBson, encodeBson } from './bson.ts';

/** An OP_MSG (opcode 2013) carrying one command document. */
export function opMsg(command: Record<string, string | number>, requestId = 1): Buffer {
  const body = encodeBson(command);
  const head = Buffer.alloc(21);
  head.writeInt32LE(21 + body.length, 0);
  head.writeInt32LE(requestId, 4);
  head.writeInt32LE(0, 8);
  head.writeInt32LE(2013, 12);
  head.writeUInt32LE(0, 16);
  head[20] = 0;
  return Buffer.concat([head, body]);
}

/** Runs one MongoDB command and returns the reply document, or null when it is not MongoDB. */
export async function mongoCommand(
  endpoint: Endpoint,
  command: Record<string, string | number>,
): Promise<{ reply: BsonDoc; raw: Buffer } | null> {
  const { data } = await exchange(endpoint, {
    send: opMsg(command),
    complete: (d) => d.length >= 16 && (d.readInt32LE(12) !== 2013 || d.length >= d.readInt32LE(0)),
  });
  if (data.length < 26 || data.readInt32LE(12) !== 2013 || data.length < data.readInt32LE(0))
    return null;
  try {
    return { reply: decodeBson(data, 21), raw: data };
  } catch {
    return null;
  }
}

/** buildInfo answers without authentication on MongoDB and names the version. */
export async function probeMongo(endpoint: Endpoint): Promise<ServiceInfo | null> {
  const result = await mongoCommand(endpoint, { buildInfo: 1, $db: 'admin' });
  if (!result) return null;
  const version = typeof result.reply.version === 'string' ? result.reply.version : undefined;
  return {
    name: 'mongodb',
    product: 'MongoDB',
    version,
    cpe: cpeFor('mongodb', version),
    banner: printable(result.raw, 120),
  };
}
