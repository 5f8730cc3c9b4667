import { negotiatedSuite, WEAK_SUITES } from '../../services/probes/client-hello.ts';
import type { Check } from '../../types.ts';
import { action, detectedBy, endpointOf, makeFinding } from '../finding.ts';

/** The server agrees to a weak cipher suite when the client offers only weak ones. */
export const tlsWeakCipher: Check = {
  id: 'tls-weak-cipher',
  title: 'Weak TLS cipher accepted',
  appliesTo: (ctx) => Boolean(ctx.service.tls),
  async run(ctx) {
    // A hand-built ClientHello: Node's OpenSSL cannot even offer these suites any more.
    const codes = Object.keys(WEAK_SUITES).map(Number);
    const chosen = await negotiatedSuite({ ...endpointOf(ctx), tls: false }, codes);
    if (chosen === null || !WEAK_SUITES[chosen]) return [];
    const cipher = WEAK_SUITES[chosen];
    const protocol = 'TLS 1.2';
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'medium',
        vulnerability_type: 'weak_tls',
        cvss: 5.9,
        description: `The service negotiated ${cipher} over ${protocol} when offered only weak suites. Such ciphers allow decryption (SWEET32, RC4 biases) or offer no protection.`,
        solution: 'Restrict the cipher list to AEAD suites (AES-GCM, ChaCha20-Poly1305).',
        evidence: `ClientHello offering only ${codes.length} weak suites (NULL, EXPORT, anon, DES, 3DES, RC4): ServerHello chose ${cipher} (0x${chosen.toString(16).padStart(4, '0')})`,
        detection: detectedBy(
          'configuration',
          'The server chose a weak suite from a ClientHello offering only weak suites.',
        ),
        mitigations: [
          action('configuration', 'high', 'Remove weak cipher suites', 15, [
            'nginx: ssl_ciphers HIGH:!aNULL:!MD5:!3DES:!RC4;',
            'Prefer TLS 1.3 and AEAD ciphers.',
            'Reload the service.',
          ]),
        ],
      }),
    ];
  },
};
