import type { Check } from '../../types.ts';
import { action, detectedBy, makeFinding } from '../finding.ts';

const HEADERS = [
  {
    name: 'content-security-policy',
    label: 'Content-Security-Policy',
    fix: "Content-Security-Policy: default-src 'self'",
  },
  { name: 'x-frame-options', label: 'X-Frame-Options', fix: 'X-Frame-Options: DENY' },
  {
    name: 'x-content-type-options',
    label: 'X-Content-Type-Options',
    fix: 'X-Content-Type-Options: nosniff',
  },
];
const HSTS = {
  name: 'strict-transport-security',
  label: 'Strict-Transport-Security',
  fix: 'Strict-Transport-Security: max-age=31536000; includeSubDomains',
};

/** Security headers missing from the response to GET / (HSTS only counts over HTTPS). */
export const httpSecurityHeaders: Check = {
  id: 'http-security-headers',
  title: 'Missing HTTP security headers',
  appliesTo: (ctx) => Boolean(ctx.service.http),
  async run(ctx) {
    const http = ctx.service.http!;
    const expected = ctx.service.tls ? [HSTS, ...HEADERS] : HEADERS;
    const missing = expected.filter((h) => !(h.name in http.headers));
    if (missing.length === 0) return [];
    const labels = missing.map((h) => h.label);
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: missing.includes(HSTS) ? 'medium' : 'low',
        vulnerability_type: 'misconfiguration',
        cvss: missing.includes(HSTS) ? 4.3 : 3.1,
        description: `The response to GET / lacks ${labels.join(', ')}, leaving browsers without protection against clickjacking, MIME sniffing, content injection or protocol downgrade.`,
        solution: `Send ${labels.join(', ')} on every response.`,
        evidence: `GET / -> HTTP ${http.status}; headers present: ${Object.keys(http.headers).join(', ')}`,
        detection: detectedBy('configuration', 'Read from the headers of the response to GET /.'),
        mitigations: [
          action(
            'configuration',
            'medium',
            'Add the missing security headers',
            20,
            missing.map((h) => `Add "${h.fix}"`),
          ),
        ],
      }),
    ];
  },
};
