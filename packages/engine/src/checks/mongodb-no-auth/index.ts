import { mongoCommand } from '../../services/probes/mongodb.ts';
import type { Check } from '../../types.ts';
import { action, detectedBy, endpointOf, makeFinding } from '../finding.ts';

/** listDatabases succeeds without credentials. */
export const mongodbNoAuth: Check = {
  id: 'mongodb-no-auth',
  title: 'MongoDB without authentication',
  appliesTo: (ctx) => ctx.service.name === 'mongodb',
  async run(ctx) {
    const result = await mongoCommand(endpointOf(ctx), {
      listDatabases: 1,
      nameOnly: 1,
      $db: 'admin',
    });
    if (result?.reply.ok !== 1) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'critical',
        vulnerability_type: 'authentication',
        cvss: 9.8,
        description:
          'MongoDB lists its databases to an unauthenticated client: anyone who can reach it can read, change or ransom the data.',
        solution:
          'Enable access control (security.authorization: enabled) and bind to private interfaces.',
        evidence: `sent: {listDatabases: 1} without credentials\nreceived: ok: 1`,
        detection: detectedBy(
          'active_probe',
          'MongoDB ran listDatabases for a client that sent no credentials.',
        ),
        mitigations: [
          action('access_control', 'immediate', 'Enable MongoDB authentication', 30, [
            'Create an admin user.',
            'Set security.authorization: enabled in mongod.conf.',
            'Set net.bindIp to private addresses and restart.',
          ]),
        ],
      }),
    ];
  },
};
