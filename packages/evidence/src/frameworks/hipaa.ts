// HIPAA Security Rule (45 CFR Part 164, Subpart C): every standard and implementation
// specification of 164.308, 164.310, 164.312, 164.314 and 164.316, each required or addressable.
// A standard with no separate implementation specification is itself required.
import type { Framework, Requirement } from './types.ts';

type Spec = readonly [id: string, title: string, description: string, mark: 'S' | 'R' | 'A'];

function section(group: string, specs: readonly Spec[]): Requirement[] {
  return specs.map(([id, title, description, mark]) => ({
    id,
    title,
    description,
    group,
    hipaa:
      mark === 'S'
        ? { kind: 'standard', implementation: 'required' }
        : {
            kind: 'implementation_specification',
            implementation: mark === 'R' ? 'required' : 'addressable',
          },
  }));
}

export const HIPAA: Framework = {
  id: 'hipaa',
  name: 'HIPAA Security Rule',
  version: '45 CFR Part 164 Subpart C (as amended 2013)',
  dataVersion: '2026.12.1',
  description:
    'US rule on safeguarding electronic protected health information: administrative, physical and technical safeguards, contracts and documentation.',
  titleKind: 'official',
  groups: [
    { id: '164.308', title: 'Administrative safeguards' },
    { id: '164.310', title: 'Physical safeguards' },
    { id: '164.312', title: 'Technical safeguards' },
    { id: '164.314', title: 'Organizational requirements' },
    { id: '164.316', title: 'Policies and procedures and documentation requirements' },
  ],
  requirements: [
    ...section('164.308', [
      [
        '164.308(a)(1)(i)',
        'Security management process',
        'Prevent, detect, contain and correct security violations.',
        'S',
      ],
      [
        '164.308(a)(1)(ii)(A)',
        'Risk analysis',
        'Assess the risks to ePHI thoroughly and accurately.',
        'R',
      ],
      ['164.308(a)(1)(ii)(B)', 'Risk management', 'Reduce those risks to a reasonable level.', 'R'],
      ['164.308(a)(1)(ii)(C)', 'Sanction policy', 'Sanction staff who break security policy.', 'R'],
      [
        '164.308(a)(1)(ii)(D)',
        'Information system activity review',
        'Review logs, access reports and incident reports regularly.',
        'R',
      ],
      [
        '164.308(a)(2)',
        'Assigned security responsibility',
        'Name the official responsible for security.',
        'S',
      ],
      [
        '164.308(a)(3)(i)',
        'Workforce security',
        'Give staff the access they need and no more.',
        'S',
      ],
      [
        '164.308(a)(3)(ii)(A)',
        'Authorization and/or supervision',
        'Authorise or supervise staff who work with ePHI.',
        'A',
      ],
      [
        '164.308(a)(3)(ii)(B)',
        'Workforce clearance procedure',
        'Check that a person’s access is appropriate.',
        'A',
      ],
      ['164.308(a)(3)(ii)(C)', 'Termination procedures', 'End access when employment ends.', 'A'],
      [
        '164.308(a)(4)(i)',
        'Information access management',
        'Authorise access to ePHI by policy.',
        'S',
      ],
      [
        '164.308(a)(4)(ii)(A)',
        'Isolating health care clearinghouse functions',
        'Keep a clearinghouse’s ePHI apart from the larger organisation.',
        'R',
      ],
      ['164.308(a)(4)(ii)(B)', 'Access authorization', 'Decide who may access ePHI and how.', 'A'],
      [
        '164.308(a)(4)(ii)(C)',
        'Access establishment and modification',
        'Grant, record, review and change access rights.',
        'A',
      ],
      [
        '164.308(a)(5)(i)',
        'Security awareness and training',
        'Train all staff, management included, in security.',
        'S',
      ],
      ['164.308(a)(5)(ii)(A)', 'Security reminders', 'Send regular security reminders.', 'A'],
      [
        '164.308(a)(5)(ii)(B)',
        'Protection from malicious software',
        'Guard against, detect and report malware.',
        'A',
      ],
      [
        '164.308(a)(5)(ii)(C)',
        'Log-in monitoring',
        'Watch log-in attempts and report anomalies.',
        'A',
      ],
      [
        '164.308(a)(5)(ii)(D)',
        'Password management',
        'Create, change and protect passwords by procedure.',
        'A',
      ],
      [
        '164.308(a)(6)(i)',
        'Security incident procedures',
        'Have procedures for security incidents.',
        'S',
      ],
      [
        '164.308(a)(6)(ii)',
        'Response and reporting',
        'Find, respond to, mitigate and document incidents.',
        'R',
      ],
      [
        '164.308(a)(7)(i)',
        'Contingency plan',
        'Plan for emergencies that damage systems holding ePHI.',
        'S',
      ],
      ['164.308(a)(7)(ii)(A)', 'Data backup plan', 'Keep retrievable exact copies of ePHI.', 'R'],
      ['164.308(a)(7)(ii)(B)', 'Disaster recovery plan', 'Be able to restore lost data.', 'R'],
      [
        '164.308(a)(7)(ii)(C)',
        'Emergency mode operation plan',
        'Keep critical processes and security running in an emergency.',
        'R',
      ],
      [
        '164.308(a)(7)(ii)(D)',
        'Testing and revision procedures',
        'Test and revise the contingency plans.',
        'A',
      ],
      [
        '164.308(a)(7)(ii)(E)',
        'Applications and data criticality analysis',
        'Rank applications and data by criticality.',
        'A',
      ],
      ['164.308(a)(8)', 'Evaluation', 'Evaluate safeguards periodically and after changes.', 'S'],
      [
        '164.308(b)(1)',
        'Business associate contracts and other arrangements',
        'Obtain assurances from business associates that handle ePHI.',
        'S',
      ],
      [
        '164.308(b)(3)',
        'Written contract or other arrangement',
        'Record those assurances in a contract or arrangement.',
        'R',
      ],
    ]),
    ...section('164.310', [
      [
        '164.310(a)(1)',
        'Facility access controls',
        'Limit physical access to systems and facilities.',
        'S',
      ],
      [
        '164.310(a)(2)(i)',
        'Contingency operations',
        'Allow facility access to restore data in an emergency.',
        'A',
      ],
      [
        '164.310(a)(2)(ii)',
        'Facility security plan',
        'Protect facility and equipment from unauthorised access and theft.',
        'A',
      ],
      [
        '164.310(a)(2)(iii)',
        'Access control and validation procedures',
        'Control and validate people’s facility access by role.',
        'A',
      ],
      [
        '164.310(a)(2)(iv)',
        'Maintenance records',
        'Record repairs and changes to physical security.',
        'A',
      ],
      ['164.310(b)', 'Workstation use', 'Define how workstations that access ePHI are used.', 'S'],
      ['164.310(c)', 'Workstation security', 'Physically protect such workstations.', 'S'],
      [
        '164.310(d)(1)',
        'Device and media controls',
        'Control hardware and media moving in, out and within.',
        'S',
      ],
      ['164.310(d)(2)(i)', 'Disposal', 'Dispose of ePHI and its media safely.', 'R'],
      ['164.310(d)(2)(ii)', 'Media re-use', 'Wipe ePHI before media are reused.', 'R'],
      ['164.310(d)(2)(iii)', 'Accountability', 'Record movements of hardware and media.', 'A'],
      ['164.310(d)(2)(iv)', 'Data backup and storage', 'Copy ePHI before equipment is moved.', 'A'],
    ]),
    ...section('164.312', [
      ['164.312(a)(1)', 'Access control', 'Only authorised people and software reach ePHI.', 'S'],
      [
        '164.312(a)(2)(i)',
        'Unique user identification',
        'Give every user a unique identifier.',
        'R',
      ],
      [
        '164.312(a)(2)(ii)',
        'Emergency access procedure',
        'Be able to reach ePHI in an emergency.',
        'R',
      ],
      ['164.312(a)(2)(iii)', 'Automatic logoff', 'End idle sessions automatically.', 'A'],
      ['164.312(a)(2)(iv)', 'Encryption and decryption', 'Encrypt stored ePHI.', 'A'],
      ['164.312(b)', 'Audit controls', 'Record and examine activity in systems with ePHI.', 'S'],
      ['164.312(c)(1)', 'Integrity', 'Protect ePHI from improper change or destruction.', 'S'],
      [
        '164.312(c)(2)',
        'Mechanism to authenticate electronic protected health information',
        'Detect unauthorised changes to ePHI.',
        'A',
      ],
      [
        '164.312(d)',
        'Person or entity authentication',
        'Verify who is asking for access to ePHI.',
        'S',
      ],
      ['164.312(e)(1)', 'Transmission security', 'Protect ePHI sent over networks.', 'S'],
      ['164.312(e)(2)(i)', 'Integrity controls', 'Detect changes to ePHI in transit.', 'A'],
      ['164.312(e)(2)(ii)', 'Encryption', 'Encrypt ePHI in transit where appropriate.', 'A'],
    ]),
    ...section('164.314', [
      [
        '164.314(a)(1)',
        'Business associate contracts or other arrangements',
        'Contracts with business associates meet the rule.',
        'S',
      ],
      [
        '164.314(a)(2)(i)',
        'Business associate contracts',
        'The contract binds the associate to safeguard ePHI and report incidents.',
        'R',
      ],
      [
        '164.314(a)(2)(ii)',
        'Other arrangements',
        'Government entities may use other arrangements instead.',
        'R',
      ],
      [
        '164.314(a)(2)(iii)',
        'Business associate contracts with subcontractors',
        'The same terms flow down to subcontractors.',
        'R',
      ],
      [
        '164.314(b)(1)',
        'Requirements for group health plans',
        'Plan documents make the sponsor safeguard ePHI.',
        'S',
      ],
      [
        '164.314(b)(2)',
        'Implementation specifications',
        'Plan documents set the sponsor’s safeguards, separation and reporting.',
        'R',
      ],
    ]),
    ...section('164.316', [
      [
        '164.316(a)',
        'Policies and procedures',
        'Adopt reasonable policies and procedures to comply.',
        'S',
      ],
      ['164.316(b)(1)', 'Documentation', 'Keep policies, actions and assessments in writing.', 'S'],
      ['164.316(b)(2)(i)', 'Time limit', 'Keep the documentation six years.', 'R'],
      ['164.316(b)(2)(ii)', 'Availability', 'Make it available to those who apply it.', 'R'],
      ['164.316(b)(2)(iii)', 'Updates', 'Review and update it periodically.', 'R'],
    ]),
  ],
};
