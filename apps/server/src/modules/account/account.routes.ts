import {
  ZChangePasswordBody,
  ZDeleteAccountBody,
  ZMessage,
  ZSignOutAllBody,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { SELF } from '../../plugins/permission-guard.ts';
import { SELF_ACROSS_ORGANIZATIONS } from '../../plugins/tenant-scope.ts';
import { clearSessionCookies } from '../auth/auth.cookies.ts';
import type { AccountSelfService } from './account.service.ts';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountSelfService;
  secureCookies: boolean;
}> = async (app, { account, secureCookies }) => {
  app.post(
    '/account/password',
    { config: SELF, schema: { tags, body: ZChangePasswordBody, response: { 200: ZMessage } } },
    async (request) => {
      await account.changePassword(caller(request), request.body, requestMeta(request));
      return { message: 'Password updated' };
    },
  );

  app.post(
    '/account/sign-out-all',
    { config: SELF, schema: { tags, body: ZSignOutAllBody, response: { 200: ZMessage } } },
    async (request, reply) => {
      const revokeApiKeys = request.body?.revoke_api_keys === true;
      await account.signOutEverywhere(caller(request), revokeApiKeys, requestMeta(request));
      clearSessionCookies(reply, secureCookies);
      return { message: 'Signed out of all sessions' };
    },
  );

  app.get('/account/export', { config: SELF, schema: { tags } }, async (request, reply) => {
    const data = await account.exportData(caller(request), requestMeta(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="netguard-export-${day}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  app.post(
    '/account/delete',
    {
      config: SELF_ACROSS_ORGANIZATIONS,
      schema: { tags, body: ZDeleteAccountBody, response: { 200: ZMessage } },
    },
    async (request, reply) => {
      await account.deleteAccount(caller(request), request.body.password, requestMeta(request));
      clearSessionCookies(reply, secureCookies);
      return { message: 'Account deleted' };
    },
  );
};
