import { RISK_FORMULA, type TRiskAssessment } from '@netguard/contracts';
import { confidenceOf, listInputs } from './confidence.ts';
import { type ParsedCvss, parseCvss } from './cvss.ts';
import { holdUpstreamOnly } from './detection.ts';
import { reasoningOf, recommendationsOf } from './explain.ts';
import { applyFormula, type FormulaFactors, severityBase } from './formula.ts';
import type { AssessInput } from './input.ts';
import {
  automatableOf,
  exploitationOf,
  exposureOf,
  humanImpactOf,
  missionWellbeingOf,
  technicalImpactFrom,
} from './points.ts';
import { decideCoordinator, decideDeployer } from './ssvc/decide.ts';

export type CvssReading = {
  parsed: ParsedCvss | null;
  score: number | null;
  note: string;
  /** The CVE's vectors of other versions that parse (4.0 beside 3.1): shown, never scored. */
  others: ParsedCvss[];
};

function parseOthers(v: AssessInput['vulnerability'], scored: ParsedCvss | null): ParsedCvss[] {
  return v.cvss_other_vectors.flatMap((text) => {
    try {
      const parsed = parseCvss(text);
      return parsed.version === scored?.version ? [] : [parsed];
    } catch {
      return [];
    }
  });
}

/**
 * The vector's base score when it parses, else the finding's CVSS score; the other versions'
 * vectors are parsed beside it and named in the note, the score starting from the first vector.
 */
export function readCvss(v: AssessInput['vulnerability']): CvssReading {
  let problem = '';
  if (v.cvss_vector) {
    try {
      const parsed = parseCvss(v.cvss_vector);
      const others = parseOthers(v, parsed);
      const also = others.map((o) => `CVSS ${o.version} base ${o.base_score}`).join(', ');
      const note = also
        ? `Advisory CVSS ${parsed.version} vector (scored); also ${also}, not scored`
        : 'Advisory CVSS vector';
      return { parsed, score: parsed.base_score, note, others };
    } catch (error) {
      problem = ` (${(error as Error).message})`;
    }
  }
  const others = parseOthers(v, null);
  if (v.cvss_score !== null)
    return {
      parsed: null,
      score: v.cvss_score,
      note: `Finding CVSS score, no usable vector${problem}`,
      others,
    };
  return { parsed: null, score: null, note: `No CVSS score${problem}`, others };
}

function factorsOf(input: AssessInput, cvss: CvssReading, exposure: ReturnType<typeof exposureOf>) {
  const { asset, vulnerability: v } = input;
  const exploitation = exploitationOf(input);
  const base: FormulaFactors['base'] =
    cvss.score !== null
      ? {
          value: cvss.score * 10,
          source: `CVSS ${cvss.parsed?.version ?? ''} base ${cvss.score} x10`.replace('  ', ' '),
        }
      : v.risk_score !== null
        ? { value: v.risk_score, source: `the finding's risk score ${v.risk_score}` }
        : severityBase(v.severity);
  const factors: FormulaFactors = {
    base,
    externalExposure: exposure
      ? { applied: exposure.level === 'external', reason: exposure.reason }
      : { applied: false, reason: `Exposure of ${v.host} unknown` },
    criticalAssets: asset
      ? {
          applied: asset.criticality === 'critical',
          reason: `Asset criticality ${asset.criticality} (${asset.source})`,
        }
      : { applied: false, reason: `No asset criticality set for ${v.host}` },
    criticalBusiness: asset
      ? {
          applied: asset.mission_prevalence === 'essential',
          reason: `Mission prevalence ${asset.mission_prevalence} (${asset.source}); essential counts as critical business`,
        }
      : { applied: false, reason: `No mission set for ${v.host}` },
    exploitAvailable: { applied: exploitation.value !== 'none', reason: exploitation.reason },
  };
  return { factors, exploitation };
}

/**
 * Assesses one vulnerability from its inputs: the NetGuard score (the spec's formula), SSVC
 * coordinator and deployer decisions with their paths, the inputs with their freshness and the
 * confidence, and reasoning and recommendations generated from those data. No narrative here.
 */
export function assess(input: AssessInput): TRiskAssessment {
  const now = input.now ? new Date(input.now) : new Date();
  const v = input.vulnerability;
  const cvss = readCvss(v);
  const exposure = exposureOf(input);
  const { factors, exploitation } = factorsOf(input, cvss, exposure);
  const formula = applyFormula(factors);
  const automatable = automatableOf(input, cvss.parsed);
  const { coordinator, deployer, step } = holdUpstreamOnly(input.detection, {
    coordinator: decideCoordinator({
      exploitation,
      automatable,
      technicalImpact: technicalImpactFrom(input, cvss.parsed),
      missionWellbeing: missionWellbeingOf(input),
    }),
    deployer: decideDeployer({
      exploitation,
      exposure,
      automatable,
      humanImpact: humanImpactOf(input),
    }),
  });
  const inputs = listInputs(input, cvss, exposure, now);
  const ssvc = {
    coordinator: coordinator.outcome,
    deployer: deployer.outcome,
    path: [
      ...coordinator.path,
      ...deployer.path.filter((s) => !coordinator.path.some((c) => c.point === s.point)),
      ...(step ? [step] : []),
    ],
  };
  const facts = { input, cvss, factors, formula, coordinator, deployer, inputs };
  return {
    vulnerability_id: v.id,
    ...formula,
    confidence: confidenceOf(inputs),
    reasoning: reasoningOf(facts),
    remediationComplexity: RISK_FORMULA.remediationComplexity,
    recommendations: recommendationsOf(facts),
    cvss:
      cvss.score === null
        ? null
        : {
            version: cvss.parsed?.version ?? null,
            base_score: cvss.score,
            vector: cvss.parsed?.vector ?? null,
            severity: cvss.parsed?.severity ?? null,
            others: cvss.others.map((o) => ({
              version: o.version,
              base_score: o.base_score,
              vector: o.vector,
              severity: o.severity,
            })),
          },
    epss: input.epss,
    kev: input.kev,
    detection: input.detection,
    inputs,
    ssvc,
    narrative: null,
    computed_at: now.toISOString(),
  };
}

export type AssessFacts = {
  input: AssessInput;
  cvss: CvssReading;
  factors: FormulaFactors;
  formula: ReturnType<typeof applyFormula>;
  coordinator: ReturnType<typeof decideCoordinator>;
  deployer: ReturnType<typeof decideDeployer>;
  inputs: TRiskAssessment['inputs'];
};
