// ISO/IEC 27001:2022 Annex A, themes 6 (people controls, 6.1 to 6.8) and 7 (physical controls,
// 7.1 to 7.14).
import { inGroup } from '../types.ts';

export const ANNEX_A_PEOPLE = inGroup('A.6', [
  ['A.6.1', 'Screening', 'Candidates are background-checked before joining.'],
  ['A.6.2', 'Terms and conditions of employment', 'Employment contracts state security duties.'],
  [
    'A.6.3',
    'Information security awareness, education and training',
    'Staff receive security training.',
  ],
  ['A.6.4', 'Disciplinary process', 'Breaches of policy have a formal consequence process.'],
  [
    'A.6.5',
    'Responsibilities after termination or change of employment',
    'Duties that outlast employment are enforced.',
  ],
  [
    'A.6.6',
    'Confidentiality or non-disclosure agreements',
    'Confidentiality agreements are signed and reviewed.',
  ],
  ['A.6.7', 'Remote working', 'Remote work is protected by specific measures.'],
  ['A.6.8', 'Information security event reporting', 'Staff can report security events quickly.'],
]);

export const ANNEX_A_PHYSICAL = inGroup('A.7', [
  ['A.7.1', 'Physical security perimeters', 'Perimeters protect areas holding information.'],
  ['A.7.2', 'Physical entry', 'Secure areas admit only authorised people.'],
  ['A.7.3', 'Securing offices, rooms and facilities', 'Offices and rooms are physically secured.'],
  ['A.7.4', 'Physical security monitoring', 'Premises are watched for unauthorised entry.'],
  [
    'A.7.5',
    'Protecting against physical and environmental threats',
    'Fire, flood and similar threats are guarded against.',
  ],
  ['A.7.6', 'Working in secure areas', 'Work in secure areas follows rules.'],
  ['A.7.7', 'Clear desk and clear screen', 'Desks and screens are left clear of sensitive data.'],
  ['A.7.8', 'Equipment siting and protection', 'Equipment is placed and protected safely.'],
  ['A.7.9', 'Security of assets off-premises', 'Assets used off-site are protected.'],
  ['A.7.10', 'Storage media', 'Media are managed from purchase to disposal.'],
  ['A.7.11', 'Supporting utilities', 'Power and other utilities cannot cause outages.'],
  ['A.7.12', 'Cabling security', 'Power and data cables are protected.'],
  ['A.7.13', 'Equipment maintenance', 'Equipment is maintained correctly.'],
  [
    'A.7.14',
    'Secure disposal or re-use of equipment',
    'Data is removed before equipment is disposed of or reused.',
  ],
]);
