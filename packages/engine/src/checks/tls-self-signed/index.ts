import type { Check } from '../../types.ts';
import { action, FROM_CERTIFICATE, makeFinding } from '../finding.ts';

/** The certificate is signed by its own key, so no trusted authority vouches for it. */
export const tlsSelfSigned: Check = {
  id: 'tls-self-signed',
  title: 'Self-signed TLS certificate',
  appliesTo: (ctx) => Boolean(ctx.service.tls),
  async run(ctx) {
    const tls = ctx.service.tls!;
    if (!tls.selfSigned) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'medium',
        vulnerability_type: 'tls_certificate',
        cvss: 5.3,
        description: `The certificate (subject ${tls.subject}) is issued by itself. Clients cannot tell it from an attacker's certificate.`,
        solution:
          'Use a certificate from a public or internal certificate authority that clients trust.',
        evidence: `TLS handshake: subject ${tls.subject}, issuer ${tls.issuer}${tls.authorizationError ? `, verify error ${tls.authorizationError}` : ''}`,
        detection: FROM_CERTIFICATE,
        mitigations: [
          action('certificate', 'medium', 'Replace with a CA-issued certificate', 45, [
            'Request a certificate from your CA.',
            'Install the full chain on the service.',
          ]),
        ],
      }),
    ];
  },
};
