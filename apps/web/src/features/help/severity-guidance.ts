export type SeverityGuidance = {
  severity: 'Critical' | 'High' | 'Medium' | 'Low';
  target: string;
  detail: string;
};

/** How quickly to act on each severity (spec part 2 §9, guide severity targets). */
export const SEVERITY_GUIDANCE: readonly SeverityGuidance[] = [
  {
    severity: 'Critical',
    target: 'Immediate',
    detail: 'Patch or isolate the host now; exploitation is likely.',
  },
  {
    severity: 'High',
    target: '24-48 hours',
    detail: 'Schedule the fix within two days and watch the host meanwhile.',
  },
  {
    severity: 'Medium',
    target: '1 week',
    detail: 'Plan the fix into this week’s work.',
  },
  {
    severity: 'Low',
    target: 'At maintenance',
    detail: 'Fix during the next regular maintenance window.',
  },
];
