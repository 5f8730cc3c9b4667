// ISO/IEC 27001:2022 Annex A, theme 5: organizational controls (5.1 to 5.37).
import { inGroup } from '../types.ts';

export const ANNEX_A_ORGANIZATIONAL = inGroup('A.5', [
  [
    'A.5.1',
    'Policies for information security',
    'Approved, published and reviewed security policies.',
  ],
  [
    'A.5.2',
    'Information security roles and responsibilities',
    'Security duties are defined and assigned.',
  ],
  ['A.5.3', 'Segregation of duties', 'Conflicting duties are split between people.'],
  ['A.5.4', 'Management responsibilities', 'Managers make staff apply the security rules.'],
  ['A.5.5', 'Contact with authorities', 'Contacts with relevant authorities are kept up.'],
  [
    'A.5.6',
    'Contact with special interest groups',
    'Contacts with security forums and groups are kept up.',
  ],
  ['A.5.7', 'Threat intelligence', 'Information about threats is gathered and analysed.'],
  [
    'A.5.8',
    'Information security in project management',
    'Projects build security in from the start.',
  ],
  [
    'A.5.9',
    'Inventory of information and other associated assets',
    'Assets are listed with their owners.',
  ],
  [
    'A.5.10',
    'Acceptable use of information and other associated assets',
    'Rules say how assets may be used.',
  ],
  ['A.5.11', 'Return of assets', 'Assets come back when people leave or change roles.'],
  ['A.5.12', 'Classification of information', 'Information is classified by its security needs.'],
  ['A.5.13', 'Labelling of information', 'Information carries labels matching its class.'],
  ['A.5.14', 'Information transfer', 'Transfers of information follow rules and agreements.'],
  [
    'A.5.15',
    'Access control',
    'Rules for physical and logical access are set from business needs.',
  ],
  ['A.5.16', 'Identity management', 'Identities are managed over their whole life.'],
  [
    'A.5.17',
    'Authentication information',
    'Passwords and other secrets are issued and handled safely.',
  ],
  ['A.5.18', 'Access rights', 'Access rights are granted, reviewed and removed by policy.'],
  ['A.5.19', 'Information security in supplier relationships', 'Supplier risks are managed.'],
  [
    'A.5.20',
    'Addressing information security within supplier agreements',
    'Supplier contracts state security terms.',
  ],
  [
    'A.5.21',
    'Managing information security in the ICT supply chain',
    'Risks in the ICT supply chain are handled.',
  ],
  [
    'A.5.22',
    'Monitoring, review and change management of supplier services',
    'Supplier security is watched and reviewed.',
  ],
  [
    'A.5.23',
    'Information security for use of cloud services',
    'Cloud services are bought, used and left securely.',
  ],
  [
    'A.5.24',
    'Information security incident management planning and preparation',
    'Incident handling is planned with roles.',
  ],
  [
    'A.5.25',
    'Assessment and decision on information security events',
    'Events are assessed to decide if they are incidents.',
  ],
  [
    'A.5.26',
    'Response to information security incidents',
    'Incidents are handled by documented procedures.',
  ],
  [
    'A.5.27',
    'Learning from information security incidents',
    'Lessons from incidents improve controls.',
  ],
  ['A.5.28', 'Collection of evidence', 'Evidence about incidents is gathered and preserved.'],
  ['A.5.29', 'Information security during disruption', 'Security is kept up during disruptions.'],
  ['A.5.30', 'ICT readiness for business continuity', 'ICT can recover to meet continuity goals.'],
  [
    'A.5.31',
    'Legal, statutory, regulatory and contractual requirements',
    'Applicable obligations are known and met.',
  ],
  ['A.5.32', 'Intellectual property rights', 'Intellectual property is respected.'],
  [
    'A.5.33',
    'Protection of records',
    'Records are protected from loss, forgery and unauthorised access.',
  ],
  ['A.5.34', 'Privacy and protection of PII', 'Personal data is protected as law requires.'],
  [
    'A.5.35',
    'Independent review of information security',
    'Security is reviewed independently at intervals.',
  ],
  [
    'A.5.36',
    'Compliance with policies, rules and standards for information security',
    'Compliance with policy is checked regularly.',
  ],
  ['A.5.37', 'Documented operating procedures', 'Operating procedures are written and available.'],
]);
