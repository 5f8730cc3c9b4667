export { type AssessFacts, assess, readCvss } from './assess.ts';
export { confidenceOf, EPSS_FRESH_DAYS, listInputs, MIN_QOD } from './confidence.ts';
export {
  automatableFromVector,
  cvssSeverity,
  type ParsedCvss,
  parseCvss,
  technicalImpactOf,
} from './cvss.ts';
export { type ExposureLevel, exposureOfAddress, SSVC_EXPOSURE_OF } from './exposure.ts';
export { applyFormula, riskLevelOf, urgencyOf } from './formula.ts';
export { type AssessInput, ZAssessInput } from './input.ts';
export { type LlmSettings, writeNarrative } from './narrative.ts';
export { ASSUMED_CONTEXT, EPSS_POC_THRESHOLD } from './points.ts';
export {
  decideCoordinator,
  decideDeployer,
  type Evidence,
  lookup,
  type SsvcStep,
} from './ssvc/decide.ts';
export * from './ssvc/tables.ts';
