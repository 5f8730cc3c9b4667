// SOC 2: the AICPA 2017 Trust Services Criteria (with the 2022 revised points of focus). The
// criteria have no official short titles: titles here are our labels; group titles are official.
import { type Framework, inGroup } from './types.ts';

export const SOC2: Framework = {
  id: 'soc2',
  name: 'SOC 2',
  version: '2017 Trust Services Criteria (revised points of focus 2022)',
  dataVersion: '2026.12.1',
  description:
    'AICPA criteria a service organisation is examined against: security (common criteria), availability, confidentiality, processing integrity and privacy.',
  titleKind: 'label',
  groups: [
    { id: 'CC1', title: 'Control Environment' },
    { id: 'CC2', title: 'Communication and Information' },
    { id: 'CC3', title: 'Risk Assessment' },
    { id: 'CC4', title: 'Monitoring Activities' },
    { id: 'CC5', title: 'Control Activities' },
    { id: 'CC6', title: 'Logical and Physical Access Controls' },
    { id: 'CC7', title: 'System Operations' },
    { id: 'CC8', title: 'Change Management' },
    { id: 'CC9', title: 'Risk Mitigation' },
    { id: 'A1', title: 'Additional Criteria for Availability' },
    { id: 'C1', title: 'Additional Criteria for Confidentiality' },
    { id: 'PI1', title: 'Additional Criteria for Processing Integrity' },
    { id: 'P1', title: 'Privacy Criteria Related to Notice and Communication of Objectives' },
    { id: 'P2', title: 'Privacy Criteria Related to Choice and Consent' },
    { id: 'P3', title: 'Privacy Criteria Related to Collection' },
    { id: 'P4', title: 'Privacy Criteria Related to Use, Retention, and Disposal' },
    { id: 'P5', title: 'Privacy Criteria Related to Access' },
    { id: 'P6', title: 'Privacy Criteria Related to Disclosure and Notification' },
    { id: 'P7', title: 'Privacy Criteria Related to Quality' },
    { id: 'P8', title: 'Privacy Criteria Related to Monitoring and Enforcement' },
  ],
  requirements: [
    ...inGroup('CC1', [
      [
        'CC1.1',
        'Integrity and ethical values',
        'Leadership sets and enforces standards of conduct.',
      ],
      ['CC1.2', 'Board oversight', 'An independent board oversees how internal control works.'],
      ['CC1.3', 'Structures and authority', 'Reporting lines, authority and duties are defined.'],
      ['CC1.4', 'Competence', 'People with the right skills are hired, trained and kept.'],
      ['CC1.5', 'Accountability', 'People are held to account for their control duties.'],
    ]),
    ...inGroup('CC2', [
      ['CC2.1', 'Quality information', 'Relevant, reliable information supports the controls.'],
      ['CC2.2', 'Internal communication', 'Control objectives and duties are told to staff.'],
      ['CC2.3', 'External communication', 'Matters affecting controls are shared with outsiders.'],
    ]),
    ...inGroup('CC3', [
      ['CC3.1', 'Clear objectives', 'Objectives are specific enough to find risks against.'],
      ['CC3.2', 'Risk identification', 'Risks to objectives are found and analysed.'],
      ['CC3.3', 'Fraud risk', 'The chance of fraud is part of the risk assessment.'],
      ['CC3.4', 'Change impact', 'Changes that could upset internal control are assessed.'],
    ]),
    ...inGroup('CC4', [
      ['CC4.1', 'Ongoing evaluations', 'Controls are checked continuously or from time to time.'],
      ['CC4.2', 'Deficiency reporting', 'Control gaps reach the people who can fix them, in time.'],
    ]),
    ...inGroup('CC5', [
      ['CC5.1', 'Control selection', 'Controls are chosen to bring risks to acceptable levels.'],
      ['CC5.2', 'Technology controls', 'General controls over technology are chosen and built.'],
      [
        'CC5.3',
        'Policies and procedures',
        'Policies state expectations; procedures put them to work.',
      ],
    ]),
    ...inGroup('CC6', [
      [
        'CC6.1',
        'Logical access security',
        'Software, infrastructure and architecture restrict access to assets.',
      ],
      [
        'CC6.2',
        'User registration',
        'Accounts are created only after authorisation and removed when no longer needed.',
      ],
      [
        'CC6.3',
        'Role-based access',
        'Access is granted, changed and removed by role and least privilege.',
      ],
      [
        'CC6.4',
        'Physical access',
        'Entry to facilities and equipment is restricted to authorised people.',
      ],
      ['CC6.5', 'Asset disposal', 'Data is made unreadable before assets are disposed of.'],
      ['CC6.6', 'Boundary protection', 'Threats from outside the system boundary are blocked.'],
      [
        'CC6.7',
        'Data in transit and movement',
        'Moving data is limited to authorised users and protected.',
      ],
      [
        'CC6.8',
        'Malicious software',
        'Unauthorised or malicious software is prevented or detected.',
      ],
    ]),
    ...inGroup('CC7', [
      [
        'CC7.1',
        'Vulnerability detection',
        'Configuration changes and new vulnerabilities are detected and monitored.',
      ],
      [
        'CC7.2',
        'Anomaly monitoring',
        'Components are watched for anomalies that signal attacks or errors.',
      ],
      [
        'CC7.3',
        'Security event evaluation',
        'Events are assessed to decide whether they are incidents.',
      ],
      [
        'CC7.4',
        'Incident response',
        'Incidents are contained, fixed and communicated under a defined programme.',
      ],
      [
        'CC7.5',
        'Incident recovery',
        'Activities to recover from incidents are found and carried out.',
      ],
    ]),
    ...inGroup('CC8', [
      [
        'CC8.1',
        'Change control',
        'Changes are authorised, designed, tested, approved and applied under control.',
      ],
    ]),
    ...inGroup('CC9', [
      ['CC9.1', 'Business disruption', 'Risk mitigation covers potential business disruptions.'],
      [
        'CC9.2',
        'Vendor risk',
        'Risks from vendors and business partners are assessed and managed.',
      ],
    ]),
    ...inGroup('A1', [
      [
        'A1.1',
        'Capacity management',
        'Capacity is tracked and extended to meet availability commitments.',
      ],
      [
        'A1.2',
        'Environmental protection and backup',
        'Environmental safeguards, backups and recovery infrastructure are in place.',
      ],
      ['A1.3', 'Recovery testing', 'Recovery plans are tested on a regular basis.'],
    ]),
    ...inGroup('C1', [
      [
        'C1.1',
        'Confidential information identified',
        'Confidential information is recognised and protected.',
      ],
      [
        'C1.2',
        'Confidential information disposed',
        'Confidential information is destroyed when its purpose ends.',
      ],
    ]),
    ...inGroup('PI1', [
      [
        'PI1.1',
        'Processing definitions',
        'Information about processing objectives and data is defined and used.',
      ],
      ['PI1.2', 'Input controls', 'Inputs are complete and accurate.'],
      ['PI1.3', 'Processing controls', 'Processing is complete, accurate and timely.'],
      [
        'PI1.4',
        'Output controls',
        'Outputs are complete, accurate and delivered only to the intended party.',
      ],
      ['PI1.5', 'Stored data controls', 'Stored inputs and outputs stay complete and accurate.'],
    ]),
    ...inGroup('P1', [
      ['P1.1', 'Privacy notice', 'Data subjects are told how their personal data is handled.'],
    ]),
    ...inGroup('P2', [
      ['P2.1', 'Choice and consent', 'Choices are offered and consent is obtained and recorded.'],
    ]),
    ...inGroup('P3', [
      [
        'P3.1',
        'Collection limited to purpose',
        'Only personal data needed for the stated purpose is collected.',
      ],
      ['P3.2', 'Explicit consent', 'Explicit consent is obtained where it is required.'],
    ]),
    ...inGroup('P4', [
      ['P4.1', 'Use limited to purpose', 'Personal data is used only for the stated purposes.'],
      ['P4.2', 'Retention', 'Personal data is kept only as long as needed.'],
      ['P4.3', 'Disposal', 'Personal data is disposed of securely.'],
    ]),
    ...inGroup('P5', [
      ['P5.1', 'Access by data subjects', 'Data subjects can review their personal data.'],
      ['P5.2', 'Correction', 'Data subjects can have their personal data corrected.'],
    ]),
    ...inGroup('P6', [
      [
        'P6.1',
        'Disclosure with consent',
        'Personal data goes to third parties only with consent or authority.',
      ],
      ['P6.2', 'Record of disclosures', 'Authorised disclosures are recorded.'],
      [
        'P6.3',
        'Record of unauthorised disclosures',
        'Unauthorised disclosures, including breaches, are recorded.',
      ],
      [
        'P6.4',
        'Third-party commitments',
        'Third parties receiving personal data are bound to protect it.',
      ],
      [
        'P6.5',
        'Third-party breach notice',
        'Third parties report unauthorised disclosures to the entity.',
      ],
      ['P6.6', 'Breach notification', 'Affected data subjects are notified of breaches.'],
      [
        'P6.7',
        'Accounting of disclosures',
        'Data subjects can learn what of their data was disclosed.',
      ],
    ]),
    ...inGroup('P7', [
      ['P7.1', 'Data quality', 'Personal data is kept accurate, complete and relevant.'],
    ]),
    ...inGroup('P8', [
      ['P8.1', 'Privacy complaints', 'Privacy inquiries, complaints and disputes are handled.'],
    ]),
  ],
};
