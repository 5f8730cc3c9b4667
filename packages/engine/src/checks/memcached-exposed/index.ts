import type { Check } from '../../types.ts';
import { action, detectedBy, makeFinding } from '../finding.ts';

/** Memcached answers without authentication to anyone who can reach it. */
export const memcachedExposed: Check = {
  id: 'memcached-exposed',
  title: 'Memcached reachable without authentication',
  appliesTo: (ctx) => ctx.service.name === 'memcached',
  async run(ctx) {
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'high',
        vulnerability_type: 'exposed_service',
        cvss: 7.5,
        description:
          'Memcached has no authentication: anyone reaching it can read and overwrite cached data; over UDP it is a well-known DDoS amplifier.',
        solution: `Listen on localhost or a private interface only, disable UDP (-U 0), and firewall port ${ctx.port}.`,
        evidence: `sent: version\nreceived: VERSION ${ctx.service.version ?? ''}`.trim(),
        detection: detectedBy(
          'active_probe',
          'Memcached answered the version command without authentication.',
        ),
        mitigations: [
          action('firewall', 'urgent', 'Restrict Memcached to trusted hosts', 15, [
            `Start memcached with -l 127.0.0.1 -p ${ctx.port} -U 0.`,
            `Block ${ctx.port}/tcp and ${ctx.port}/udp at the firewall.`,
          ]),
        ],
      }),
    ];
  },
};
