// Cross-framework mappings for what NetGuard can evidence, in NIST IR 8477's set-theory terms:
// `subset` means every part of the first requirement lies within the second; `superset` the
// reverse; `intersect` they share some content and each has content the other lacks; `equal`
// they cover the same ground. NIST CSF 2.0 is the hub most rows start from.
import type { FrameworkId } from './types.ts';

export type MappingRelationship = 'equal' | 'subset' | 'superset' | 'intersect';

export type EvidenceTopic =
  | 'access_control'
  | 'mfa'
  | 'logging'
  | 'vulnerability_management'
  | 'encryption'
  | 'incident_response'
  | 'backups';

export type RequirementRef = { framework: FrameworkId; id: string };

export type Mapping = {
  topic: EvidenceTopic;
  from: RequirementRef;
  relationship: MappingRelationship;
  to: RequirementRef;
};

type Row = readonly [FrameworkId, string, MappingRelationship, FrameworkId, string];

const ROWS: Record<EvidenceTopic, readonly Row[]> = {
  access_control: [
    ['nist', 'PR.AA-01', 'intersect', 'iso27001', 'A.5.16'],
    ['nist', 'PR.AA-01', 'intersect', 'soc2', 'CC6.2'],
    ['nist', 'PR.AA-01', 'superset', 'hipaa', '164.312(a)(2)(i)'],
    ['nist', 'PR.AA-05', 'intersect', 'iso27001', 'A.5.15'],
    ['nist', 'PR.AA-05', 'intersect', 'iso27001', 'A.5.18'],
    ['nist', 'PR.AA-05', 'intersect', 'iso27001', 'A.8.2'],
    ['nist', 'PR.AA-05', 'intersect', 'soc2', 'CC6.3'],
    ['nist', 'PR.AA-05', 'intersect', 'hipaa', '164.308(a)(4)(ii)(C)'],
    ['nist', 'PR.AA-05', 'intersect', 'hipaa', '164.312(a)(1)'],
    ['nist', 'PR.AA-05', 'subset', 'gdpr', 'Art. 32'],
    ['soc2', 'CC6.1', 'intersect', 'iso27001', 'A.8.3'],
    ['hipaa', '164.308(a)(3)(ii)(C)', 'subset', 'iso27001', 'A.5.18'],
  ],
  mfa: [
    ['nist', 'PR.AA-03', 'intersect', 'iso27001', 'A.8.5'],
    ['nist', 'PR.AA-03', 'intersect', 'hipaa', '164.312(d)'],
    ['nist', 'PR.AA-03', 'subset', 'soc2', 'CC6.1'],
    ['nist', 'PR.AA-03', 'intersect', 'iso27001', 'A.5.17'],
    ['hipaa', '164.308(a)(5)(ii)(D)', 'intersect', 'iso27001', 'A.5.17'],
  ],
  logging: [
    ['nist', 'PR.PS-04', 'intersect', 'iso27001', 'A.8.15'],
    ['nist', 'PR.PS-04', 'intersect', 'hipaa', '164.312(b)'],
    ['nist', 'DE.CM-01', 'intersect', 'iso27001', 'A.8.16'],
    ['nist', 'DE.CM-01', 'intersect', 'soc2', 'CC7.2'],
    ['nist', 'DE.CM-09', 'intersect', 'iso27001', 'A.8.16'],
    ['nist', 'DE.CM-03', 'intersect', 'hipaa', '164.308(a)(1)(ii)(D)'],
    ['hipaa', '164.308(a)(5)(ii)(C)', 'subset', 'nist', 'DE.CM-03'],
    ['iso27001', 'A.8.15', 'intersect', 'soc2', 'CC7.2'],
  ],
  vulnerability_management: [
    ['nist', 'ID.RA-01', 'intersect', 'iso27001', 'A.8.8'],
    ['nist', 'ID.RA-01', 'intersect', 'soc2', 'CC7.1'],
    ['nist', 'ID.RA-01', 'intersect', 'hipaa', '164.308(a)(1)(ii)(A)'],
    ['nist', 'PR.PS-02', 'intersect', 'iso27001', 'A.8.8'],
    ['nist', 'ID.RA-08', 'subset', 'iso27001', 'A.8.8'],
    ['nist', 'ID.RA-06', 'intersect', 'hipaa', '164.308(a)(1)(ii)(B)'],
    ['iso27001', 'A.8.8', 'intersect', 'soc2', 'CC7.1'],
    ['iso27001', 'A.8.8', 'subset', 'gdpr', 'Art. 32'],
  ],
  encryption: [
    ['nist', 'PR.DS-01', 'superset', 'hipaa', '164.312(a)(2)(iv)'],
    ['nist', 'PR.DS-01', 'intersect', 'iso27001', 'A.8.24'],
    ['nist', 'PR.DS-01', 'subset', 'gdpr', 'Art. 32'],
    ['nist', 'PR.DS-02', 'superset', 'hipaa', '164.312(e)(2)(ii)'],
    ['nist', 'PR.DS-02', 'equal', 'hipaa', '164.312(e)(1)'],
    ['nist', 'PR.DS-02', 'intersect', 'soc2', 'CC6.7'],
    ['nist', 'PR.DS-02', 'intersect', 'iso27001', 'A.8.24'],
  ],
  incident_response: [
    ['nist', 'RS.MA-01', 'intersect', 'iso27001', 'A.5.26'],
    ['nist', 'RS.MA-01', 'intersect', 'soc2', 'CC7.4'],
    ['nist', 'RS.MA-01', 'intersect', 'hipaa', '164.308(a)(6)(ii)'],
    ['nist', 'DE.AE-08', 'intersect', 'iso27001', 'A.5.25'],
    ['nist', 'DE.AE-08', 'intersect', 'soc2', 'CC7.3'],
    ['nist', 'RS.CO-02', 'intersect', 'gdpr', 'Art. 33'],
    ['nist', 'RS.CO-02', 'intersect', 'gdpr', 'Art. 34'],
    ['nist', 'RS.CO-02', 'intersect', 'soc2', 'P6.6'],
    ['nist', 'RS.AN-07', 'intersect', 'iso27001', 'A.5.28'],
    ['nist', 'ID.IM-04', 'intersect', 'iso27001', 'A.5.24'],
    ['iso27001', 'A.5.26', 'intersect', 'soc2', 'CC7.4'],
  ],
  backups: [
    ['nist', 'PR.DS-11', 'equal', 'iso27001', 'A.8.13'],
    ['nist', 'PR.DS-11', 'intersect', 'hipaa', '164.308(a)(7)(ii)(A)'],
    ['nist', 'PR.DS-11', 'subset', 'soc2', 'A1.2'],
    ['nist', 'RC.RP-03', 'subset', 'iso27001', 'A.8.13'],
    ['nist', 'RC.RP-03', 'intersect', 'soc2', 'A1.3'],
    ['nist', 'RC.RP-01', 'intersect', 'hipaa', '164.308(a)(7)(ii)(B)'],
    ['iso27001', 'A.8.13', 'subset', 'soc2', 'A1.2'],
  ],
};

export const MAPPINGS: Mapping[] = Object.entries(ROWS).flatMap(([topic, rows]) =>
  rows.map(([fromFw, fromId, relationship, toFw, toId]) => ({
    topic: topic as EvidenceTopic,
    from: { framework: fromFw, id: fromId },
    relationship,
    to: { framework: toFw, id: toId },
  })),
);

const INVERSE: Record<MappingRelationship, MappingRelationship> = {
  equal: 'equal',
  subset: 'superset',
  superset: 'subset',
  intersect: 'intersect',
};

/** Every requirement mapped to `ref`, seen from `ref` (a subset row read backwards is a superset). */
export function mappingsOf(
  ref: RequirementRef,
): { relationship: MappingRelationship; to: RequirementRef; topic: EvidenceTopic }[] {
  const same = (a: RequirementRef) => a.framework === ref.framework && a.id === ref.id;
  return MAPPINGS.flatMap((m) => {
    if (same(m.from)) return [{ relationship: m.relationship, to: m.to, topic: m.topic }];
    if (same(m.to)) return [{ relationship: INVERSE[m.relationship], to: m.from, topic: m.topic }];
    return [];
  });
}
