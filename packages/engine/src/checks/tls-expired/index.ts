import type { Check } from '../../types.ts';
import { action, FROM_CERTIFICATE, makeFinding } from '../finding.ts';

/** The certificate's notAfter date has passed. */
export const tlsExpired: Check = {
  id: 'tls-expired',
  title: 'Expired TLS certificate',
  appliesTo: (ctx) => Boolean(ctx.service.tls),
  async run(ctx) {
    const tls = ctx.service.tls!;
    if (Date.parse(tls.validTo) > Date.now()) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'high',
        vulnerability_type: 'tls_certificate',
        cvss: 7.4,
        description: `The certificate for ${tls.subject} expired on ${tls.validTo}. Clients will reject it or train users to click through warnings.`,
        solution: 'Renew the certificate and automate renewal (for example with ACME).',
        evidence: `TLS handshake: subject ${tls.subject}, notAfter ${tls.validTo}`,
        detection: FROM_CERTIFICATE,
        mitigations: [
          action('certificate', 'urgent', 'Renew the TLS certificate', 30, [
            'Issue a new certificate for the service name.',
            'Install it and reload the service.',
            'Set up automatic renewal.',
          ]),
        ],
      }),
    ];
  },
};
