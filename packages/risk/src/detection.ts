import type { AssessInput } from './input.ts';
import type { Decision, SsvcStep } from './ssvc/decide.ts';
import type { CoordinatorOutcome, DeployerOutcome } from './ssvc/tables.ts';

type Detection = AssessInput['detection'];

/**
 * The distribution whose build a finding matched on the upstream version only ("Debian"), else
 * null. Such a build may carry a backported fix the version does not show (GVM's
 * remote_banner_unreliable): the CVE is possible, not established.
 */
export function upstreamOnlyBuild(detection: Detection): string | null {
  return detection?.method === 'upstream_version' && detection.distribution
    ? detection.distribution
    : null;
}

/** The plain statement an upstream-only finding on a distribution build carries, else null. */
export function upstreamOnlyText(detection: Detection, cve: string | null): string | null {
  const build = upstreamOnlyBuild(detection);
  if (!build || !detection) return null;
  return `Upstream version only on a ${build} build: ${cve ?? 'the flaw'} is possible, not confirmed; ${build} may have backported the fix (backports unknown), so confidence is lowered (detection QoD ${detection.qod}%) and SSVC is held below Act / Immediate until the package revision is checked.`;
}

type Decisions = { coordinator: Decision<CoordinatorOutcome>; deployer: Decision<DeployerOutcome> };

/**
 * Version evidence alone on a distribution build never reaches CISA's Act or CERT/CC's Immediate:
 * those outcomes are held one step lower (Attend, Out-of-Cycle), and `step` says so for the end
 * of the decision path. Every other detection leaves the decisions as the tables gave them.
 */
export function holdUpstreamOnly(
  detection: Detection,
  d: Decisions,
): Decisions & { step: SsvcStep | null } {
  const build = upstreamOnlyBuild(detection);
  if (!build) return { ...d, step: null };
  const coordinator = d.coordinator.outcome === 'act' ? 'attend' : d.coordinator.outcome;
  const deployer = d.deployer.outcome === 'immediate' ? 'out_of_cycle' : d.deployer.outcome;
  const held = [
    coordinator !== d.coordinator.outcome && 'Act held at Attend',
    deployer !== d.deployer.outcome && 'Immediate held at Out-of-Cycle',
  ].filter(Boolean);
  return {
    coordinator: { ...d.coordinator, outcome: coordinator },
    deployer: { ...d.deployer, outcome: deployer },
    step: {
      point: 'Detection',
      value: 'upstream version only',
      reason: `${build} build matched on its upstream version, backports unknown: ${held.length ? held.join(', ') : 'nothing above Attend / Out-of-Cycle'} until the package revision confirms it`,
    },
  };
}
