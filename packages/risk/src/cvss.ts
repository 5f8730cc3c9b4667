import cvssCalculator from 'ae-cvss-calculator';
import { lookup } from './ssvc/decide.ts';
import { type CvssLevel, TECHNICAL_IMPACT_TABLE, type TechnicalImpact } from './ssvc/tables.ts';

const { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } = cvssCalculator;

export type CvssVersion = '2.0' | '3.0' | '3.1' | '4.0';

export type ParsedCvss = {
  version: CvssVersion;
  /** The vector as the library normalised it. */
  vector: string;
  base_score: number;
  severity: string;
  /** Base metric values by abbreviation: { AV: 'N', PR: 'N', C: 'H', ... }. */
  metrics: Record<string, string>;
};

const CALCULATORS = { '2.0': Cvss2, '3.0': Cvss3P0, '3.1': Cvss3P1, '4.0': Cvss4P0 } as const;

function versionOf(vector: string): CvssVersion {
  const prefix = /^CVSS:(\d\.\d)\//.exec(vector)?.[1];
  if (prefix === '3.0' || prefix === '3.1' || prefix === '4.0') return prefix;
  if (!prefix && /^\(?AV:[LAN]\/AC:[HML]\/Au:/.test(vector)) return '2.0';
  throw new Error(`Unsupported CVSS vector: ${vector.slice(0, 60)}`);
}

/** FIRST's qualitative ratings (3.x and 4.0 share them); NVD's three bands for 2.0. */
export function cvssSeverity(version: CvssVersion, score: number): string {
  if (version === '2.0') return score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low';
  if (score === 0) return 'none';
  return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low';
}

/**
 * Parses a CVSS 2.0, 3.0, 3.1 or 4.0 vector with ae-cvss-calculator and computes its base score.
 * Throws a readable error for an unknown version, metric or value, or a vector missing base metrics.
 */
export function parseCvss(input: string): ParsedCvss {
  const text = input.trim().replace(/^\((.*)\)$/, '$1');
  const version = versionOf(text);
  let calc: InstanceType<(typeof CALCULATORS)[CvssVersion]>;
  try {
    calc = new CALCULATORS[version](text);
  } catch (error) {
    throw new Error(`Invalid CVSS ${version} vector: ${(error as Error).message}`);
  }
  if (!calc.isBaseFullyDefined())
    throw new Error(`Invalid CVSS ${version} vector: base metrics missing`);
  const base = calc.calculateScores().base ?? 0;
  const metrics: Record<string, string> = {};
  for (const part of text.split('/')) {
    const [key, value] = part.split(':');
    if (key && value && key !== 'CVSS') metrics[key] = value;
  }
  return {
    version,
    vector: calc.toString(),
    base_score: base,
    severity: cvssSeverity(version, base),
    metrics,
  };
}

const LEVEL: Record<string, CvssLevel> = { N: 'none', L: 'low', H: 'high' };

/**
 * SSVC Technical Impact from the vector, by CERT/CC's CVSS-to-Technical-Impact table: Privileges
 * Required with the Confidentiality and Integrity impact on the vulnerable system (4.0: PR, VC,
 * VI; 3.x: PR, C, I). Total when C and I are both High, or when no privileges are needed and one
 * of them is High and the other at least Low. Null for 2.0 (its metrics have other values).
 */
export function technicalImpactOf(cvss: ParsedCvss): TechnicalImpact | null {
  if (cvss.version === '2.0') return null;
  const [c, i] = cvss.version === '4.0' ? ['VC', 'VI'] : ['C', 'I'];
  const pr = LEVEL[cvss.metrics.PR ?? ''];
  const conf = LEVEL[cvss.metrics[c] ?? ''];
  const integ = LEVEL[cvss.metrics[i] ?? ''];
  if (!pr || !conf || !integ) return null;
  return lookup(TECHNICAL_IMPACT_TABLE, [pr, conf, integ]) ?? null;
}

/**
 * Whether the vector describes an attack a script can run end to end (NetGuard's reading of SSVC
 * Automatable when no Vulnrichment entry says): network attack vector, low complexity, no
 * privileges, no user interaction (4.0 also: no attack requirements; 2.0: no authentication).
 */
export function automatableFromVector(cvss: ParsedCvss): boolean {
  const m = cvss.metrics;
  const network = m.AV === 'N' && m.AC === 'L';
  if (cvss.version === '2.0') return network && m.Au === 'N';
  const base = network && m.PR === 'N' && m.UI === 'N';
  return cvss.version === '4.0' ? base && m.AT === 'N' : base;
}
