import { OPERATOR_SETUP_TEXT, ZOperatorSetupBody, ZOperatorSetupResult } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { SELF } from '../../plugins/permission-guard.ts';
import { appendSecurityEvents } from '../audit/security-events.ts';
import { claimOperatorSetup } from './operator-setup.ts';

/** POST /api/operators/setup: the signed-in person opened the first-operator link. */
export const operatorRoutes: FastifyPluginAsyncZod<{ owner: Executor }> = async (
  app,
  { owner },
) => {
  app.post(
    '/operators/setup',
    {
      config: SELF,
      schema: {
        tags: ['operators'],
        body: ZOperatorSetupBody,
        response: { 200: ZOperatorSetupResult },
      },
    },
    async (request) => {
      const auth = caller(request);
      if (!(await claimOperatorSetup(owner, request.body.token, auth.userId)))
        throw new AppError('not_found', 404, OPERATOR_SETUP_TEXT.invalid);
      const { ip, userAgent } = requestMeta(request);
      await appendSecurityEvents(owner, [
        {
          userId: auth.userId,
          organizationId: auth.organizationId,
          eventType: 'privilege_escalation',
          severity: 'high',
          description: 'Became the deployment operator through the setup link',
          metadata: { kind: 'operator_setup' },
          ipAddress: ip,
          userAgent,
        },
      ]);
      return { operator: true as const };
    },
  );
};
