import { SETTINGS_TEXT, ZApiSettings, ZNotificationSettings, ZSettings } from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs, SELF } from '../../plugins/permission-guard.ts';
import type { SettingsService } from './settings.service.ts';

const tags = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/settings',
    { config: SELF, schema: { tags, response: { 200: ZSettings } } },
    async (request) => settings.get(caller(request)),
  );

  app.put(
    '/settings/notifications',
    { config: SELF, schema: { tags, body: ZNotificationSettings, response: { 200: ZSettings } } },
    async (request) =>
      settings.updateNotifications(caller(request), request.body, requestMeta(request)),
  );

  app.put(
    '/settings/api',
    {
      config: needs('organization', 'update', SETTINGS_TEXT.apiDenied),
      schema: { tags, body: ZApiSettings, response: { 200: ZSettings } },
    },
    async (request) => settings.updateApi(caller(request), request.body, requestMeta(request)),
  );
};
