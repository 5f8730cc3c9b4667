import type { Check } from '../../types.ts';
import { action, FROM_CERTIFICATE, makeFinding } from '../finding.ts';

/** The certificate's notBefore date is still in the future. */
export const tlsNotYetValid: Check = {
  id: 'tls-not-yet-valid',
  title: 'TLS certificate not yet valid',
  appliesTo: (ctx) => Boolean(ctx.service.tls),
  async run(ctx) {
    const tls = ctx.service.tls!;
    if (Date.parse(tls.validFrom) <= Date.now()) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'medium',
        vulnerability_type: 'tls_certificate',
        cvss: 5.3,
        description: `The certificate for ${tls.subject} only becomes valid on ${tls.validFrom}; clients reject it until then.`,
        solution:
          'Check the server clock and the certificate dates; install a currently valid certificate.',
        evidence: `TLS handshake: subject ${tls.subject}, notBefore ${tls.validFrom}`,
        detection: FROM_CERTIFICATE,
        mitigations: [
          action('certificate', 'high', 'Install a currently valid certificate', 20, [
            'Verify the server time (NTP).',
            'Reissue the certificate with a correct start date.',
          ]),
        ],
      }),
    ];
  },
};
