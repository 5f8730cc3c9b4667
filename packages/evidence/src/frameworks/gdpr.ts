// GDPR (Regulation (EU) 2016/679): the articles on security and accountability.
import { type Framework, inGroup } from './types.ts';

export const GDPR: Framework = {
  id: 'gdpr',
  name: 'GDPR',
  version: 'Regulation (EU) 2016/679',
  dataVersion: '2026.12.1',
  description:
    'EU regulation on personal data: the principles, controller and processor accountability, security, breach notification and the data protection officer.',
  titleKind: 'official',
  groups: [
    { id: 'II', title: 'Chapter II: Principles' },
    { id: 'IV', title: 'Chapter IV: Controller and processor' },
  ],
  requirements: [
    ...inGroup('II', [
      [
        'Art. 5',
        'Principles relating to processing of personal data',
        'Process personal data lawfully, for set purposes, minimally, accurately, briefly and securely, and be able to show it.',
      ],
    ]),
    ...inGroup('IV', [
      [
        'Art. 24',
        'Responsibility of the controller',
        'The controller puts suitable measures in place and can demonstrate compliance.',
      ],
      [
        'Art. 25',
        'Data protection by design and by default',
        'Build data protection into systems and default to the least data.',
      ],
      [
        'Art. 28',
        'Processor',
        'Use only processors with adequate guarantees, under a binding contract.',
      ],
      [
        'Art. 30',
        'Records of processing activities',
        'Keep a written record of what processing is done and why.',
      ],
      [
        'Art. 32',
        'Security of processing',
        'Protect personal data with measures suited to the risk, such as encryption and tested recovery.',
      ],
      [
        'Art. 33',
        'Notification of a personal data breach to the supervisory authority',
        'Tell the authority of a breach without undue delay, within 72 hours where feasible.',
      ],
      [
        'Art. 34',
        'Communication of a personal data breach to the data subject',
        'Tell affected people of a breach that puts them at high risk.',
      ],
      [
        'Art. 35',
        'Data protection impact assessment',
        'Assess high-risk processing before it starts.',
      ],
      [
        'Art. 36',
        'Prior consultation',
        'Consult the authority when an assessment shows high risk left untreated.',
      ],
      [
        'Art. 37',
        'Designation of the data protection officer',
        'Appoint a data protection officer where the regulation requires one.',
      ],
      [
        'Art. 38',
        'Position of the data protection officer',
        'Involve the DPO properly and keep the DPO independent.',
      ],
      [
        'Art. 39',
        'Tasks of the data protection officer',
        'The DPO advises, monitors compliance and works with the authority.',
      ],
    ]),
  ],
};
