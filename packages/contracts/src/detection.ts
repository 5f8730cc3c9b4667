import { z } from 'zod';

/**
 * How a finding was established, in the manner of GVM's quality of detection (QoD):
 * - `active_probe`: the scan made the service show the flaw (an unauthenticated command answered,
 *   a weak cipher negotiated, a listing served) — confirmed;
 * - `configuration`: read from what the service advertises about itself (offered algorithms,
 *   headers, certificate) — reliable, not exploited;
 * - `package_revision`: the distribution package revision in the banner compared with that
 *   distribution's own fixed version, in its version order (dpkg, rpm);
 * - `upstream_version`: the upstream version only; on a distribution build backported fixes are
 *   invisible, so the finding may be false.
 */
export const DETECTION_METHODS = [
  'active_probe',
  'configuration',
  'package_revision',
  'upstream_version',
] as const;
export type TDetectionMethod = (typeof DETECTION_METHODS)[number];

/** GVM-style quality of detection of each method, in percent. */
export const DETECTION_QOD: Record<TDetectionMethod, number> = {
  active_probe: 95,
  configuration: 90,
  package_revision: 97,
  upstream_version: 80,
};
/** An upstream-version match on a distribution build: backports unknown (GVM remote_banner_unreliable). */
export const DISTRO_UPSTREAM_QOD = 30;

export const DETECTION_LABELS: Record<TDetectionMethod, string> = {
  active_probe: 'Confirmed by an active probe',
  configuration: 'Read from the service configuration',
  package_revision: 'Package revision matched against the distribution fix',
  upstream_version: 'Upstream version only (backports unknown)',
};

/** The detection confidence every finding carries. */
export const ZDetection = z.object({
  method: z.enum(DETECTION_METHODS),
  /** Quality of detection, 0-100. */
  qod: z.number().int().min(0).max(100),
  /** What the method saw, in words a person can check. */
  detail: z.string().max(1000),
  /** The distribution build the service revealed ("Debian 12", "Ubuntu 22.04", "RHEL 9"), if any. */
  distribution: z.string().max(60).nullable(),
});
export type TDetection = z.infer<typeof ZDetection>;

/** Shown where a finding carries no detection (imported from nmap, or found before it was recorded). */
export const DETECTION_NOT_RECORDED = 'Not recorded';
/** Badge of a finding that rests on the upstream version of a distribution build. */
export const DETECTION_BACKPORTS_UNKNOWN = 'Possible — backports unknown';

/**
 * Whether a finding only matched the upstream version of a distribution build: the distribution
 * may have backported the fix, so the finding is possible, not established.
 */
export function isBackportUnknown(detection: TDetection | null): boolean {
  return (
    detection?.method === 'upstream_version' &&
    (detection.distribution !== null || detection.qod <= DISTRO_UPSTREAM_QOD)
  );
}
