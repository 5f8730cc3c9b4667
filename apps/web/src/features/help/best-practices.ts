import { REST_PROTECTION } from './help-claims';

export const SCANNING_GUIDELINES: readonly string[] = [
  'Get written permission before scanning any network you do not own.',
  'Tell network owners and monitoring teams before you scan, so alerts are expected.',
  'Run intensive scans outside business hours.',
  'Start with discovery, then aim deep scans at the hosts that matter.',
  'Re-scan after every fix to confirm it worked.',
];

export const DATA_SECURITY: readonly string[] = [
  REST_PROTECTION,
  'Give cloud integrations read-only credentials.',
  'Turn on multi-factor authentication in Settings.',
  'Share reports only with people who need them: they map your weaknesses.',
  'Keep results only as long as you need them.',
];
