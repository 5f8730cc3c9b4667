// Integration tests of the services the deployment runs on data: the scan pipeline against a
// canary target with planted weaknesses, packet reading, feeds, SIEM, cloud and SSO connections.
import type { TestDefinition } from '@netguard/selftest';
import type { ConnectionCheck, SystemContext } from './probes.ts';
import { failed, inconclusive, passed, probeThen } from './verdicts.ts';

type Test = TestDefinition<SystemContext>;

export const FEED_MAX_AGE_HOURS = 48;

export const scanPipelineTest: Test = {
  id: 'integration.scan-pipeline',
  suite: 'integration',
  name: 'Scan pipeline detects a canary’s weaknesses',
  checks:
    'The scanner finds the weaknesses of a loopback target the test starts with them planted.',
  how: 'Starts an HTTP canary on loopback with known weaknesses and scans it with the scan engine.',
  passCriterion:
    'Every planted weakness appears as a finding (the scanner detects, not only runs).',
  covers: ['ASVS 14.1.1'],
  passive: false,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.canaryScan(signal),
      (scan) => {
        const missing = scan.planted.filter((id) => !scan.found.includes(id));
        const evidence = [
          {
            kind: 'note',
            summary: `Planted ${scan.planted.join(', ')}; found ${scan.found.join(', ') || 'none'}`,
            data: { ...scan },
          },
        ];
        if (scan.openPorts.length === 0)
          return failed(
            'The scan reported no open port on the canary it started, so nothing was scanned.',
            'Check the scan engine’s connect scanning and the deployment’s scan scope (allowed ranges).',
            evidence,
          );
        if (missing.length > 0)
          return failed(
            `The scan missed ${missing.length} of ${scan.planted.length} planted weaknesses: ${missing.join(', ')}.`,
            'Check that the checks named are enabled in the engine and that service detection recognises HTTP.',
            evidence,
          );
        return passed(`All ${scan.planted.length} planted weaknesses were found.`, evidence);
      },
    ),
};

export const packetReadingTest: Test = {
  id: 'integration.packet-reading',
  suite: 'integration',
  name: 'Packet reading of a capture it makes',
  checks: 'A capture written by the server is read back packet for packet by the packet reader.',
  how: 'Writes a pcap of known TCP packets, reads it with @netguard/packets and compares them.',
  passCriterion: 'Every packet written is read back with the same addresses and ports.',
  covers: ['ASVS 5.2.1'],
  passive: true,
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.packetCapture(signal),
      (capture) => {
        const evidence = [
          {
            kind: 'measurement',
            summary: `${capture.matching}/${capture.packetsWritten} packets matched`,
            data: { ...capture },
          },
        ];
        if (capture.packetsWritten === 0) return inconclusive('No packet was written.', evidence);
        if (
          capture.matching !== capture.packetsWritten ||
          capture.packetsRead !== capture.packetsWritten
        )
          return failed(
            `${capture.matching} of ${capture.packetsWritten} packets were read back intact (${capture.packetsRead} read).`,
            'Check the packet reader (packages/packets) against the capture format the server writes.',
            evidence,
          );
        return passed(`All ${capture.packetsWritten} packets were read back intact.`, evidence);
      },
    ),
};

export const feedsTest: Test = {
  id: 'integration.feeds',
  suite: 'integration',
  name: 'Vulnerability feeds fresh',
  checks: `Every feed (KEV, EPSS, advisories) imported successfully within ${FEED_MAX_AGE_HOURS} hours.`,
  how: 'Reads the last successful import of each feed.',
  passCriterion: `Each feed’s last success is at most ${FEED_MAX_AGE_HOURS} hours old.`,
  covers: ['ASVS 15.2.1'],
  passive: true,
  thresholds: [{ metric: 'oldestFeedAge', unit: 'h', max: FEED_MAX_AGE_HOURS }],
  run: (ctx, signal) =>
    probeThen(
      () => ctx.integration.feeds(signal),
      (feeds) => {
        const evidence = [{ kind: 'note', summary: `${feeds.length} feeds`, data: { feeds } }];
        if (feeds.length === 0)
          return inconclusive('No feed has ever been imported on this deployment.', evidence);
        const never = feeds.filter((f) => !f.lastSuccessAt);
        if (never.length === feeds.length)
          return inconclusive(
            `No feed import has succeeded yet (${feeds.map((f) => f.name).join(', ')}).`,
            evidence,
          );
        const ages = feeds.map((f) => ({
          name: f.name,
          hours: f.lastSuccessAt
            ? (Date.now() - Date.parse(f.lastSuccessAt)) / 3_600_000
            : Number.POSITIVE_INFINITY,
        }));
        const oldest = Math.max(...ages.map((a) => a.hours));
        const stale = ages.filter((a) => a.hours > FEED_MAX_AGE_HOURS);
        const measurements = Number.isFinite(oldest)
          ? { oldestFeedAge: Math.round(oldest * 10) / 10 }
          : undefined;
        if (stale.length > 0)
          return failed(
            `${stale.map((s) => (Number.isFinite(s.hours) ? `${s.name} is ${Math.round(s.hours)} h old` : `${s.name} never imported`)).join('; ')}.`,
            'Run the feed import (Vulnerabilities → Feeds, or `netguard feeds import`); offline deployments upload the feed files.',
            evidence,
            { measurements },
          );
        return passed(`Every feed imported within ${Math.ceil(oldest)} h.`, evidence, {
          measurements,
        });
      },
    ),
};

/** Connection checks of configured integrations: none configured is inconclusive. */
function connectionTest(
  id: string,
  name: string,
  what: string,
  recommendation: string,
  probe: (ctx: SystemContext, signal: AbortSignal) => Promise<ConnectionCheck[]>,
  covers: string[],
): Test {
  return {
    id,
    suite: 'integration',
    name,
    checks: `Every configured ${what} answers its own connection test.`,
    how: `Runs the ${what} connection test the product offers, through the egress policy.`,
    passCriterion: `Each configured ${what} answers its test.`,
    covers,
    passive: true,
    run: (ctx, signal) =>
      probeThen(
        () => probe(ctx, signal),
        (checks) => {
          const evidence = checks.map((c) => ({
            kind: 'connection-test',
            summary: `${c.name}: ${c.message}`,
            data: { ...c },
          }));
          if (checks.length === 0)
            return inconclusive(`No ${what} is configured on this deployment.`, evidence);
          const bad = checks.filter((c) => !c.ok);
          if (bad.length > 0)
            return failed(
              `${bad.length} of ${checks.length} failed: ${bad.map((c) => `${c.name} (${c.message})`).join('; ')}.`,
              recommendation,
              evidence,
            );
          return passed(`All ${checks.length} answered their test.`, evidence);
        },
      ),
  };
}

export const siemTest = connectionTest(
  'integration.siem',
  'SIEM integrations’ test connections',
  'SIEM integration',
  'Open SIEM Integrations, fix the endpoint or credentials of the integration named, and run Test Connection.',
  (ctx, signal) => ctx.integration.siemConnections(signal),
  ['ASVS 16.4.1'],
);

export const cloudTest = connectionTest(
  'integration.cloud',
  'Cloud connections’ verification calls',
  'cloud connection',
  'Open Cloud Security and store fresh credentials for the connection named (keys may be rotated or revoked).',
  (ctx, signal) => ctx.integration.cloudConnections(signal),
  ['ASVS 13.3.1'],
);

export const ssoTest = connectionTest(
  'integration.sso',
  'SSO discovery and keys',
  'SSO provider',
  'Check the issuer URL of the SSO provider named: its discovery document and signing keys must load.',
  (ctx, signal) => ctx.integration.ssoProviders(signal),
  ['ASVS 10.5.1'],
);
