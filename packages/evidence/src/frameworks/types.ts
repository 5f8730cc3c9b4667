// A framework catalogue is data: official identifiers and titles (facts), short descriptions in
// NetGuard's own words (never the standard's text), and a data version bumped on every change.

export type FrameworkId = 'soc2' | 'iso27001' | 'nist' | 'gdpr' | 'hipaa';

/** HIPAA's two kinds of implementation specification (45 CFR 164.306(d)). */
export type HipaaImplementation = 'required' | 'addressable';

export type Requirement = {
  /** The framework's own identifier, e.g. `A.8.5`, `PR.AA-03`, `CC6.1`, `164.312(d)`. */
  id: string;
  title: string;
  /** What it asks for, in our words. */
  description: string;
  /** The id of the section, category or clause it belongs to. */
  group: string;
  /** HIPAA only: a standard or one of its implementation specifications. */
  hipaa?: {
    kind: 'standard' | 'implementation_specification';
    implementation: HipaaImplementation;
  };
};

export type RequirementGroup = { id: string; title: string };

export type Framework = {
  id: FrameworkId;
  name: string;
  /** The edition of the standard the catalogue follows. */
  version: string;
  /** The version of this data; bumped whenever a requirement or mapping changes. */
  dataVersion: string;
  description: string;
  /**
   * `official`: requirement titles are the standard's own. `label`: the standard gives its items
   * no titles (SOC 2 criteria, CSF subcategories), so titles are our short labels and the groups
   * carry the official titles.
   */
  titleKind: 'official' | 'label';
  groups: RequirementGroup[];
  requirements: Requirement[];
};

/** [id, title, description] in the group `group`. */
export type Row = readonly [id: string, title: string, description: string];

/** Turns compact rows into requirements of one group. */
export function inGroup(group: string, rows: readonly Row[]): Requirement[] {
  return rows.map(([id, title, description]) => ({ id, title, description, group }));
}
