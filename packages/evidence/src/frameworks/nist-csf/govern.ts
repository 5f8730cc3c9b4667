// NIST CSF 2.0, function GOVERN (GV): 31 subcategories.
import { inGroup } from '../types.ts';

export const GOVERN = [
  ...inGroup('GV.OC', [
    [
      'GV.OC-01',
      'Mission informs risk management',
      'The mission is understood and steers cyber risk decisions.',
    ],
    [
      'GV.OC-02',
      'Stakeholder expectations',
      'What internal and external stakeholders expect is known.',
    ],
    [
      'GV.OC-03',
      'Legal and contractual obligations',
      'Legal, regulatory and contractual security duties are known and managed.',
    ],
    [
      'GV.OC-04',
      'Services others depend on',
      'Objectives and services that others rely on are known and shared.',
    ],
    [
      'GV.OC-05',
      'Dependencies of the organization',
      'What the organisation itself relies on is known and shared.',
    ],
  ]),
  ...inGroup('GV.RM', [
    [
      'GV.RM-01',
      'Risk management objectives',
      'Risk objectives are set and agreed by stakeholders.',
    ],
    [
      'GV.RM-02',
      'Risk appetite and tolerance',
      'Appetite and tolerance for risk are stated and kept current.',
    ],
    [
      'GV.RM-03',
      'Part of enterprise risk management',
      'Cyber risk work sits inside enterprise risk processes.',
    ],
    ['GV.RM-04', 'Risk response direction', 'Strategic direction for responding to risk is set.'],
    [
      'GV.RM-05',
      'Risk communication lines',
      'Ways to raise cyber risks, including with suppliers, exist.',
    ],
    [
      'GV.RM-06',
      'Standard risk method',
      'Risks are rated, recorded and ranked one consistent way.',
    ],
    ['GV.RM-07', 'Positive risks', 'Opportunities are considered alongside threats.'],
  ]),
  ...inGroup('GV.RR', [
    [
      'GV.RR-01',
      'Leadership accountability',
      'Leaders own cyber risk and build a security-minded culture.',
    ],
    [
      'GV.RR-02',
      'Roles and authorities',
      'Security roles and authorities are set, told and enforced.',
    ],
    ['GV.RR-03', 'Adequate resources', 'Enough resources are given to security work.'],
    ['GV.RR-04', 'Security in HR practices', 'Hiring, training and leaving include security.'],
  ]),
  ...inGroup('GV.PO', [
    [
      'GV.PO-01',
      'Policy established',
      'A security policy is set from context and strategy, told and enforced.',
    ],
    ['GV.PO-02', 'Policy maintained', 'The policy is reviewed and updated as needs change.'],
  ]),
  ...inGroup('GV.OV', [
    [
      'GV.OV-01',
      'Strategy outcomes reviewed',
      'Results of the risk strategy inform changes of direction.',
    ],
    ['GV.OV-02', 'Strategy coverage reviewed', 'The strategy is checked for gaps and adjusted.'],
    [
      'GV.OV-03',
      'Performance evaluated',
      'How well risk management performs is measured and reviewed.',
    ],
  ]),
  ...inGroup('GV.SC', [
    [
      'GV.SC-01',
      'Supply chain programme',
      'A supply chain risk programme with strategy and policy exists.',
    ],
    [
      'GV.SC-02',
      'Supply chain roles',
      'Security roles of suppliers, customers and partners are set.',
    ],
    [
      'GV.SC-03',
      'Supply chain in risk processes',
      'Supply chain risk feeds cyber and enterprise risk work.',
    ],
    ['GV.SC-04', 'Suppliers known and ranked', 'Suppliers are listed and ranked by criticality.'],
    [
      'GV.SC-05',
      'Security in supplier contracts',
      'Contracts state the security suppliers must meet.',
    ],
    ['GV.SC-06', 'Supplier due diligence', 'Suppliers are vetted before a relationship starts.'],
    [
      'GV.SC-07',
      'Supplier risk over time',
      'Supplier risks are tracked for the whole relationship.',
    ],
    [
      'GV.SC-08',
      'Suppliers in incident plans',
      'Key suppliers take part in incident planning and recovery.',
    ],
    [
      'GV.SC-09',
      'Supply chain practices monitored',
      'Supply chain security is built in and watched over product life cycles.',
    ],
    [
      'GV.SC-10',
      'After the relationship ends',
      'Plans cover what happens when a supplier relationship ends.',
    ],
  ]),
];
