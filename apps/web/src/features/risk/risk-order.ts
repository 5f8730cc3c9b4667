import type {
  SSVC_COORDINATOR_OUTCOMES,
  SSVC_DEPLOYER_OUTCOMES,
  TPriorityItem,
} from '@netguard/contracts';

type TDeployer = (typeof SSVC_DEPLOYER_OUTCOMES)[number];
type TCoordinator = (typeof SSVC_COORDINATOR_OUTCOMES)[number];

const DEPLOYER_RANK: Record<TDeployer, number> = {
  immediate: 0,
  out_of_cycle: 1,
  scheduled: 2,
  defer: 3,
};
const COORDINATOR_RANK: Record<TCoordinator, number> = {
  act: 0,
  attend: 1,
  track_star: 2,
  track: 3,
};
const UNDECIDED = 4;

const dueTime = (due: string | null) => (due === null ? Number.POSITIVE_INFINITY : Date.parse(due));

/**
 * The AI Prioritization queue in working order: the deployer decision first (Immediate …
 * Defer, undecided last), then the coordinator decision, the earliest due date, the higher score.
 */
export function orderQueue(items: readonly TPriorityItem[]): TPriorityItem[] {
  return [...items].sort(
    (a, b) =>
      (a.deployer ? DEPLOYER_RANK[a.deployer] : UNDECIDED) -
        (b.deployer ? DEPLOYER_RANK[b.deployer] : UNDECIDED) ||
      (a.coordinator ? COORDINATOR_RANK[a.coordinator] : UNDECIDED) -
        (b.coordinator ? COORDINATOR_RANK[b.coordinator] : UNDECIDED) ||
      dueTime(a.due_at) - dueTime(b.due_at) ||
      b.riskScore - a.riskScore,
  );
}

/** Assessments with the highest score first; among equal scores the better-known one first. */
export function orderAssessments<T extends { riskScore: number; confidence: number }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort((a, b) => b.riskScore - a.riskScore || b.confidence - a.confidence);
}
