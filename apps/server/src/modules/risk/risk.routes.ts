import {
  ZPriorityQueue,
  ZRiskAssessmentList,
  ZRiskAssessmentRow,
  ZRiskInsights,
  ZRiskRangeQuery,
  ZRiskSummary,
  ZRiskTrend,
  ZVulnerabilityIdParams,
} from '@netguard/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { RiskService } from './risk.service.ts';

const tags = ['risk'];

/** The AI-Powered Risk Scoring page's reads; any signed-in member of the organization. */
export const riskRoutes: FastifyPluginAsyncZod<{ risk: RiskService }> = async (app, { risk }) => {
  app.get(
    '/risk/summary',
    {
      config: needs('dashboard', 'read'),
      schema: { tags, querystring: ZRiskRangeQuery, response: { 200: ZRiskSummary } },
    },
    async (request) => risk.summary(caller(request), request.query.range),
  );

  app.get(
    '/risk/assessments',
    {
      config: needs('dashboard', 'read'),
      schema: { tags, querystring: ZRiskRangeQuery, response: { 200: ZRiskAssessmentList } },
    },
    async (request) => risk.assessments(caller(request), request.query.range),
  );

  app.get(
    '/risk/assessments/:id',
    {
      config: needs('dashboard', 'read'),
      schema: { tags, params: ZVulnerabilityIdParams, response: { 200: ZRiskAssessmentRow } },
    },
    async (request) => risk.assessment(caller(request), request.params.id),
  );

  app.get(
    '/risk/prioritization',
    { config: needs('dashboard', 'read'), schema: { tags, response: { 200: ZPriorityQueue } } },
    async (request) => risk.prioritization(caller(request)),
  );

  app.get(
    '/risk/trends',
    {
      config: needs('dashboard', 'read'),
      schema: { tags, querystring: ZRiskRangeQuery, response: { 200: ZRiskTrend } },
    },
    async (request) => risk.trends(caller(request), request.query.range),
  );

  app.get(
    '/risk/insights',
    {
      config: needs('dashboard', 'read'),
      schema: { tags, querystring: ZRiskRangeQuery, response: { 200: ZRiskInsights } },
    },
    async (request) => risk.insights(caller(request), request.query.range),
  );
};
