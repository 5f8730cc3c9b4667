// Detective services, per region: GuardDuty, Security Hub, an AWS Config recorder that records
// every resource type, and an active IAM Access Analyzer.
import type { AwsCheck, Hit } from './check.ts';
import type { AwsInventory, RegionInventory } from './inventory.ts';

/** One hit per region in which the service was read and `off` says why it is off. */
const regionOff =
  (
    service: string,
    off: (r: RegionInventory) => { detail: string; evidence: Record<string, unknown> } | undefined,
  ) =>
  (inv: AwsInventory): Hit[] =>
    inv.regions.flatMap((r) => {
      const why = off(r);
      return why
        ? [
            {
              region: r.region,
              resourceId: `arn:aws:${service}:${r.region}:${inv.account}`,
              ...why,
            },
          ]
        : [];
    });

export const DETECTION_CHECKS: AwsCheck[] = [
  {
    id: 'aws_guardduty_off',
    evaluate: regionOff('guardduty', (r) => {
      if (!r.guardDuty || r.guardDuty.some((d) => d.enabled)) return undefined;
      return {
        detail: r.guardDuty.length
          ? `GuardDuty detectors in ${r.region} are suspended.`
          : `GuardDuty has no detector in ${r.region}.`,
        evidence: { detectors: r.guardDuty },
      };
    }),
  },
  {
    id: 'aws_securityhub_off',
    evaluate: regionOff('securityhub', (r) =>
      r.securityHub === null
        ? { detail: `Security Hub is not enabled in ${r.region}.`, evidence: { hub: null } }
        : undefined,
    ),
  },
  {
    id: 'aws_config_recorder_off',
    evaluate: regionOff('config', (r) => {
      const recorders = r.configRecorders;
      if (!recorders) return undefined;
      const complete = recorders.filter(
        (x) => x.status?.recording && x.recorder.recordingGroup?.allSupported !== false,
      );
      if (complete.length) return undefined;
      const seen = recorders.map((x) => ({
        name: x.recorder.name,
        recording: x.status?.recording ?? false,
        allSupported: x.recorder.recordingGroup?.allSupported ?? false,
      }));
      return {
        detail: recorders.length
          ? `No AWS Config recorder in ${r.region} is recording every resource type.`
          : `AWS Config has no recorder in ${r.region}.`,
        evidence: { recorders: seen },
      };
    }),
  },
  {
    id: 'aws_accessanalyzer_off',
    evaluate: regionOff('access-analyzer', (r) => {
      if (!r.analyzers || r.analyzers.some((a) => a.status === 'ACTIVE')) return undefined;
      return {
        detail: `IAM Access Analyzer has no active analyzer in ${r.region}.`,
        evidence: { analyzers: r.analyzers },
      };
    }),
  },
];
