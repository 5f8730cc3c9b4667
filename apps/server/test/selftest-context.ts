// A self-test context for judging one test on a fixture: every probe answers `Unavailable` (not
// configured) except those a test gives.
import type {
  IntegrationProbes,
  PerformanceProbes,
  SystemContext,
} from '../src/modules/selftest/probes.ts';
import { Unavailable } from '../src/modules/selftest/verdicts.ts';

const unavailable = () => Promise.reject(new Unavailable('not configured in this fixture'));

export function fixtureContext(
  integration: Partial<IntegrationProbes> = {},
  performance: Partial<PerformanceProbes> = {},
): SystemContext {
  const all = <T extends object>(given: Partial<T>, keys: (keyof T)[]) =>
    Object.fromEntries(keys.map((k) => [k, given[k] ?? unavailable])) as T;
  return {
    integration: all<IntegrationProbes>(integration, [
      'database',
      'jobRoundTrip',
      'realtimeRoundTrip',
      'mail',
      'billing',
      'canaryScan',
      'packetCapture',
      'feeds',
      'siemConnections',
      'cloudConnections',
      'ssoProviders',
      'settingsBackupRestore',
    ]),
    performance: all<PerformanceProbes>(performance, [
      'keyReads',
      'passwordHashing',
      'queryPlans',
      'pagination',
      'scanToFirstEvent',
      'jobLatency',
      'eventLoopUnderLoad',
      'rateLimitBurst',
    ]),
  };
}
