import { checkServerIdentity } from 'node:tls';
import type { Check } from '../../types.ts';
import { action, FROM_CERTIFICATE, makeFinding } from '../finding.ts';

/** The certificate names neither the hostname nor the address the service was reached by. */
export const tlsHostnameMismatch: Check = {
  id: 'tls-hostname-mismatch',
  title: 'TLS certificate hostname mismatch',
  appliesTo: (ctx) => Boolean(ctx.service.tls),
  async run(ctx) {
    const tls = ctx.service.tls!;
    const name = ctx.hostname ?? ctx.host;
    const cn = /(?:^|, )CN=([^,]+)/.exec(tls.subject)?.[1];
    const error = checkServerIdentity(name, {
      subject: { CN: cn ?? '' },
      subjectaltname: tls.sans.join(', '),
    } as never);
    if (!error) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'medium',
        vulnerability_type: 'tls_certificate',
        cvss: 5.9,
        description: `The certificate is for ${tls.sans.join(', ') || cn} but the service was reached as ${name}. Clients will reject the connection.`,
        solution:
          'Install a certificate whose subject alternative names include every name clients use.',
        evidence: `TLS handshake to ${name}: subject ${tls.subject}, SANs ${tls.sans.join(', ') || 'none'}`,
        detection: FROM_CERTIFICATE,
        mitigations: [
          action('certificate', 'high', 'Reissue the certificate with the right names', 30, [
            `Add ${name} to the subject alternative names.`,
            'Install the new certificate and reload.',
          ]),
        ],
      }),
    ];
  },
};
