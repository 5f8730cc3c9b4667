import {
  DEFAULT_TOPOLOGY_SETTINGS,
  SCAN_MESSAGES,
  TOPOLOGY_MESSAGES,
  type TScanListItem,
  type TTopologyGraph,
  type TTopologyPingResult,
  type TTopologySettings,
  ZTopologySettings,
} from '@netguard/contracts';
import { createScope } from '@netguard/engine';
import type { ScanSettings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { insertAuditLog, type RequestMeta } from '../audit/audit.repo.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import { type ScanEgress, scanScope, scopeLists } from '../scans/scans.egress.ts';
import type { ScanService } from '../scans/scans.service.ts';
import { buildScannedGraph } from './topology.graph.ts';
import { resolveHosts } from './topology.hosts.ts';
import { pingHost, probePorts } from './topology.probe.ts';
import * as repo from './topology.repo.ts';
import { sampleGraph } from './topology.sample.ts';

type Deps = {
  db: Executor;
  scans: Pick<ScanService, 'create' | 'start'>;
  settings: Pick<ScanSettings, 'allowedRanges' | 'deniedRanges'>;
  /** The deployment's egress policy: a probe reaches what the caller may reach. */
  egress: ScanEgress;
};

/** Scan names allow letters, digits, spaces, "_" and "-": the address is written with dashes. */
const portScanName = (host: string) => `Port Scan ${host.replaceAll('.', '-')}`;

/** The organization's network drawn from its scans, node actions, and each user's view options. */
export function createTopologyService({ db, scans, settings, egress }: Deps) {
  /**
   * A host of the caller's scan data that the deployment's scope and egress policy let NetGuard
   * probe for the caller, and the scope it is probed in.
   */
  async function knownHost(auth: AuthContext, host: string) {
    const scope = createScope(
      scanScope(scopeLists(settings), egress.policy(), await egress.requester(auth.userId)),
    );
    const verdict = scope.checkIp(host);
    if (!verdict.allowed) {
      const reason = verdict.reason.replace(/^.* is out of scope: /, '');
      throw new AppError('scope_refused', 400, SCAN_MESSAGES.scopeRefused(host, reason));
    }
    const known = await repo.findKnownHost(db, auth.organizationId, host);
    if (!known) throw new AppError('not_found', 404, TOPOLOGY_MESSAGES.unknownHost(host));
    return { known, scope };
  }

  return {
    async graph(auth: AuthContext): Promise<TTopologyGraph> {
      const recent = await repo.listRecentScans(db, auth.organizationId);
      const [seen, risks] = await Promise.all([
        repo.listSeenHosts(
          db,
          recent.map((s) => s.id),
        ),
        repo.countRisksByHost(db, auth.organizationId),
      ]);
      if (seen.length === 0) return sampleGraph();
      const captures = await repo.listCaptureTraffic(db, auth.organizationId);
      const hosts = resolveHosts(recent, seen, risks);
      return buildScannedGraph(hosts, recent[0]?.completedAt ?? null, captures);
    },

    /** A TCP reachability probe sent from this server, so it is audited like a scan. */
    async ping(auth: AuthContext, host: string, meta: RequestMeta): Promise<TTopologyPingResult> {
      const { known, scope } = await knownHost(auth, host);
      // This deployment's own ports are never probed for a tenant, nor named.
      const skipped = new Set(scope.skipPorts(host).map((s) => s.port));
      const result = await pingHost(host, probePorts(known.openPorts, skipped));
      const audit = {
        userId: auth.userId,
        organizationId: auth.organizationId,
        action: 'topology.ping',
        resourceType: 'host',
        resourceId: host,
        details: { reachable: result.reachable, ports: result.probed_ports },
      };
      await insertAuditLog(db, audit, meta);
      return result;
    },

    /** Launches a port scan of the host through the scans service: plan limits and scope apply. */
    async portScan(auth: AuthContext, host: string, meta: RequestMeta): Promise<TScanListItem> {
      await knownHost(auth, host);
      const scan = await scans.create(
        auth,
        { scan_name: portScanName(host), scan_type: 'port', target_hosts: [host] },
        meta,
      );
      return scans.start(auth, scan.id, meta);
    },

    /** The caller's view options; stored options no longer valid fall back to the defaults. */
    async getSettings(auth: AuthContext): Promise<TTopologySettings> {
      const stored = ZTopologySettings.safeParse(await repo.readSettings(db, auth.userId));
      return stored.success ? stored.data : DEFAULT_TOPOLOGY_SETTINGS;
    },

    async saveSettings(auth: AuthContext, body: TTopologySettings): Promise<TTopologySettings> {
      await repo.writeSettings(db, auth, body);
      return body;
    },
  };
}

export type TopologyService = ReturnType<typeof createTopologyService>;
