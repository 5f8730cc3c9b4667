// NIST CSF 2.0, functions DETECT (DE, 11), RESPOND (RS, 13) and RECOVER (RC, 8).
import { inGroup } from '../types.ts';

export const DETECT = [
  ...inGroup('DE.CM', [
    [
      'DE.CM-01',
      'Network monitoring',
      'Networks and network services are watched for adverse events.',
    ],
    ['DE.CM-02', 'Physical environment monitoring', 'The physical environment is watched.'],
    [
      'DE.CM-03',
      'Personnel and usage monitoring',
      'People’s activity and technology use are watched.',
    ],
    ['DE.CM-06', 'Provider monitoring', 'External service providers’ activity is watched.'],
    [
      'DE.CM-09',
      'Computing monitoring',
      'Hardware, software, runtimes and their data are watched.',
    ],
  ]),
  ...inGroup('DE.AE', [
    ['DE.AE-02', 'Event analysis', 'Possibly adverse events are analysed.'],
    ['DE.AE-03', 'Correlation', 'Information from several sources is correlated.'],
    ['DE.AE-04', 'Impact and scope', 'The likely impact and reach of events is understood.'],
    [
      'DE.AE-06',
      'Sharing with staff and tools',
      'Information on adverse events reaches the right people and tools.',
    ],
    [
      'DE.AE-07',
      'Threat context in analysis',
      'Threat intelligence and context feed the analysis.',
    ],
    ['DE.AE-08', 'Incident declaration', 'Incidents are declared when events meet set criteria.'],
  ]),
];

export const RESPOND = [
  ...inGroup('RS.MA', [
    [
      'RS.MA-01',
      'Response plan executed',
      'The response plan runs with third parties once an incident is declared.',
    ],
    ['RS.MA-02', 'Triage', 'Incident reports are triaged and confirmed.'],
    ['RS.MA-03', 'Categorisation', 'Incidents are categorised and prioritised.'],
    ['RS.MA-04', 'Escalation', 'Incidents are escalated when needed.'],
    ['RS.MA-05', 'Recovery criteria', 'Criteria for starting recovery are applied.'],
  ]),
  ...inGroup('RS.AN', [
    ['RS.AN-03', 'Root cause', 'Analysis finds what happened and why.'],
    ['RS.AN-06', 'Investigation records', 'Investigation steps are recorded with integrity kept.'],
    [
      'RS.AN-07',
      'Incident data preserved',
      'Incident data is collected with integrity and provenance kept.',
    ],
    ['RS.AN-08', 'Magnitude', 'How big an incident is gets estimated and confirmed.'],
  ]),
  ...inGroup('RS.CO', [
    ['RS.CO-02', 'Stakeholders notified', 'Inside and outside stakeholders hear of incidents.'],
    ['RS.CO-03', 'Information shared', 'Incident information goes to the designated parties.'],
  ]),
  ...inGroup('RS.MI', [
    ['RS.MI-01', 'Containment', 'Incidents are contained.'],
    ['RS.MI-02', 'Eradication', 'Incidents are eradicated.'],
  ]),
];

export const RECOVER = [
  ...inGroup('RC.RP', [
    ['RC.RP-01', 'Recovery plan executed', 'The recovery part of the plan runs once started.'],
    ['RC.RP-02', 'Recovery actions', 'Recovery actions are chosen, scoped, ranked and done.'],
    ['RC.RP-03', 'Backup integrity', 'Backups are checked as intact before restoring from them.'],
    ['RC.RP-04', 'Post-incident norms', 'Critical functions shape how operations resume.'],
    [
      'RC.RP-05',
      'Restoration verified',
      'Restored systems are checked and normal operation confirmed.',
    ],
    ['RC.RP-06', 'Recovery closed', 'The end of recovery is declared and documented.'],
  ]),
  ...inGroup('RC.CO', [
    ['RC.CO-03', 'Recovery progress shared', 'Recovery progress goes to designated stakeholders.'],
    ['RC.CO-04', 'Public updates', 'Public updates on recovery use approved messages.'],
  ]),
];
