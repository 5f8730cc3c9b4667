import {
  ZAcceptInvitationBody,
  ZInvitation,
  ZInvitationParams,
  ZInviteBody,
  ZMemberParams,
  ZMemberRoleBody,
  ZMembers,
  ZMemberships,
  ZSession,
  ZSwitchOrganizationBody,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs, SELF } from '../../plugins/permission-guard.ts';
import { SELF_ACROSS_ORGANIZATIONS } from '../../plugins/tenant-scope.ts';
import { requireSession } from '../api-keys/api-keys.service.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import type { OrganizationService } from './organization.service.ts';

const tags = ['organization'];

type Options = { organization: OrganizationService; sessions: SessionService };

/** Members and invitations of the current organization; the caller's organizations and switch. */
export const organizationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { organization, sessions },
) => {
  app.get(
    '/organization/members',
    { config: needs('organization', 'read'), schema: { tags, response: { 200: ZMembers } } },
    async (request) => organization.members(caller(request)),
  );

  app.post(
    '/organization/invitations',
    {
      config: needs('organization', 'update'),
      schema: { tags, body: ZInviteBody, response: { 201: ZInvitation } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await organization.invite(caller(request), request.body, requestMeta(request))),
  );

  app.post(
    '/organization/invitations/:id/resend',
    { config: needs('organization', 'update'), schema: { tags, params: ZInvitationParams } },
    async (request, reply) => {
      await organization.resend(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/organization/invitations/:id',
    { config: needs('organization', 'update'), schema: { tags, params: ZInvitationParams } },
    async (request, reply) => {
      await organization.revoke(caller(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.patch(
    '/organization/members/:userId',
    {
      config: needs('organization', 'update'),
      schema: { tags, params: ZMemberParams, body: ZMemberRoleBody },
    },
    async (request, reply) => {
      const { userId } = request.params;
      await organization.changeRole(
        caller(request),
        userId,
        request.body.role,
        requestMeta(request),
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/organization/members/:userId',
    { config: needs('organization', 'update'), schema: { tags, params: ZMemberParams } },
    async (request, reply) => {
      await organization.remove(caller(request), request.params.userId, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/organizations',
    { config: SELF, schema: { tags, response: { 200: ZMemberships } } },
    async (request) => ({ organizations: await organization.memberships(caller(request)) }),
  );

  app.post(
    '/organizations/switch',
    {
      config: SELF,
      schema: { tags, body: ZSwitchOrganizationBody, response: { 200: ZSession } },
    },
    async (request) => {
      const auth = caller(request);
      requireSession(auth);
      return sessions.switchOrganization(auth, request.body.organization_id);
    },
  );

  app.post(
    '/invitations/accept',
    {
      config: SELF_ACROSS_ORGANIZATIONS,
      schema: { tags, body: ZAcceptInvitationBody, response: { 200: ZSession } },
    },
    async (request) => {
      const auth = caller(request);
      const joined = await organization.accept(auth, request.body.token, requestMeta(request));
      return sessions.switchOrganization(auth, joined);
    },
  );
};
