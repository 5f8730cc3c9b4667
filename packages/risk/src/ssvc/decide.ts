import {
  type Automatable,
  CISA_COORDINATOR_TABLE,
  type CoordinatorOutcome,
  DEPLOYER_TABLE,
  type DeployerOutcome,
  type Exploitation,
  type Exposure,
  type HumanImpact,
  type MissionWellbeing,
  type TechnicalImpact,
} from './tables.ts';

/** A decision point's value and why it has it (the source of the value). */
export type Evidence<T extends string> = { value: T; reason: string };
/** One step of a decision path, as the contracts' ZSsvcStep. */
export type SsvcStep = { point: string; value: string; reason: string };
export type Decision<O> = { outcome: O | null; path: SsvcStep[] };

/** The outcome of the row whose decision-point values equal `key`; undefined when none does. */
export function lookup<K extends readonly string[], O>(
  table: ReadonlyArray<readonly [...K, O]>,
  key: K,
): O | undefined {
  const row = table.find((r) => key.every((value, i) => r[i] === value));
  return row?.[key.length] as O | undefined;
}

type Point<T extends string> = [name: string, evidence: Evidence<T> | null];

/** Walks the points in the tree's order; any unknown point leaves the outcome undecided. */
function decide<K extends readonly string[], O>(
  table: ReadonlyArray<readonly [...K, O]>,
  points: { [I in keyof K]: Point<K[I] & string> },
): Decision<O> {
  const path: SsvcStep[] = points.map(([point, evidence]) =>
    evidence
      ? { point, value: evidence.value, reason: evidence.reason }
      : { point, value: 'unknown', reason: 'No data to decide this point' },
  );
  if (points.some(([, evidence]) => !evidence)) return { outcome: null, path };
  const key = points.map(([, evidence]) => evidence?.value) as unknown as K;
  return { outcome: lookup(table, key) ?? null, path };
}

export type CoordinatorPoints = {
  exploitation: Evidence<Exploitation> | null;
  automatable: Evidence<Automatable> | null;
  technicalImpact: Evidence<TechnicalImpact> | null;
  missionWellbeing: Evidence<MissionWellbeing> | null;
};

/** CISA's coordinator decision: Track, Track*, Attend or Act, with the path that led there. */
export function decideCoordinator(p: CoordinatorPoints): Decision<CoordinatorOutcome> {
  return decide(CISA_COORDINATOR_TABLE, [
    ['Exploitation', p.exploitation],
    ['Automatable', p.automatable],
    ['Technical Impact', p.technicalImpact],
    ['Mission & Well-being', p.missionWellbeing],
  ]);
}

export type DeployerPoints = {
  exploitation: Evidence<Exploitation> | null;
  exposure: Evidence<Exposure> | null;
  automatable: Evidence<Automatable> | null;
  humanImpact: Evidence<HumanImpact> | null;
};

/** CERT/CC's deployer decision: Defer, Scheduled, Out-of-Cycle or Immediate, with its path. */
export function decideDeployer(p: DeployerPoints): Decision<DeployerOutcome> {
  return decide(DEPLOYER_TABLE, [
    ['Exploitation', p.exploitation],
    ['System Exposure', p.exposure],
    ['Automatable', p.automatable],
    ['Human Impact', p.humanImpact],
  ]);
}
