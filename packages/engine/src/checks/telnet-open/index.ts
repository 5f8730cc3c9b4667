import type { Check } from '../../types.ts';
import { action, detectedBy, makeFinding } from '../finding.ts';

/** A Telnet service is listening: credentials and sessions cross the network in clear text. */
export const telnetOpen: Check = {
  id: 'telnet-open',
  title: 'Telnet service exposed',
  appliesTo: (ctx) => ctx.service.name === 'telnet',
  async run(ctx) {
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'high',
        vulnerability_type: 'cleartext_protocol',
        cvss: 7.4,
        description:
          'Telnet sends passwords and whole sessions unencrypted; anyone on the path can read or hijack them.',
        solution: 'Replace Telnet with SSH and disable the Telnet service.',
        evidence: `TCP ${ctx.port}: ${ctx.service.banner ?? 'telnet option negotiation'}`,
        detection: detectedBy('active_probe', 'The port answered with Telnet option negotiation.'),
        mitigations: [
          action('disable_service', 'urgent', 'Disable Telnet', 15, [
            'Stop and disable the telnet daemon (systemctl disable --now inetd or telnetd).',
            'Use SSH for remote administration.',
          ]),
        ],
      }),
    ];
  },
};
