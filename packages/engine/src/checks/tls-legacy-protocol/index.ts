import { LEGACY_TLS, tlsHandshake } from '../../services/probes/tls.ts';
import type { Check } from '../../types.ts';
import { action, detectedBy, endpointOf, makeFinding } from '../finding.ts';

/** The server still completes a TLS 1.0 or TLS 1.1 handshake. */
export const tlsLegacyProtocol: Check = {
  id: 'tls-legacy-protocol',
  title: 'TLS 1.0/1.1 accepted',
  appliesTo: (ctx) => Boolean(ctx.service.tls),
  async run(ctx) {
    const accepted: string[] = [];
    for (const version of ['TLSv1', 'TLSv1.1'] as const) {
      const result = await tlsHandshake(endpointOf(ctx), {
        ...LEGACY_TLS,
        minVersion: version,
        maxVersion: version,
      });
      if (result.ok) accepted.push(version === 'TLSv1' ? 'TLS 1.0' : 'TLS 1.1');
    }
    if (accepted.length === 0) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'medium',
        vulnerability_type: 'weak_tls',
        cvss: 5.9,
        description: `The service accepts ${accepted.join(' and ')}, deprecated by RFC 8996 and open to downgrade attacks such as BEAST and POODLE variants.`,
        solution: 'Allow only TLS 1.2 and TLS 1.3.',
        evidence: `ClientHello offering only ${accepted.join(', ')}: handshake completed`,
        detection: detectedBy(
          'configuration',
          'The server completed handshakes offering only the legacy protocol versions.',
        ),
        mitigations: [
          action('configuration', 'high', 'Disable TLS 1.0 and 1.1', 15, [
            'nginx: ssl_protocols TLSv1.2 TLSv1.3;',
            'Apache: SSLProtocol -all +TLSv1.2 +TLSv1.3',
            'Reload the service.',
          ]),
        ],
      }),
    ];
  },
};
