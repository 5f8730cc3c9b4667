// The remediation module's parts, wired once for the API (routes) and once for the workers.
import type { Transport } from '@netguard/cloud';
import type { CloudEndpoints } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { createCloudSecrets } from '../cloud/cloud.secrets.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import { createBatchService } from './remediation.batches.ts';
import { createDrivers } from './remediation.drivers.ts';
import {
  createHostSecrets,
  createHostService,
  type HostTest,
  openHost,
} from './remediation.hosts.ts';
import { createRemediationQueue } from './remediation.queue.ts';
import type { HostRow } from './remediation.repo.ts';
import type { RemediationRouteDeps } from './remediation.routes.ts';
import { createRemediationService } from './remediation.service.ts';
import { createPlanValidator } from './remediation.validate.ts';
import { createWorkflowService } from './remediation.workflows.ts';

export type RemediationModuleDeps = {
  db: Executor;
  /** The deployment's secret key (sealed SSH and cloud credentials). */
  secret: string;
  jobs: Pick<ScanQueue, 'boss' | 'start'>;
  cloudEndpoints: CloudEndpoints;
  /** How cloud APIs are reached (tests: an agent trusting their CA). */
  cloudTransport?: Transport;
  scope: { allow: readonly string[]; deny: readonly string[] };
  /** Test Connection reaches hosts as the caller; runs as the organization. */
  egress: Pick<ServerEgress, 'forUser' | 'tenant' | 'policy'>;
};

export function createRemediationModule(deps: RemediationModuleDeps) {
  const { db } = deps;
  const queue = createRemediationQueue(deps.jobs);
  const hostSecrets = createHostSecrets(deps.secret);
  const drivers = createDrivers({
    db,
    hostSecrets,
    cloudSecrets: createCloudSecrets(deps.secret),
    cloudEndpoints: deps.cloudEndpoints,
    cloudTransport: deps.cloudTransport,
    scope: deps.scope,
    egress: deps.egress,
  });

  /**
   * Test Connection: connects with the pinned key (none pinned: whatever key the host presents,
   * shown for a person to confirm; nothing runs on the host but `id -u`), checks sudo.
   */
  async function testHost(auth: AuthContext, host: HostRow): Promise<HostTest> {
    try {
      const conn = await openHost(host, hostSecrets, await deps.egress.forUser(auth.userId));
      try {
        const who = await conn.exec('id -u');
        const root = who.code === 0 && who.stdout.trim() === '0';
        const confirmed = host.hostKeyConfirmedAt !== null;
        const pinned = confirmed
          ? 'matches the pinned key'
          : 'is not confirmed yet: compare it with the host’s own fingerprint (ssh-keygen -lf on its host key) and confirm it before the host runs executions';
        return {
          ok: root,
          message: root
            ? `Connected to ${host.address}:${host.port} as ${host.username} with root privileges; the host key ${conn.hostKeySha256} ${pinned}`
            : `Connected to ${host.address}:${host.port} as ${host.username}, but commands do not run as root${host.privilege === 'sudo' ? ` (sudo: ${who.stderr.trim() || 'refused'})` : ''}; the host key ${conn.hostKeySha256} ${pinned}`,
          hostKeySha256: conn.hostKeySha256,
          hostKeyConfirmed: confirmed,
        };
      } finally {
        conn.close();
      }
    } catch (error) {
      return {
        ok: false,
        message: (error as Error).message,
        hostKeySha256: null,
        hostKeyConfirmed: host.hostKeyConfirmedAt !== null,
        failure: error,
      };
    }
  }

  const routes: RemediationRouteDeps = {
    remediation: createRemediationService({ db, wake: queue.send }),
    hosts: createHostService({ db, secrets: hostSecrets, test: testHost }),
    workflows: createWorkflowService(db),
    batches: createBatchService(db),
    validator: createPlanValidator({ db, drivers }),
    db,
  };
  return { queue, drivers, routes };
}
