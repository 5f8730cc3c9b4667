import type { ServiceInfo } from '../../types.ts';
import { cpeFor } from '../cpe.ts';
import { cannotStartWith, type Endpoint, exchange, printable } from '../exchange.ts';

/** Sends "version": memcached answers VERSION x.y.z without authentication. */
export async function probeMemcached(endpoint: Endpoint): Promise<ServiceInfo | null> {
  const { data } = await exchange(endpoint, {
    send: 'version\r\n',
    complete: (d) => cannotStartWith(d, ['VERSION ']) || d.includes('\r\n'),
  });
  const version = /^VERSION (\S+)\r\n/.exec(data.toString('latin1'))?.[1];
  if (!version) return null;
  return {
    name: 'memcached',
    product: 'Memcached',
    version,
    cpe: cpeFor('memcached', version),
    banner: printable(data),
  };
}
