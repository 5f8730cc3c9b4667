import {
  ZIncident,
  ZIncidentAssignees,
  ZIncidentDetail,
  ZIncidentList,
  ZIncidentListQuery,
  ZIncidentMergeBody,
  ZIncidentNote,
  ZIncidentNoteBody,
  ZIncidentParams,
  ZIncidentPatchBody,
  ZSessionStartBody,
  ZSessionStartResult,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs, SELF } from '../../plugins/permission-guard.ts';
import { requireSession } from '../api-keys/api-keys.service.ts';
import type { IncidentService } from './incidents.service.ts';
import type { SessionMonitor } from './session-monitor.ts';

const tags = ['security'];

type Options = { incidents: IncidentService; monitor: SessionMonitor };

/** Security incidents of the current organization, and the session_start event. */
export const incidentRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { incidents, monitor },
) => {
  app.get(
    '/security/incidents',
    {
      config: needs('incident', 'read'),
      schema: { tags, querystring: ZIncidentListQuery, response: { 200: ZIncidentList } },
    },
    async (request) => ({ incidents: await incidents.list(caller(request), request.query) }),
  );

  app.get(
    '/security/incidents/assignees',
    {
      config: needs('incident', 'read'),
      schema: { tags, response: { 200: ZIncidentAssignees } },
    },
    async (request) => ({ assignees: await incidents.assignees(caller(request)) }),
  );

  app.get(
    '/security/incidents/:id',
    {
      config: needs('incident', 'read'),
      schema: { tags, params: ZIncidentParams, response: { 200: ZIncidentDetail } },
    },
    async (request) => incidents.detail(caller(request), request.params.id),
  );

  app.patch(
    '/security/incidents/:id',
    {
      config: needs('incident', 'update'),
      schema: {
        tags,
        params: ZIncidentParams,
        body: ZIncidentPatchBody,
        response: { 200: ZIncident },
      },
    },
    async (request) => incidents.update(caller(request), request.params.id, request.body),
  );

  app.post(
    '/security/incidents/:id/notes',
    {
      config: needs('incident', 'update'),
      schema: {
        tags,
        params: ZIncidentParams,
        body: ZIncidentNoteBody,
        response: { 201: ZIncidentNote },
      },
    },
    async (request, reply) => {
      const note = await incidents.addNote(caller(request), request.params.id, request.body.text);
      // Returned, not sent: the reply then leaves after the request's transaction commits.
      reply.status(201);
      return note;
    },
  );

  app.post(
    '/security/incidents/merge',
    {
      config: needs('incident', 'update'),
      schema: { tags, body: ZIncidentMergeBody, response: { 200: ZIncident } },
    },
    async (request) => incidents.merge(caller(request), request.body),
  );

  app.post(
    '/security/session-start',
    {
      config: SELF,
      schema: { tags, body: ZSessionStartBody, response: { 200: ZSessionStartResult } },
    },
    async (request) => {
      const auth = caller(request);
      requireSession(auth);
      return monitor.start(auth, request.body, requestMeta(request));
    },
  );
};
