import type { ServiceInfo } from '../../types.ts';
import { cpeFor } from '../cpe.ts';
import { type Endpoint, exchange, printable } from '../exchange.ts';

/** A protocol 3.0 StartupMessage for user and database "netguard". */
export function startupMessage(): Buffer {
  const params = Buffer.from('user\0netguard\0database\0netguard\0\0', 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + params.length, 0);
  head.writeUInt32BE(196608, 4);
  return Buffer.concat([head, params]);
}

const AUTH_METHODS: Record<number, string> = { 0: 'trust', 3: 'password', 5: 'md5', 10: 'scram' };

/** Sends a startup message; an authentication request ('R') or a FATAL error ('E') is PostgreSQL. */
export async function probePostgres(endpoint: Endpoint): Promise<ServiceInfo | null> {
  const { data } = await exchange(endpoint, {
    send: startupMessage(),
    complete: (d) => d.length >= 9,
  });
  if (data.length < 9) return null;
  const type = String.fromCharCode(data[0]!);
  const length = data.readUInt32BE(1);
  const isAuth = type === 'R' && length >= 8 && length < 1000;
  const isError = type === 'E' && data.includes('SFATAL');
  if (!isAuth && !isError) return null;
  const extra: Record<string, string> = {};
  if (isAuth) extra.auth = AUTH_METHODS[data.readUInt32BE(5)] ?? 'other';
  return {
    name: 'postgresql',
    product: 'PostgreSQL',
    cpe: cpeFor('postgresql'),
    banner: printable(data, 120),
    extra,
  };
}
