// The compliance evidence module's parts, wired once for the API.
import type { Executor } from '../../db/client.ts';
import type { ServerEgress } from '../../lib/egress.ts';
import type { ScanQueue } from '../scans/scans.queue.ts';
import { createEvidenceExport } from './evidence.export.ts';
import { createGrantService } from './evidence.grants.ts';
import { createKeySealer } from './evidence.keys.ts';
import { createOverviewService } from './evidence.overview.ts';
import { createEvidenceQueue } from './evidence.queue.ts';
import { createComplianceReports } from './evidence.reports.ts';
import { createRequestService } from './evidence.requests.ts';
import type { EvidenceRouteDeps } from './evidence.routes.ts';
import { createScheduleService } from './evidence.schedules.ts';
import { createEvidenceService } from './evidence.service.ts';
import { createTimestamper } from './evidence.timestamp.ts';
import { createUploadService } from './evidence.uploads.ts';

export function createEvidenceModule(deps: {
  db: Executor;
  secret: string;
  jobs: Pick<ScanQueue, 'boss' | 'start'>;
  /** EVIDENCE_TSA_URL: the RFC 3161 authority that stamps packages; unset, none. */
  tsaUrl: string | undefined;
  egress: Pick<ServerEgress, 'operator'>;
}): { routes: EvidenceRouteDeps } {
  const { db } = deps;
  const sealer = createKeySealer(deps.secret);
  const queue = createEvidenceQueue(deps.jobs);
  return {
    routes: {
      evidence: createEvidenceService({ db, sealer, wake: queue.send }),
      schedules: createScheduleService(db),
      reports: createComplianceReports(db),
      exporter: createEvidenceExport({
        db,
        sealer,
        timestamp: createTimestamper(deps.tsaUrl, deps.egress.operator),
      }),
      uploads: createUploadService({ db, sealer }),
      grants: createGrantService(db),
      overview: createOverviewService(db),
      requests: createRequestService(db, sealer),
      db,
    },
  };
}
