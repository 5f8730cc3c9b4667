// The framework catalogues NetGuard assesses, and look-ups over them.
import { GDPR } from './gdpr.ts';
import { HIPAA } from './hipaa.ts';
import { ISO27001 } from './iso27001/index.ts';
import { NIST_CSF } from './nist-csf/index.ts';
import { SOC2 } from './soc2.ts';
import type { Framework, FrameworkId, Requirement } from './types.ts';

export * from './mappings.ts';
export * from './types.ts';
export { GDPR, HIPAA, ISO27001, NIST_CSF, SOC2 };

export const FRAMEWORKS: readonly Framework[] = [SOC2, ISO27001, NIST_CSF, GDPR, HIPAA];

/** The framework with this id, or undefined. */
export function findFramework(id: string): Framework | undefined {
  return FRAMEWORKS.find((f) => f.id === id);
}

/** A requirement by framework and official identifier, or undefined. */
export function findRequirement(framework: FrameworkId, id: string): Requirement | undefined {
  return findFramework(framework)?.requirements.find((r) => r.id === id);
}
