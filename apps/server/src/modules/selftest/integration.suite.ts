import type { TestDefinition } from '@netguard/selftest';
import {
  billingTest,
  databaseTest,
  jobQueueTest,
  mailTest,
  realtimeTest,
  settingsBackupTest,
} from './integration.platform.ts';
import {
  cloudTest,
  feedsTest,
  packetReadingTest,
  scanPipelineTest,
  siemTest,
  ssoTest,
} from './integration.services.ts';
import type { SystemContext } from './probes.ts';

/** The integration suite: 12 tests of the deployment's parts working together. */
export const integrationTests: readonly TestDefinition<SystemContext>[] = [
  databaseTest,
  jobQueueTest,
  realtimeTest,
  mailTest,
  billingTest,
  scanPipelineTest,
  packetReadingTest,
  feedsTest,
  siemTest,
  cloudTest,
  ssoTest,
  settingsBackupTest,
];
