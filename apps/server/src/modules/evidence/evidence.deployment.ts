import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { Deployment } from './collectors/types.ts';

/** What the deployment collectors read from the configuration. */
export const deploymentOf = (config: AppConfig): Deployment => ({
  publicUrl: config.publicUrl,
  backupDir: path.join(config.dataDir, 'backups'),
  egress: config.egress,
  scans: { allowedRanges: config.scans.allowedRanges, deniedRanges: config.scans.deniedRanges },
});
