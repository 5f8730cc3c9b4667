import type { Check } from '../../types.ts';
import { action, detectedBy, makeFinding } from '../finding.ts';

/** Redis answered INFO without credentials. */
export const redisNoAuth: Check = {
  id: 'redis-no-auth',
  title: 'Redis without authentication',
  appliesTo: (ctx) => ctx.service.name === 'redis',
  async run(ctx) {
    if (ctx.service.extra?.auth !== 'none') return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'critical',
        vulnerability_type: 'authentication',
        cvss: 9.8,
        description:
          'Redis accepts commands from anyone who can reach it. Attackers read or wipe data and commonly gain code execution (CONFIG SET dir / MODULE LOAD).',
        solution:
          'Require a password or ACL users, bind Redis to localhost or a private interface, and enable protected-mode.',
        evidence: `sent: INFO server\nreceived: ${ctx.service.banner ?? `redis_version:${ctx.service.version}`}`,
        detection: detectedBy('active_probe', 'Redis answered INFO server without AUTH.'),
        mitigations: [
          action('access_control', 'immediate', 'Require authentication on Redis', 15, [
            'Set requirepass or ACL users in redis.conf.',
            'bind 127.0.0.1 and protected-mode yes',
            `Restart Redis and firewall port ${ctx.port}.`,
          ]),
        ],
      }),
    ];
  },
};
