import {
  SSVC_AUTOMATABLE,
  SSVC_EXPLOITATION,
  SSVC_EXPOSURE,
  SSVC_HUMAN_IMPACT,
  SSVC_MISSION_WELLBEING,
  SSVC_TECHNICAL_IMPACT,
} from '@netguard/contracts';
import { describe, expect, it } from 'vitest';
import { decideCoordinator, decideDeployer, lookup } from './decide.ts';
import {
  COORDINATOR_CSV,
  DEPLOYER_CSV,
  HUMAN_IMPACT_CSV,
  MISSION_WELLBEING_CSV,
  publishedRows,
  TECHNICAL_IMPACT_CSV,
} from './published.test-data.ts';
import {
  CISA_COORDINATOR_TABLE,
  DEPLOYER_TABLE,
  HUMAN_IMPACT_TABLE,
  MISSION_WELLBEING_TABLE,
  TECHNICAL_IMPACT_TABLE,
} from './tables.ts';

// biome-ignore lint/suspicious/noExplicitAny: rows of the published CSV are plain strings
type Any = any;

const ev = <T extends string>(value: T) => ({ value, reason: `given ${value}` });

describe('CISA coordinator table', () => {
  it('covers every combination once (36 rows)', () => {
    const keys = new Set(CISA_COORDINATOR_TABLE.map((r) => r.slice(0, 4).join('|')));
    expect(keys.size).toBe(
      SSVC_EXPLOITATION.length *
        SSVC_AUTOMATABLE.length *
        SSVC_TECHNICAL_IMPACT.length *
        SSVC_MISSION_WELLBEING.length,
    );
    expect(CISA_COORDINATOR_TABLE).toHaveLength(36);
  });

  it.each(publishedRows(COORDINATOR_CSV))(
    '%s / %s / %s / %s -> %s',
    (e: Any, a: Any, t: Any, m: Any, outcome) => {
      const decision = decideCoordinator({
        exploitation: ev(e),
        automatable: ev(a),
        technicalImpact: ev(t),
        missionWellbeing: ev(m),
      });
      expect(decision.outcome).toBe(outcome);
      expect(decision.path).toEqual([
        { point: 'Exploitation', value: e, reason: `given ${e}` },
        { point: 'Automatable', value: a, reason: `given ${a}` },
        { point: 'Technical Impact', value: t, reason: `given ${t}` },
        { point: 'Mission & Well-being', value: m, reason: `given ${m}` },
      ]);
    },
  );

  it('leaves the outcome undecided when a point is unknown, and says which', () => {
    const decision = decideCoordinator({
      exploitation: ev('active'),
      automatable: null,
      technicalImpact: ev('total'),
      missionWellbeing: ev('high'),
    });
    expect(decision.outcome).toBeNull();
    expect(decision.path[1]).toEqual({
      point: 'Automatable',
      value: 'unknown',
      reason: 'No data to decide this point',
    });
  });
});

describe('CERT/CC deployer table', () => {
  it('covers every combination once (72 rows)', () => {
    const keys = new Set(DEPLOYER_TABLE.map((r) => r.slice(0, 4).join('|')));
    expect(keys.size).toBe(
      SSVC_EXPLOITATION.length *
        SSVC_EXPOSURE.length *
        SSVC_AUTOMATABLE.length *
        SSVC_HUMAN_IMPACT.length,
    );
    expect(DEPLOYER_TABLE).toHaveLength(72);
  });

  it.each(publishedRows(DEPLOYER_CSV))(
    '%s / %s / %s / %s -> %s',
    (e: Any, x: Any, a: Any, h: Any, outcome) => {
      const decision = decideDeployer({
        exploitation: ev(e),
        exposure: ev(x),
        automatable: ev(a),
        humanImpact: ev(h),
      });
      expect(decision.outcome).toBe(outcome);
      expect(decision.path.map((s) => s.point)).toEqual([
        'Exploitation',
        'System Exposure',
        'Automatable',
        'Human Impact',
      ]);
      expect(decision.path.map((s) => s.value)).toEqual([e, x, a, h]);
    },
  );
});

describe('combination tables', () => {
  it.each(publishedRows(MISSION_WELLBEING_CSV, false))(
    'mission %s, well-being %s -> %s',
    (m, w, out) => {
      expect(lookup(MISSION_WELLBEING_TABLE, [m as Any, w as Any])).toBe(out);
    },
  );
  it.each(publishedRows(HUMAN_IMPACT_CSV))(
    'safety %s, mission %s -> human impact %s',
    (s, m, out) => {
      expect(lookup(HUMAN_IMPACT_TABLE, [s as Any, m as Any])).toBe(out);
    },
  );
  it.each(publishedRows(TECHNICAL_IMPACT_CSV))(
    'PR %s, C %s, I %s -> technical impact %s',
    (p, c, i, out) => {
      expect(lookup(TECHNICAL_IMPACT_TABLE, [p as Any, c as Any, i as Any])).toBe(out);
    },
  );
  it('each combination table covers its space once', () => {
    expect(new Set(MISSION_WELLBEING_TABLE.map((r) => `${r[0]}|${r[1]}`)).size).toBe(9);
    expect(new Set(HUMAN_IMPACT_TABLE.map((r) => `${r[0]}|${r[1]}`)).size).toBe(16);
    expect(new Set(TECHNICAL_IMPACT_TABLE.map((r) => r.slice(0, 3).join('|'))).size).toBe(27);
  });
});
