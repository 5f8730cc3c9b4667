// ISO/IEC 27001:2022: the management-system clauses and the 93 Annex A controls.
import type { Framework } from '../types.ts';
import { ANNEX_A_ORGANIZATIONAL } from './annex-a-organizational.ts';
import { ANNEX_A_PEOPLE, ANNEX_A_PHYSICAL } from './annex-a-people-physical.ts';
import { ANNEX_A_TECHNOLOGICAL } from './annex-a-technological.ts';
import { ISO_CLAUSE_GROUPS, ISO_CLAUSES } from './clauses.ts';

export const ISO27001: Framework = {
  id: 'iso27001',
  name: 'ISO/IEC 27001',
  version: '2022',
  dataVersion: '2026.12.1',
  description:
    'International standard for an information security management system: clauses 4 to 10 and the Annex A reference controls.',
  titleKind: 'official',
  groups: [
    ...ISO_CLAUSE_GROUPS,
    { id: 'A.5', title: 'Organizational controls' },
    { id: 'A.6', title: 'People controls' },
    { id: 'A.7', title: 'Physical controls' },
    { id: 'A.8', title: 'Technological controls' },
  ],
  requirements: [
    ...ISO_CLAUSES,
    ...ANNEX_A_ORGANIZATIONAL,
    ...ANNEX_A_PEOPLE,
    ...ANNEX_A_PHYSICAL,
    ...ANNEX_A_TECHNOLOGICAL,
  ],
};
