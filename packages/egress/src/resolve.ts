// Names are resolved once and every address is checked; the connection then goes to an address
// that was checked, so a second lookup (DNS rebinding) cannot move it.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyFailure, EgressError } from './errors.ts';
import type { EgressPolicy, Requester } from './policy.ts';

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export type Resolved = { host: string; address: string; family: 4 | 6 };

/**
 * Resolves `host` and checks each of its addresses with `port` against the policy: refused when
 * any address is refused (a name with one address inside and one outside is refused whole).
 */
export async function resolveChecked(
  policy: EgressPolicy,
  host: string,
  port: number,
  who: Requester,
  lookup: Lookup = systemLookup,
): Promise<Resolved> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await lookup(bare);
    } catch (error) {
      throw classifyFailure(error);
    }
    if (!addresses.length) throw new EgressError('not_found', 'host not found');
  }
  for (const { address } of addresses) {
    const verdict = policy.check(address, port, who);
    if (!verdict.allowed)
      throw new EgressError(
        'policy',
        bare === address
          ? `refused by the egress policy: ${verdict.reason}`
          : `refused by the egress policy: ${bare} resolves to ${verdict.reason}`,
      );
  }
  const first = addresses[0] as { address: string; family: number };
  return { host: bare, address: first.address, family: first.family === 6 ? 6 : 4 };
}
