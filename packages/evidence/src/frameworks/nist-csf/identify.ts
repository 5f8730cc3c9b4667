// NIST CSF 2.0, function IDENTIFY (ID): 21 subcategories (ID.AM-06 was withdrawn in 2.0).
import { inGroup } from '../types.ts';

export const IDENTIFY = [
  ...inGroup('ID.AM', [
    ['ID.AM-01', 'Hardware inventory', 'Hardware is listed and the list kept current.'],
    ['ID.AM-02', 'Software and services inventory', 'Software, services and systems are listed.'],
    [
      'ID.AM-03',
      'Network and data flows',
      'Allowed network traffic and data flows are documented.',
    ],
    ['ID.AM-04', 'Supplier services inventory', 'Services bought from suppliers are listed.'],
    [
      'ID.AM-05',
      'Asset priorities',
      'Assets are ranked by classification, criticality and impact.',
    ],
    ['ID.AM-07', 'Data inventory', 'Data and its metadata types are listed.'],
    ['ID.AM-08', 'Asset life cycle', 'Assets are managed from acquisition to disposal.'],
  ]),
  ...inGroup('ID.RA', [
    [
      'ID.RA-01',
      'Vulnerabilities identified',
      'Weaknesses in assets are found, confirmed and recorded.',
    ],
    [
      'ID.RA-02',
      'Threat intelligence received',
      'Threat information arrives from sharing sources.',
    ],
    ['ID.RA-03', 'Threats identified', 'Inside and outside threats are listed.'],
    [
      'ID.RA-04',
      'Impact and likelihood',
      'How likely threats are and what they would cost is estimated.',
    ],
    ['ID.RA-05', 'Inherent risk', 'Threats, weaknesses and impacts combine into ranked risks.'],
    ['ID.RA-06', 'Risk responses', 'Responses to risks are chosen, planned and tracked.'],
    [
      'ID.RA-07',
      'Changes and exceptions',
      'Changes and exceptions are assessed for risk and recorded.',
    ],
    [
      'ID.RA-08',
      'Vulnerability disclosure',
      'Reports of vulnerabilities from others are received and handled.',
    ],
    [
      'ID.RA-09',
      'Integrity before acquisition',
      'Hardware and software are checked as genuine before purchase.',
    ],
    [
      'ID.RA-10',
      'Critical suppliers assessed',
      'Key suppliers are assessed before they are engaged.',
    ],
  ]),
  ...inGroup('ID.IM', [
    ['ID.IM-01', 'Improvement from evaluations', 'Assessments lead to improvements.'],
    ['ID.IM-02', 'Improvement from tests', 'Security tests and exercises lead to improvements.'],
    ['ID.IM-03', 'Improvement from operations', 'Running the processes leads to improvements.'],
    [
      'ID.IM-04',
      'Response plans maintained',
      'Incident and other plans are written, shared and improved.',
    ],
  ]),
];
