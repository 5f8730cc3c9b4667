import type { Check } from '../../types.ts';
import { action, makeFinding } from '../finding.ts';

/** The Server or X-Powered-By header names a product version. */
export const httpServerVersion: Check = {
  id: 'http-server-version',
  title: 'Web server version disclosed',
  appliesTo: (ctx) => Boolean(ctx.service.http),
  async run(ctx) {
    const headers = ctx.service.http!.headers;
    const disclosed = ['server', 'x-powered-by']
      .filter((name) => /\d+\.\d+/.test(headers[name] ?? ''))
      .map((name) => `${name}: ${headers[name]}`);
    if (disclosed.length === 0) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'low',
        vulnerability_type: 'information_disclosure',
        cvss: 2.7,
        description: `The response headers reveal software versions (${disclosed.join('; ')}), which lets attackers pick matching exploits.`,
        solution: 'Hide version numbers in response headers.',
        evidence: `GET / response headers: ${disclosed.join('; ')}`,
        mitigations: [
          action('configuration', 'low', 'Hide server version', 10, [
            'nginx: server_tokens off;',
            'Apache: ServerTokens Prod and ServerSignature Off',
            'PHP: expose_php = Off',
          ]),
        ],
      }),
    ];
  },
};
