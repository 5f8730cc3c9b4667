// NIST CSF 2.0, function PROTECT (PR): 22 subcategories.
import { inGroup } from '../types.ts';

export const PROTECT = [
  ...inGroup('PR.AA', [
    [
      'PR.AA-01',
      'Identities and credentials managed',
      'Accounts and credentials of users, services and devices are managed.',
    ],
    ['PR.AA-02', 'Identity proofing', 'Identities are verified and bound to credentials.'],
    [
      'PR.AA-03',
      'Authentication',
      'Users, services and devices prove who they are, e.g. with MFA.',
    ],
    [
      'PR.AA-04',
      'Identity assertions protected',
      'Federated sign-in assertions are protected and checked.',
    ],
    [
      'PR.AA-05',
      'Least privilege access',
      'Permissions follow policy, least privilege and are reviewed.',
    ],
    ['PR.AA-06', 'Physical access', 'Physical access to assets is controlled and watched.'],
  ]),
  ...inGroup('PR.AT', [
    ['PR.AT-01', 'General awareness', 'Everyone gets security awareness training.'],
    ['PR.AT-02', 'Specialised role training', 'People in special roles get training for them.'],
  ]),
  ...inGroup('PR.DS', [
    ['PR.DS-01', 'Data at rest', 'Stored data is kept confidential, intact and available.'],
    ['PR.DS-02', 'Data in transit', 'Data moving over networks is protected, e.g. by TLS.'],
    ['PR.DS-10', 'Data in use', 'Data being processed is protected.'],
    ['PR.DS-11', 'Backups', 'Backups are made, protected, kept and tested.'],
  ]),
  ...inGroup('PR.PS', [
    ['PR.PS-01', 'Configuration management', 'Secure configuration practices are applied.'],
    ['PR.PS-02', 'Software maintenance', 'Software is patched, replaced or removed by risk.'],
    ['PR.PS-03', 'Hardware maintenance', 'Hardware is maintained, replaced or removed by risk.'],
    ['PR.PS-04', 'Log records', 'Logs are produced and available for monitoring.'],
    [
      'PR.PS-05',
      'Unauthorised software',
      'Installing or running unapproved software is prevented.',
    ],
    [
      'PR.PS-06',
      'Secure development',
      'Secure development practices are used and their results watched.',
    ],
  ]),
  ...inGroup('PR.IR', [
    ['PR.IR-01', 'Network protection', 'Networks are protected from unauthorised access and use.'],
    ['PR.IR-02', 'Environmental threats', 'Technology is protected from environmental hazards.'],
    [
      'PR.IR-03',
      'Resilience mechanisms',
      'Resilience needs are met in normal and adverse conditions.',
    ],
    ['PR.IR-04', 'Capacity', 'Enough capacity is kept to stay available.'],
  ]),
];
