import type { TFinding } from '@netguard/contracts';
import { CHECKS, selectChecks } from './checks/index.ts';
import { withAdvisories } from './checks/vulnerable-version/index.ts';
import type { Analysis, EngineOptions } from './port-engine.ts';
import { detectService } from './services/detect.ts';
import type { Check, CheckContext } from './types.ts';

/**
 * Service detection and the selected checks (with the configured advisories) for a run.
 * Throws on an unknown check id.
 */
export function createAnalysis(
  options: Pick<EngineOptions, 'checks' | 'advisoriesFile' | 'advisories'>,
): Analysis {
  const checks = selectChecks(
    options.checks ?? 'all',
    withAdvisories(CHECKS, { file: options.advisoriesFile, advisories: options.advisories }),
  );
  return { detect: detectService, findings: (ctx) => runChecks(checks, ctx) };
}

/** Runs every applicable check; a check that throws is skipped, never fatal to the scan. */
async function runChecks(checks: readonly Check[], ctx: CheckContext): Promise<TFinding[]> {
  const findings: TFinding[] = [];
  for (const check of checks) {
    if (!check.appliesTo(ctx)) continue;
    try {
      findings.push(...(await check.run(ctx)));
    } catch {
      // A broken check must not stop the scan; the contract test keeps this path rare.
    }
  }
  return findings;
}
