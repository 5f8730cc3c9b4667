// ISO/IEC 27001:2022 clauses 4 to 10: the management-system requirements.
import { inGroup, type Requirement } from '../types.ts';

export const ISO_CLAUSE_GROUPS = [
  { id: '4', title: 'Context of the organization' },
  { id: '5', title: 'Leadership' },
  { id: '6', title: 'Planning' },
  { id: '7', title: 'Support' },
  { id: '8', title: 'Operation' },
  { id: '9', title: 'Performance evaluation' },
  { id: '10', title: 'Improvement' },
];

export const ISO_CLAUSES: Requirement[] = [
  ...inGroup('4', [
    [
      '4.1',
      'Understanding the organization and its context',
      'Know the internal and external issues that shape the ISMS.',
    ],
    [
      '4.2',
      'Understanding the needs and expectations of interested parties',
      'Know who has a stake in security and what they require.',
    ],
    [
      '4.3',
      'Determining the scope of the information security management system',
      'Write down what the ISMS covers and its boundaries.',
    ],
    ['4.4', 'Information security management system', 'Set up, run, keep and improve the ISMS.'],
  ]),
  ...inGroup('5', [
    ['5.1', 'Leadership and commitment', 'Top management drives and supports the ISMS.'],
    ['5.2', 'Policy', 'Top management issues an information security policy.'],
    [
      '5.3',
      'Organizational roles, responsibilities and authorities',
      'Security roles are assigned and made known.',
    ],
  ]),
  ...inGroup('6', [
    [
      '6.1.1',
      'Actions to address risks and opportunities: general',
      'Plan how the ISMS deals with its risks and opportunities.',
    ],
    [
      '6.1.2',
      'Information security risk assessment',
      'Define and run a repeatable way to find and rate risks.',
    ],
    [
      '6.1.3',
      'Information security risk treatment',
      'Choose treatments, compare with Annex A and keep a Statement of Applicability.',
    ],
    [
      '6.2',
      'Information security objectives and planning to achieve them',
      'Set measurable security objectives and plan how to meet them.',
    ],
    ['6.3', 'Planning of changes', 'Change the ISMS in a planned way.'],
  ]),
  ...inGroup('7', [
    ['7.1', 'Resources', 'Provide what the ISMS needs to work.'],
    ['7.2', 'Competence', 'Make sure the people involved are competent, and keep proof.'],
    ['7.3', 'Awareness', 'Staff know the policy, their part and what non-conformity costs.'],
    ['7.4', 'Communication', 'Decide what to communicate about security, when and to whom.'],
    ['7.5', 'Documented information', 'Create, control and keep the records the ISMS needs.'],
  ]),
  ...inGroup('8', [
    [
      '8.1',
      'Operational planning and control',
      'Plan and control the processes that meet the requirements.',
    ],
    [
      '8.2',
      'Information security risk assessment',
      'Reassess risks at planned intervals and on major change.',
    ],
    [
      '8.3',
      'Information security risk treatment',
      'Carry out the risk treatment plan and keep its results.',
    ],
  ]),
  ...inGroup('9', [
    [
      '9.1',
      'Monitoring, measurement, analysis and evaluation',
      'Measure how well security and the ISMS perform.',
    ],
    ['9.2', 'Internal audit', 'Audit the ISMS internally at planned intervals.'],
    ['9.3', 'Management review', 'Top management reviews the ISMS at planned intervals.'],
  ]),
  ...inGroup('10', [
    ['10.1', 'Continual improvement', 'Keep making the ISMS more suitable and effective.'],
    ['10.2', 'Nonconformity and corrective action', 'Fix nonconformities and remove their causes.'],
  ]),
];
