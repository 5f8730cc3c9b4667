// A real DNS server (dnsmasq) on a test's own loopback address answering the TXT records that
// prove SSO domains, and the seed that marks a domain verified where a test is not about proving it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { ssoDomains } from '../src/db/schema.ts';

const DNSMASQ = '/usr/sbin/dnsmasq';

export type DnsServer = {
  /** `host:port`: what SSO_DNS_RESOLVERS names. */
  address: string;
  /** Starts again answering `records` (name → values) instead. */
  restart: (records: Record<string, string[]>) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * dnsmasq in the foreground on `host:port` (an address of the test's own block), answering only
 * from `records`; names under `zones` it does not hold are NXDOMAIN, anything else REFUSED (it
 * asks no upstream server). Fails saying so when dnsmasq is not installed.
 */
export async function startDnsServer(options: {
  host: string;
  port: number;
  zones: string[];
  records: Record<string, string[]>;
}): Promise<DnsServer> {
  if (spawnSync(DNSMASQ, ['--version']).status !== 0)
    throw new Error(
      `${DNSMASQ} is missing: the SSO domain tests run a DNS server (apt-get install -y dnsmasq-base, or bash .ci/run)`,
    );
  const address = `${options.host}:${options.port}`;
  let child: ChildProcess | undefined;

  async function start(records: Record<string, string[]>) {
    const args = [
      '--no-daemon',
      '--conf-file=/dev/null',
      '--no-resolv',
      '--no-hosts',
      '--bind-interfaces',
      `--listen-address=${options.host}`,
      `--port=${options.port}`,
      '--pid-file=',
      '--user=root',
      '--cache-size=0',
      ...options.zones.map((zone) => `--local=/${zone}/`),
      ...Object.entries(records).flatMap(([name, values]) =>
        values.map((value) => `--txt-record=${name},${value}`),
      ),
    ];
    const started = spawn(DNSMASQ, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child = started;
    // Ready when it answers: a lookup of a zone's apex gets NXDOMAIN/NODATA, not a refused socket.
    const resolver = new Resolver({ timeout: 200, tries: 1 });
    resolver.setServers([address]);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (started.exitCode !== null) throw new Error(`dnsmasq exited: ${stderr}`);
      const code = await resolver.resolveTxt(`ready.${options.zones[0]}`).then(
        () => 'OK',
        (error: { code?: string }) => error.code,
      );
      if (code === 'OK' || code === 'ENOTFOUND' || code === 'ENODATA') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`dnsmasq did not answer on ${address}: ${stderr}`);
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  await start(options.records);
  return {
    address,
    restart: async (records) => {
      await stop();
      await start(records);
    },
    stop,
  };
}

/**
 * Marks the organization's claims of `domains` verified and just checked, as a proof through DNS
 * would (for tests about sign-in, not about proving domains): the periodic check is not due.
 */
export async function markDomainsVerified(
  db: Executor,
  organizationId: string,
  domains: string[],
): Promise<void> {
  const now = new Date();
  const rows = await db
    .update(ssoDomains)
    .set({ status: 'verified', verifiedAt: now, lastCheckedAt: now, misses: 0 })
    .where(and(eq(ssoDomains.organizationId, organizationId), inArray(ssoDomains.domain, domains)))
    .returning({ domain: ssoDomains.domain });
  if (rows.length !== domains.length)
    throw new Error(`not all of ${domains.join(', ')} are claims of ${organizationId}`);
}
