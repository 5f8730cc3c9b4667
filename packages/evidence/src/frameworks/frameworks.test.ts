import { describe, expect, it } from 'vitest';
import {
  FRAMEWORKS,
  findRequirement,
  HIPAA,
  ISO27001,
  MAPPINGS,
  mappingsOf,
  NIST_CSF,
  SOC2,
} from './index.ts';

const ids = (f: { requirements: { id: string; group: string }[] }, group?: RegExp) =>
  f.requirements.filter((r) => !group || group.test(r.group)).map((r) => r.id);

describe('framework catalogues', () => {
  it('ISO/IEC 27001:2022 has the 93 Annex A controls, 37 + 8 + 14 + 34, numbered without gaps', () => {
    const annex = ids(ISO27001, /^A\./);
    expect(annex).toHaveLength(93);
    const perTheme = { 'A.5': 37, 'A.6': 8, 'A.7': 14, 'A.8': 34 };
    for (const [theme, count] of Object.entries(perTheme)) {
      const expected = Array.from({ length: count }, (_, i) => `${theme}.${i + 1}`);
      expect(ids(ISO27001, new RegExp(`^${theme.replace('.', '\\.')}$`))).toEqual(expected);
    }
    expect(new Set(ISO27001.requirements.map((r) => r.group.split('.')[0]))).toEqual(
      new Set(['4', '5', '6', '7', '8', '9', '10', 'A']),
    );
  });

  it('NIST CSF 2.0 has 106 subcategories: GV 31, ID 21, PR 22, DE 11, RS 13, RC 8', () => {
    expect(NIST_CSF.requirements).toHaveLength(106);
    const perFunction: Record<string, number> = {};
    for (const r of NIST_CSF.requirements) {
      const fn = r.id.slice(0, 2);
      perFunction[fn] = (perFunction[fn] ?? 0) + 1;
      expect(r.id).toMatch(/^(GV|ID|PR|DE|RS|RC)\.[A-Z]{2}-\d{2}$/);
      expect(r.id.startsWith(`${r.group}-`)).toBe(true);
    }
    expect(perFunction).toEqual({ GV: 31, ID: 21, PR: 22, DE: 11, RS: 13, RC: 8 });
    expect(ids(NIST_CSF)).not.toContain('ID.AM-06');
  });

  it('SOC 2 covers CC1 to CC9, A1, C1, PI1 and P1 to P8 with their criteria', () => {
    expect(SOC2.groups.map((g) => g.id)).toEqual([
      ...['CC1', 'CC2', 'CC3', 'CC4', 'CC5', 'CC6', 'CC7', 'CC8', 'CC9'],
      ...['A1', 'C1', 'PI1', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8'],
    ]);
    const counts = SOC2.groups.map((g) => ids(SOC2, new RegExp(`^${g.id}$`)).length);
    expect(counts).toEqual([5, 3, 4, 2, 3, 8, 5, 1, 2, 3, 2, 5, 1, 1, 2, 3, 2, 7, 1, 1]);
    for (const r of SOC2.requirements) expect(r.id.startsWith(`${r.group}.`)).toBe(true);
  });

  it('HIPAA marks every implementation specification required or addressable', () => {
    for (const r of HIPAA.requirements) {
      expect(r.hipaa, r.id).toBeDefined();
      expect(r.id.startsWith(r.group)).toBe(true);
    }
    const mark = (id: string) => findRequirement('hipaa', id)?.hipaa?.implementation;
    expect(mark('164.308(a)(1)(ii)(A)')).toBe('required');
    expect(mark('164.312(a)(2)(iv)')).toBe('addressable');
    expect(mark('164.312(e)(2)(ii)')).toBe('addressable');
    expect(mark('164.308(a)(7)(ii)(A)')).toBe('required');
    const specs = HIPAA.requirements.filter(
      (r) => r.hipaa?.kind === 'implementation_specification',
    );
    // 164.308: 11 addressable, 164.310: 6, 164.312: 5; the required ones include 164.314/316's.
    expect(specs.filter((r) => r.hipaa?.implementation === 'addressable')).toHaveLength(22);
    expect(specs.filter((r) => r.hipaa?.implementation === 'required')).toHaveLength(21);
    expect(new Set(HIPAA.requirements.map((r) => r.group))).toEqual(
      new Set(['164.308', '164.310', '164.312', '164.314', '164.316']),
    );
  });

  it('GDPR has at least the articles on security and accountability', () => {
    const articles = ['5', '24', '25', '28', '30', '32', '33', '34', '35', '37', '38', '39'];
    for (const a of articles) expect(findRequirement('gdpr', `Art. ${a}`), a).toBeDefined();
  });

  it.each(FRAMEWORKS.map((f) => [f.id, f] as const))(
    '%s: unique ids, known groups, a data version, titles and our own short descriptions',
    (_, f) => {
      expect(f.dataVersion).toMatch(/^\d{4}\.\d+\.\d+$/);
      expect(new Set(ids(f)).size).toBe(f.requirements.length);
      const groups = new Set(f.groups.map((g) => g.id));
      expect(groups.size).toBe(f.groups.length);
      for (const r of f.requirements) {
        expect(groups.has(r.group), `${r.id} in ${r.group}`).toBe(true);
        expect(r.title.length).toBeGreaterThan(2);
        expect(r.description.length, r.id).toBeGreaterThan(10);
        // Short paraphrases, not the standard's text pasted in.
        expect(r.description.length, r.id).toBeLessThanOrEqual(130);
      }
    },
  );
});

describe('cross-framework mappings', () => {
  it('name only existing requirements, never themselves, and never the same pair twice', () => {
    expect(MAPPINGS.length).toBeGreaterThanOrEqual(50);
    const seen = new Set<string>();
    for (const m of MAPPINGS) {
      expect(
        findRequirement(m.from.framework, m.from.id),
        `${m.from.framework} ${m.from.id}`,
      ).toBeDefined();
      expect(
        findRequirement(m.to.framework, m.to.id),
        `${m.to.framework} ${m.to.id}`,
      ).toBeDefined();
      expect(m.from.framework).not.toBe(m.to.framework);
      const key = [m.from.framework, m.from.id, m.to.framework, m.to.id].join('|');
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('cover every topic NetGuard evidences in all five frameworks', () => {
    const topics = [
      'access_control',
      'mfa',
      'logging',
      'vulnerability_management',
      'encryption',
      'incident_response',
      'backups',
    ];
    for (const topic of topics)
      expect(
        MAPPINGS.some((m) => m.topic === topic),
        topic,
      ).toBe(true);
    const touched = new Set(MAPPINGS.flatMap((m) => [m.from.framework, m.to.framework]));
    expect(touched).toEqual(new Set(FRAMEWORKS.map((f) => f.id)));
  });

  it('read backwards, a subset is a superset', () => {
    const fromHipaa = mappingsOf({ framework: 'hipaa', id: '164.312(a)(2)(iv)' });
    expect(fromHipaa).toEqual([
      { relationship: 'subset', to: { framework: 'nist', id: 'PR.DS-01' }, topic: 'encryption' },
    ]);
    const fromCsf = mappingsOf({ framework: 'nist', id: 'PR.DS-01' });
    expect(fromCsf.find((m) => m.to.framework === 'hipaa')?.relationship).toBe('superset');
  });
});
