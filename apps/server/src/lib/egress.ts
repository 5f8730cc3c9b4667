// The deployment's egress policy (packages/egress) with what only the running server knows: its
// own listeners and database, this host's addresses, and who is a deployment operator.
import os from 'node:os';
import {
  createEgressPolicy,
  type EgressPolicy,
  type Endpoint,
  type Lookup,
  type Network,
  networkFor,
  type Requester,
} from '@netguard/egress';
import type { AppConfig } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { isDeploymentOperator } from '../modules/operators/operators.repo.ts';

export type ServerEgressOptions = {
  allowedRanges: readonly string[];
  deniedRanges: readonly string[];
  /** The database URLs the server uses: their host and port are never a tenant's destination. */
  databaseUrls: readonly (string | undefined)[];
  /** The API's and the metrics' listeners as configured (port 0: added by `listening`). */
  listeners: readonly Endpoint[];
  isOperator: (userId: string) => Promise<boolean>;
  /** The resolver (tests point it at a loopback DNS server); default the system's. */
  lookup?: Lookup;
  /** CA certificates that tenant-directed TLS trusts instead of Node's (tests: their fakes'). */
  ca?: string;
};

export type ServerEgress = {
  policy(): EgressPolicy;
  /** The network of a signed-in user: an operator reaches loopback and this host. */
  forUser(userId: string): Promise<Network>;
  /** Who a user is to the policy now: a deployment operator or not. */
  requester(userId: string): Promise<Requester>;
  /** The network of work done for an organization with no operator behind it. */
  tenant(): Network;
  /** The network of the deployment's own tools (the operators' CLI). */
  operator(): Network;
  /** Adds a listener the server opened (its real port when PORT=0). */
  listening(endpoint: Endpoint): void;
};

/** Host and port of a postgres:// URL; nothing for a Unix socket or an unreadable URL. */
export function databaseEndpoint(url: string | undefined): Endpoint | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const socketHost = parsed.searchParams.get('host');
  if (!parsed.hostname || socketHost?.startsWith('/')) return undefined;
  return { address: parsed.hostname, port: Number(parsed.port) || 5432 };
}

/** Every address of this host's interfaces. */
export function hostAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .flatMap((info) => (info ? [info.address] : []));
}

export function createServerEgress(options: ServerEgressOptions): ServerEgress {
  const endpoints: Endpoint[] = [
    ...options.listeners.filter((e) => e.port > 0),
    ...options.databaseUrls.flatMap((url) => databaseEndpoint(url) ?? []),
  ];
  let built: { policy: EgressPolicy; tenant: Network; operator: Network } | undefined;
  const current = () => {
    if (!built) {
      const policy = createEgressPolicy({
        allowed: options.allowedRanges,
        denied: options.deniedRanges,
        ownEndpoints: endpoints,
        ownAddresses: hostAddresses(),
      });
      const reach = {
        ...(options.lookup ? { lookup: options.lookup } : {}),
        ...(options.ca ? { ca: options.ca } : {}),
      };
      built = {
        policy,
        tenant: networkFor(policy, { operator: false }, reach),
        operator: networkFor(policy, { operator: true }, reach),
      };
    }
    return built;
  };
  return {
    policy: () => current().policy,
    tenant: () => current().tenant,
    operator: () => current().operator,
    requester: async (userId) => ({ operator: await options.isOperator(userId) }),
    async forUser(userId) {
      return (await options.isOperator(userId)) ? current().operator : current().tenant;
    },
    listening(endpoint) {
      endpoints.push(endpoint);
      built = undefined;
    },
  };
}

/**
 * The egress of a process with the deployment's configuration: EGRESS_*, its API and metrics
 * listeners, the databases it uses, and operators as its database and NETGUARD_OPERATORS say.
 */
export function configuredEgress(
  config: Pick<AppConfig, 'egress' | 'host' | 'port' | 'metricsPort' | 'operators'>,
  db: Executor,
  databaseUrls: readonly (string | undefined)[],
  ca?: string,
): ServerEgress {
  return createServerEgress({
    allowedRanges: config.egress.allowedRanges,
    deniedRanges: config.egress.deniedRanges,
    databaseUrls,
    listeners: [
      { address: config.host, port: config.port },
      { address: config.host, port: config.metricsPort },
    ],
    isOperator: (userId) => isDeploymentOperator(db, config.operators, userId),
    ...(ca ? { ca } : {}),
  });
}
