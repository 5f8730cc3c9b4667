import type { ServiceInfo } from '../../types.ts';
import { cpeFor } from '../cpe.ts';
import { cannotStartWith, type Endpoint, exchange, printable } from '../exchange.ts';

export const REDIS_INFO = '*2\r\n$4\r\nINFO\r\n$6\r\nserver\r\n';

/** Asks INFO server: a version means no authentication; -NOAUTH still names Redis. */
export async function probeRedis(endpoint: Endpoint): Promise<ServiceInfo | null> {
  const { data } = await exchange(endpoint, {
    send: REDIS_INFO,
    complete: (d) =>
      cannotStartWith(d, ['$', '-']) ||
      d.includes('\r\n\r\n') ||
      /^-.*\r\n/.test(d.toString('latin1')),
  });
  const text = data.toString('latin1');
  if (/^-(NOAUTH|WRONGPASS|ERR.*auth)/i.test(text)) {
    return {
      name: 'redis',
      product: 'Redis',
      cpe: cpeFor('redis'),
      banner: printable(data),
      extra: { auth: 'required' },
    };
  }
  const version = /redis_version:([\d.]+)/.exec(text)?.[1];
  if (!text.startsWith('$') || !version) return null;
  return {
    name: 'redis',
    product: 'Redis',
    version,
    cpe: cpeFor('redis', version),
    banner: printable(data, 200),
    extra: { auth: 'none' },
  };
}
