// NIST Cybersecurity Framework 2.0: the 106 subcategories of its six functions.
import type { Framework } from '../types.ts';
import { DETECT, RECOVER, RESPOND } from './detect-respond-recover.ts';
import { GOVERN } from './govern.ts';
import { IDENTIFY } from './identify.ts';
import { PROTECT } from './protect.ts';

export const NIST_CSF: Framework = {
  id: 'nist',
  name: 'NIST Cybersecurity Framework',
  version: '2.0 (February 2024)',
  dataVersion: '2026.12.1',
  description:
    'Outcomes for managing cybersecurity risk, grouped into Govern, Identify, Protect, Detect, Respond and Recover.',
  titleKind: 'label',
  groups: [
    { id: 'GV.OC', title: 'Organizational Context' },
    { id: 'GV.RM', title: 'Risk Management Strategy' },
    { id: 'GV.RR', title: 'Roles, Responsibilities, and Authorities' },
    { id: 'GV.PO', title: 'Policy' },
    { id: 'GV.OV', title: 'Oversight' },
    { id: 'GV.SC', title: 'Cybersecurity Supply Chain Risk Management' },
    { id: 'ID.AM', title: 'Asset Management' },
    { id: 'ID.RA', title: 'Risk Assessment' },
    { id: 'ID.IM', title: 'Improvement' },
    { id: 'PR.AA', title: 'Identity Management, Authentication, and Access Control' },
    { id: 'PR.AT', title: 'Awareness and Training' },
    { id: 'PR.DS', title: 'Data Security' },
    { id: 'PR.PS', title: 'Platform Security' },
    { id: 'PR.IR', title: 'Technology Infrastructure Resilience' },
    { id: 'DE.CM', title: 'Continuous Monitoring' },
    { id: 'DE.AE', title: 'Adverse Event Analysis' },
    { id: 'RS.MA', title: 'Incident Management' },
    { id: 'RS.AN', title: 'Incident Analysis' },
    { id: 'RS.CO', title: 'Incident Response Reporting and Communication' },
    { id: 'RS.MI', title: 'Incident Mitigation' },
    { id: 'RC.RP', title: 'Incident Recovery Plan Execution' },
    { id: 'RC.CO', title: 'Incident Recovery Communication' },
  ],
  requirements: [...GOVERN, ...IDENTIFY, ...PROTECT, ...DETECT, ...RESPOND, ...RECOVER],
};
