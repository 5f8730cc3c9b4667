// The part of a scan every provider shares: pick the checks, collect through one recorder, run the
// pure checks over what was collected, and report findings, calls and gaps.
import { CallRecorder, type Classifier } from '../calls.ts';
import type { CheckMeta, Finding, Provider, ScanOptions, ScanResult } from '../types.ts';
import { scanStatus } from '../types.ts';

/** A finding before the runner adds what it knows (check, provider, account, resource type). */
export type Draft = Omit<Finding, 'checkId' | 'provider' | 'account' | 'resourceType'>;

/** A check's logic: a pure function over the collected data. */
export type CheckFn<D> = (data: D) => Draft[];

export type ScanPlan<D> = {
  provider: Provider;
  account: string;
  catalog: CheckMeta[];
  checks: Record<string, CheckFn<D>>;
  classify: Classifier;
  /** Reads what the wanted checks need, every call through the recorder. */
  collect: (recorder: CallRecorder, wanted: Set<string>) => Promise<D>;
  /** How many resources of each type (a catalog resourceType) the data holds. */
  resources: (data: D) => Record<string, number>;
};

/** The catalog's checks that `options.checks` selects (all by default); unknown ids are refused. */
export function selectChecks(catalog: CheckMeta[], ids?: string[]): CheckMeta[] {
  if (!ids) return catalog;
  const unknown = ids.filter((id) => !catalog.some((c) => c.id === id));
  if (unknown.length) throw new Error(`Unknown check ids: ${unknown.join(', ')}`);
  return catalog.filter((c) => ids.includes(c.id));
}

/** The check ids among `ids` that the scan wants. */
export const wantedOf = (wanted: Set<string>, ids: string[]) => ids.filter((id) => wanted.has(id));

const inRegions = (regions: string[] | undefined, region: string) =>
  !regions || region === 'global' || regions.includes(region);

/** One check's findings over the data, in the scan's regions. */
function evaluate<D>(plan: ScanPlan<D>, meta: CheckMeta, data: D, regions?: string[]): Finding[] {
  const check = plan.checks[meta.id];
  if (!check) throw new Error(`Check ${meta.id} has no logic`);
  return check(data)
    .filter((draft) => inRegions(regions, draft.region))
    .map((draft) => ({
      checkId: meta.id,
      provider: plan.provider,
      account: plan.account,
      resourceType: meta.resourceType,
      ...draft,
    }));
}

export async function runScan<D>(
  plan: ScanPlan<D>,
  options: ScanOptions = {},
): Promise<ScanResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const selected = selectChecks(plan.catalog, options.checks);
  const recorder = new CallRecorder(plan.classify, options);
  options.onProgress?.({ done: 0, total: 0, phase: 'collect' });
  const data = await plan.collect(recorder, new Set(selected.map((c) => c.id)));
  const findings: Finding[] = [];
  const byType = new Map<string, CheckMeta[]>();
  for (const meta of selected)
    byType.set(meta.resourceType, [...(byType.get(meta.resourceType) ?? []), meta]);
  const counts = plan.resources(data);
  const countOf = (type: string) => counts[type] ?? 0;
  // Progress counts resources: those of a type are done once every check of the type has run.
  const total = [...byType.keys()].reduce((sum, type) => sum + countOf(type), 0);
  let done = 0;
  options.onProgress?.({ done, total, phase: 'evaluate' });
  for (const [type, metas] of byType) {
    for (const meta of metas) findings.push(...evaluate(plan, meta, data, options.regions));
    done += countOf(type);
    options.onProgress?.({ done, total, phase: `evaluate ${type}` });
  }
  const gaps = recorder.gaps();
  return {
    provider: plan.provider,
    account: plan.account,
    status: scanStatus(findings, gaps),
    startedAt,
    finishedAt: now().toISOString(),
    regions: options.regions ?? [...new Set(recorder.calls.map((c) => c.region))],
    checksRun: selected.map((c) => c.id),
    findings,
    calls: recorder.calls,
    gaps,
  };
}
